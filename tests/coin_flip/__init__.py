"""A toy game that implements only check and score, with its texts in three languages: what adding a game
takes (docs/adding-a-game.md). It lives in the tests; tests register it with `GAMES[GAME.id] = GAME`, and
tests/test_adding_a_game.py adds it to a copy of the repository as the document says."""

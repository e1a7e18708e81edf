"""A toy game that implements only check and score: what adding a game takes (docs/adding-a-game.md, "Adding a
game"). It lives in the tests, and tests register it with one line (`GAMES[GAME.id] = GAME`)."""

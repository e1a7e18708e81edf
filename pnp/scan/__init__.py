"""What reading any photographed table needs, whatever the game: the photo decoded within its
limits (`photo`), the corner points given checked (`corners`), the kit's scan markers
(`markers`), the board straightened and its grid fitted (`grid`), points and colours sampled
(`sampling`), the light on each place (`light`), robust statistics in log colour (`stats`). A game's package keeps its own board's
reader and calls these; nothing here knows a game."""

"""What reading any photographed table needs, whatever the game: the photo decoded within its
limits (`photo`), the corner points given checked (`corners`), the kit's scan markers
(`markers`), the board straightened and its grid fitted (`grid`), points and colours sampled
(`sampling`), the light on each place (`light`), robust statistics in log colour (`stats`), the
per-place nets run (`net`) and the overlay to check a reading by (`overlay`). A game's package
keeps its own board's reader (its layout, colour models, verdicts and form) and calls these;
nothing here imports a game. docs/scanner.md maps the modules."""

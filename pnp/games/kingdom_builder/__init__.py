"""Kingdom Builder: board sections, transcriptions and end-game scoring."""

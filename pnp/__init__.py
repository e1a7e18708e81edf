"""pnp: print-and-play kits, set-ups and end-game scoring for three board games."""

__version__ = "0.1.0"

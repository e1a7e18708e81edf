"""Synthetic photos of a finished Kingdom Builder board: `flat` (drawn in 2-D with a pinhole
camera, fast), `physical` (path-traced with Mitsuba 3, the `photos` extra) and `cases` (the
benchmark's photos: each seed's board, players and settlements)."""

"""Carolus Magnus: courts, clan control, territories around the circle, castles and merges."""

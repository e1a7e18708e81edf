"""Exports of a kit beyond paper: images for print shops, a Tabletop Simulator table."""

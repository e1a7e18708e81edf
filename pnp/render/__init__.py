"""Rendering the drawing model: SVG, PDF, page imposition, fonts and translated text."""

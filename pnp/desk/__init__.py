"""`pnp desk`: the scoring assistant as a local web page, a thin layer over the game registry."""

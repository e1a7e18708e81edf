"""The `pnp` command line: the only place that parses argv, touches files and prints."""

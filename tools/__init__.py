"""Development tools beside the package, never shipped in the wheel: the photo makers the scanner
is tested and measured on (`tools.photos`) and the training of its per-hex nets
(`tools/train_hexnet.py`). Tests and benchmarks import them as `tools.…`."""

"""Writing YAML that people read and `pnp.yamldoc` reads back to the same values.

Keys keep the order given; lists and mappings of plain values go on one line (`[4, 8]`,
`{key: "1", name: Anna}`) unless `flow` is off, when every value gets a line of its own (so a
problem's line names one value); text of several lines is a `|` block; nothing is wrapped.
"""

from __future__ import annotations

from typing import Any


def quoted(text: str) -> str:
    """One text as a double-quoted YAML scalar, written as it reads (Persian as Persian, not
    `\\u` escapes); only what YAML cannot hold as it is gets escaped."""
    import yaml

    return yaml.dump(text, default_style='"', allow_unicode=True, width=1_000_000).rstrip("\n")


def dumps(data: Any, flow: bool = True) -> str:
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        # PyYAML falls back to a quoted string where a block cannot hold the text exactly.
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value else None)

    _Dumper.add_representer(str, text)
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000,
                     default_flow_style=None if flow else False)

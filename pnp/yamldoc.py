"""YAML documents that remember the line of every value, so problems can name their line.

`load(text, file)` returns plain Python values, except that mappings are `LineDict` and lists
are `LineList`, which carry the 1-based line numbers of their entries.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import InputError, Problem


class LineDict(dict):
    """A mapping that knows the line of itself, of each key and of each value's content."""

    line: int
    key_lines: dict[Any, int]
    value_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    """A list that knows the line of itself and of each item."""

    line: int
    item_lines: list[int]


def load(text: str, file: str) -> Any:
    """Parse one YAML document; a syntax error becomes an InputError naming its line."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        raise InputError([Problem(file, line, f"not valid YAML: {error.problem or error.context}")]) from None
    except yaml.YAMLError as error:
        raise InputError([Problem(file, None, f"not valid YAML: {error}")]) from None
    if node is None:
        return None
    return _convert(node, yaml.SafeLoader(""), file)


def content_line(node: Any) -> int:
    """First line holding a node's content: a block scalar (`|`, `>`) starts below its indicator."""
    extra = 1 if getattr(node, "style", None) in ("|", ">") else 0
    return node.start_mark.line + 1 + extra


def _convert(node: Any, loader: Any, file: str) -> Any:
    import yaml

    if isinstance(node, yaml.MappingNode):
        result = LineDict()
        result.line, result.key_lines, result.value_lines = content_line(node), {}, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, loader, file)
            if isinstance(key, (LineDict, LineList)):
                raise InputError([Problem(file, content_line(key_node), "a key must be a plain word")])
            if key in result:
                raise InputError([Problem(file, content_line(key_node), f"'{key}' is given twice")])
            result[key] = _convert(value_node, loader, file)
            result.key_lines[key] = content_line(key_node)
            result.value_lines[key] = content_line(value_node)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = LineList(_convert(item, loader, file) for item in node.value)
        items.line = content_line(node)
        items.item_lines = [content_line(item) for item in node.value]
        return items
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError as error:
        raise InputError([Problem(file, content_line(node), f"not valid YAML: {error}")]) from None


def read_text(path: Any, file: str) -> str:
    """A file's text, or an InputError saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(file, None, "file not found")]) from None
    except IsADirectoryError:
        raise InputError([Problem(file, None, "is a folder, not a file")]) from None
    except UnicodeDecodeError as error:
        raise InputError([Problem(file, None, f"not UTF-8 text (byte {error.start})")]) from None
    except OSError as error:
        raise InputError([Problem(file, None, f"cannot be read: {error.strerror}")]) from None


class Reader:
    """Base of a transcription reader: collects problems, checks the document's top level."""

    game_id: str
    fields: tuple[str, ...]  # the top-level fields a transcription may have
    required: tuple[str, ...]  # ... and those it must have

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []

    def problem(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(self.file, line, message))

    def document(self, text: str) -> LineDict:
        """The top-level mapping, with unknown, missing and wrong-game fields reported."""
        from pnp.errors import did_you_mean

        data = load(text, self.file)
        if not isinstance(data, LineDict):
            raise InputError([Problem(self.file, None, f"expected a YAML mapping with {', '.join(self.required)}")])
        other = data.get("game")
        if other != self.game_id and other in ("kingdom-builder", "great-wall", "carolus-magnus"):
            # Another game's file: its fields would only add noise.
            raise InputError([Problem(self.file, data.line_of("game"),
                                      f"this is a {other} transcription, not {self.game_id}: use 'pnp score {other}'")])
        for key in data:
            if key not in self.fields:
                self.problem(data.line_of(key), f"unknown field '{key}'{did_you_mean(str(key), self.fields)}")
        for key in self.required:
            if key not in data:
                self.problem(None, f"missing '{key}'")
        if "game" in data and data["game"] != self.game_id:
            self.problem(data.line_of("game"), f"game is '{data['game']}', expected '{self.game_id}'")
        return data

    def finish(self) -> None:
        """Raise every problem found, if any."""
        if self.problems:
            raise InputError(self.problems)

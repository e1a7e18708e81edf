"""YAML documents read safely, remembering the line of every value so problems can name it.

`load(text, file)` returns mappings as `LineDict` and lists as `LineList` (both carry the
1-based lines of their entries), and every scalar as `Text`: the text the user wrote, never
converted by YAML's rules, so `Yes`, `No`, `~` and `1` stay the names they were typed as. The
reader of each format decides what a value means (`integer`, `is_null`, `Reader.name`).

The load is bounded: the C parser when PyYAML has it (about 12x faster), no explicit tags,
aliases that may not refer to themselves nor grow the document past `MAX_VALUES`, nesting at
most `MAX_DEPTH` deep, no control characters, and duplicate keys reported.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Problem, did_you_mean, say

if TYPE_CHECKING:
    import yaml

MAX_DEPTH = 32  # the formats nest 5 deep
MAX_VALUES = 50_000  # values after alias expansion; a transcription holds a few hundred
MAX_NAME = 60  # characters in a name
# Characters no scalar may hold: controls other than tab and newline, lone surrogates (they
# cannot even be printed) and the two non-characters XML refuses.
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_NULLS = ("", "~", "null", "Null", "NULL")
_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")
# Persian (۰-۹) and Arabic-Indic (٠-٩) digits and the Arabic decimal separator, as a player types
# a number in a Persian form or command line: read as the ASCII digits they are.
_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩٫", "01234567890123456789.")


def latin_digits(text: str) -> str:
    """`text` with Persian and Arabic-Indic digits (and «٫») as ASCII digits (and ".")."""
    return text.translate(_DIGITS)


class Text(str):
    """A scalar exactly as written; `plain` is False when it was quoted or a block (`|`, `>`)."""

    plain: bool
    line: int


class LineDict(dict[Any, Any]):  # YAML's values: Text, LineDict, LineList or None
    """A mapping that knows the line of itself, of each key and of each value's content."""

    line: int
    key_lines: dict[Any, int]
    value_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list[Any]):
    """A list that knows the line of itself and of each item."""

    line: int
    item_lines: list[int]


# A transcription as a reader takes it: its text, or the document `load` or `from_data` made of it.
Transcription = str | LineDict


def is_null(value: Any) -> bool:
    """An empty value, or one written `~` or `null` (without quotes)."""
    return value is None or (isinstance(value, Text) and value.plain and value in _NULLS)


def integer(value: Any) -> int | None:
    """The whole number a scalar spells (at most 9 digits, in any of the digits `latin_digits`
    reads), else None."""
    if isinstance(value, str) and _INTEGER.fullmatch(text := latin_digits(value.strip())):
        return int(text)
    return None


def shown(value: Any) -> str:
    """A value as a message quotes it: a scalar in quotes, cut short; never a whole list."""
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, list):
        return "[...]"
    from pnp.escape import terminal

    text = terminal(str(value))
    return f"'{text[:40]}...'" if len(text) > 43 else f"'{text}'"


def load(text: str, file: str) -> Any:
    """Parse one YAML document; every problem becomes an InputError naming its line."""
    import yaml

    builder = _Builder(file)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        for event in yaml.parse(text, Loader=loader):
            builder.add(event)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = error.problem or error.context or "unreadable"
        raise InputError([Problem(file, mark.line + 1 if mark else None, say("problem.yaml.invalid", reason=message))]) from None
    except yaml.YAMLError as error:  # the reader's complaints (bad characters) carry a position
        position = getattr(error, "position", None)
        line = text.count("\n", 0, position) + 1 if isinstance(position, int) else None
        reason = getattr(error, "reason", None) or "unreadable"
        raise InputError([Problem(file, line, say("problem.yaml.invalid", reason=reason))]) from None
    if builder.problems:
        raise InputError(builder.problems)
    return builder.result


def _text(written: str, plain: bool, line: int, file: str, problems: list[Problem]) -> Text:
    """A scalar as written on `line`; a character no file may hold is a problem, and shown as U+FFFD."""
    bad = _FORBIDDEN.search(written)
    if bad:
        point = ord(bad.group())
        kind = "surrogate" if 0xD800 <= point <= 0xDFFF else "non_character" if point > 0xFFFD else "control"
        problems.append(Problem(file, line, say(f"problem.yaml.{kind}", point=f"U+{point:04X}")))
    value = Text(_FORBIDDEN.sub("\ufffd", written))
    value.plain, value.line = plain, line
    return value


def from_data(data: Any, file: str) -> tuple[Any, dict[int, tuple[object, ...]], list[Problem]]:
    """JSON data (a position as the desk's page sends it, within the limits of `MAX_DEPTH` and
    `MAX_VALUES`) as `load` would read the YAML text holding it, read once: each key and list
    item numbered as if on a line of its own, a key's value on its key's line. Returns the
    document, the path (keys and indices) of each number, so that a reader's problems say where
    they are, and the problems of the data itself (characters no file may hold, as `load`'s).
    Strings read as quoted text; numbers and booleans as written plainly; null as `null`."""
    paths: dict[int, tuple[object, ...]] = {}
    problems: list[Problem] = []

    def numbered(path: tuple[object, ...]) -> int:
        paths[len(paths) + 1] = path
        return len(paths)

    def build(value: Any, path: tuple[object, ...], line: int) -> Any:
        if isinstance(value, dict):
            mapping = LineDict()
            mapping.line, mapping.key_lines, mapping.value_lines = line, {}, {}
            for key, item in value.items():
                at = numbered((*path, key))
                name = _text(str(key), False, at, file, problems)
                mapping[name] = build(item, (*path, key), at)
                mapping.key_lines[name] = mapping.value_lines[name] = at
            return mapping
        if isinstance(value, list):
            items = LineList()
            items.line, items.item_lines = line, []
            for index, item in enumerate(value):
                at = numbered((*path, index))
                items.append(build(item, (*path, index), at))
                items.item_lines.append(at)
            return items
        if isinstance(value, str):
            return _text(value, False, line, file, problems)
        written = "null" if value is None else str(value).lower() if isinstance(value, bool) else repr(value)
        return _text(written, True, line, file, problems)

    return build(data, (), numbered(())), paths, problems


def content_line(event: yaml.Event) -> int:
    """First line holding a value's content: a block scalar (`|`, `>`) starts below its indicator.
    0 for an event without a place."""
    if not event.start_mark:
        return 0
    extra = 1 if getattr(event, "style", None) in ("|", ">") else 0
    line: int = event.start_mark.line  # 0-based
    return line + 1 + extra


class _Frame:
    """A mapping or list being built, and the expanded size of what it holds so far."""

    def __init__(self, container: LineDict | LineList, anchor: str | None):
        self.container, self.anchor, self.size = container, anchor, 1
        self.key: Text | None = None  # a mapping's key waiting for its value
        self.key_line = 0
        self.bad_key = False


class _Builder:
    """Turns parser events into LineDict / LineList / Text without recursion, so depth and
    alias expansion are counted as they come."""

    def __init__(self, file: str):
        self.file = file
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, int]] = {}  # name -> (value, expanded size)
        self.open_anchors: set[str] = set()
        self.values = 0
        self.documents = 0
        self.result: Any = None
        self.problems: list[Problem] = []

    def fail(self, line: int, message: str) -> InputError:
        return InputError([Problem(self.file, line, message)])

    def add(self, event: yaml.Event) -> None:
        import yaml

        line = content_line(event)
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.fail(line, say("problem.yaml.documents"))
        elif isinstance(event, yaml.ScalarEvent):
            self.check_tag(event.tag, line, scalar=True)
            self.scalar(event, line)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            self.check_tag(event.tag, line)
            if len(self.stack) >= MAX_DEPTH:
                raise self.fail(line, say("problem.yaml.deep", most=MAX_DEPTH))
            container: LineDict | LineList
            if isinstance(event, yaml.MappingStartEvent):
                container = LineDict()
                container.key_lines, container.value_lines = {}, {}
            else:
                container = LineList()
                container.item_lines = []
            container.line = line
            self.count(1, line)
            if event.anchor:
                self.open_anchors.add(event.anchor)
            self.stack.append(_Frame(container, event.anchor))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = self.stack.pop()
            if frame.anchor:
                self.open_anchors.discard(frame.anchor)
                self.anchors[frame.anchor] = (frame.container, frame.size)
            self.attach(frame.container, frame.container.line, frame.size)
        elif isinstance(event, yaml.AliasEvent) and event.anchor is not None:  # an alias always names its anchor
            self.alias(event.anchor, line)

    def check_tag(self, tag: str | None, line: int, scalar: bool = False) -> None:
        if tag is None or tag == "!" or (scalar and tag == "tag:yaml.org,2002:str"):
            return
        short = tag.replace("tag:yaml.org,2002:", "!!")
        raise self.fail(line, say("problem.yaml.tag", tag=shown(short)))

    def count(self, size: int, line: int) -> None:
        self.values += size
        if self.values > MAX_VALUES:
            raise self.fail(line, say("problem.yaml.values", most=MAX_VALUES))

    def scalar(self, event: Any, line: int) -> None:
        value = _text(event.value, event.style in (None, ""), line, self.file, self.problems)
        self.count(1, line)
        if event.anchor:
            self.anchors[event.anchor] = (value, 1)
        self.attach(value, line, 1)

    def alias(self, name: str, line: int) -> None:
        if name in self.open_anchors:
            raise self.fail(line, say("problem.yaml.alias_loop", alias=f"*{name}"))
        if name not in self.anchors:
            raise self.fail(line, say("problem.yaml.alias_unknown", alias=f"*{name}", anchor=f"&{name}"))
        value, size = self.anchors[name]
        self.count(size, line)
        self.attach(value, line, size)

    def attach(self, value: Any, line: int, size: int) -> None:
        """Put a finished value into the container being built (or make it the document)."""
        if not self.stack:
            self.result = value
            return
        frame = self.stack[-1]
        frame.size += size
        container = frame.container
        if isinstance(container, LineList):
            container.append(value)
            container.item_lines.append(line)
        elif frame.key is None and not frame.bad_key:
            if not isinstance(value, Text):
                self.problems.append(Problem(self.file, line, say("problem.yaml.key")))
                frame.bad_key = True
                return
            frame.key, frame.key_line = value, line
        else:
            key, frame.key = frame.key, None
            if frame.bad_key:
                frame.bad_key = False
            elif key in container:
                self.problems.append(Problem(self.file, frame.key_line, say("problem.yaml.twice", key=shown(key))))
            else:
                container[key] = value
                container.key_lines[key] = frame.key_line
                container.value_lines[key] = line


class Reader:
    """Base of a transcription reader: collects problems, checks the document's top level."""

    game_id: str
    fields: tuple[str, ...]  # the top-level fields a transcription may have
    required: tuple[str, ...]  # ... and those it must have

    def __init__(self, file: str, games: Collection[str] = ()):
        """`games`: the ids of every game, to recognise another game's file at once."""
        self.file = file
        self.games = games
        self.problems: list[Problem] = []

    def problem(self, line: int | None, message: str, at: tuple[int, ...] = ()) -> None:
        """A problem on `line`; `at`: its place on the board that line draws, which orders them."""
        self.problems.append(Problem(self.file, line, message, at))

    def document(self, text: Transcription) -> LineDict:
        """The top-level mapping, with unknown, missing and wrong-game fields reported."""
        data = load(text, self.file) if isinstance(text, str) else text
        if not isinstance(data, LineDict):
            raise InputError([Problem(self.file, None, say("problem.yaml.mapping", fields=list(self.required)))])
        other = data.get("game")
        if isinstance(other, str) and other != self.game_id and other in self.games:
            # Another game's file: its fields would only add noise.
            raise InputError([Problem(self.file, data.line_of("game"),
                                      say("problem.yaml.other_game", other=other, game=self.game_id))])
        for key in data:
            if key not in self.fields:
                self.problem(data.line_of(key), say("problem.yaml.unknown_field", field=shown(key),
                                                    hint=did_you_mean(key, self.fields)))
        for key in self.required:
            if key not in data:
                self.problem(None, say("problem.yaml.missing", field=f"'{key}'"))
        if "game" in data and other != self.game_id:
            self.problem(data.line_of("game"), say("problem.yaml.wrong_game", value=shown(other), game=f"'{self.game_id}'"))
        return data

    def name(self, value: Any, line: int, what: str) -> str | None:
        """A name as typed (one line of text), or None after reporting why it is not one. `what`:
        a field's name, or a `say` message naming what the name is of."""
        if not isinstance(value, Text):
            self.problem(line, say("problem.yaml.name_list" if isinstance(value, list) else "problem.yaml.name_mapping",
                                   what=what))
            return None
        text = value.strip()
        if not text:
            self.problem(line, say("problem.yaml.no_name", what=what))
        elif any(c in text for c in "\n\t\u2028\u2029"):
            self.problem(line, say("problem.yaml.name_lines", what=what, name=shown(text)))
        elif len(text) > MAX_NAME:
            self.problem(line, say("problem.yaml.name_long", what=what, name=shown(text), most=MAX_NAME))
        else:
            return text
        return None

    def finish(self) -> None:
        """Raise every problem found, if any."""
        if self.problems:
            raise InputError(self.problems)

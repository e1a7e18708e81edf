"""The input gate every game reads through: bounded YAML (`pnp.yamldoc`), bounded files and
confined file references (`pnp.inputs`), and escaping (`pnp.escape`). Each row is a kind of
input that once ended in a traceback, a hang or a leak, with the message it now gets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.errors import InputError
from pnp.escape import drawable, terminal
from pnp.inputs import Refused, confined, read_text
from pnp.yamldoc import LineDict, Text, integer, is_null, load


@pytest.fixture(params=["C", "Python"])
def loader(request, monkeypatch):
    """Both of PyYAML's parsers: the C one pnp prefers, and the pure-Python one it falls back to."""
    import yaml

    if request.param == "Python":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without its C parser")


def problems(text: str) -> list[tuple[int | None, str]]:
    with pytest.raises(InputError) as caught:
        load(text, "f.yaml")
    return [(p.line, p.message) for p in caught.value.problems]


LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8))

BAD_YAML = [
    # (what, text, line, message)
    ("float tag", "pool: !!float x\n", 1, "YAML tag '!!float': pnp files use no tags; write the value alone"),
    ("int tag", "pool: !!int x\n", 1, "YAML tag '!!int'"),
    ("bool tag", "a: 1\npool: !!bool x\n", 2, "YAML tag '!!bool'"),
    ("timestamp tag", "pool: !!timestamp x\n", 1, "YAML tag '!!timestamp'"),
    ("python tag", "x: !!python/object:os.system ls\n", 1, "YAML tag '!!python/object:os.system'"),
    ("tag on a list", "x: !!set [a]\n", 1, "YAML tag '!!set'"),
    ("self-referencing alias", "sections: &s [*s]\n", 1, "alias *s refers to the list or mapping it is inside"),
    ("alias without anchor", "a: *nope\n", 1, "alias *nope names no anchor (&nope) above it"),
    # 10^9 values from 9 lines: refused when the count passes the limit, never expanded.
    ("billion laughs", LAUGHS, 5, "more than 50000 values (counting what aliases repeat)"),
    ("nesting 330 deep", "a: " + "[" * 330 + "]" * 330 + "\n", 1, "nested more than 32 deep"),
    ("nesting in mappings", "a: " + "{b: " * 40 + "1" + "}" * 40 + "\n", 1, "nested more than 32 deep"),
    ("escape sequence", 'name: "\\e]0;pwned\\a"\n', 1, "control character U+001B in a value; type plain text"),
    ("NUL", 'name: "a\\0b"\n', 1, "control character U+0000 in a value"),
    ("C1 control", 'name: "a\\x9bb"\n', 1, "control character U+009B in a value"),
    ("duplicate key", "a: 1\nb: 2\na: 3\n", 3, "'a' is given twice"),
    # Keys are the text typed: 1 and "1" are the same name.
    ("number and text key", 'won: {1: [5], "1": [3]}\n', 1, "'1' is given twice"),
    ("complex key", "? [a, b]\n: c\n", 1, "a key must be a plain word, not a list or mapping"),
    ("two documents", "a: 1\n---\nb: 2\n", 2, "holds more than one YAML document"),
    ("syntax", "a: [1, 2\n", 2, "not valid YAML"),
    # The C parser refuses a lone surrogate escape itself; the Python one lets it through to us.
    ("non-character", 'name: "\\uffff"\n', 1, "non-character U+FFFF in a value; type plain text"),
    ("raw control character", "a: 1\nname: a\x1bb\n", 2, "not valid YAML"),
]


@pytest.mark.parametrize("what, text, line, message", BAD_YAML, ids=[row[0] for row in BAD_YAML])
def test_bad_yaml_is_one_line_naming_the_problem(loader, what, text, line, message):
    found = problems(text)
    assert any(l == line and message in m for l, m in found), found


def test_a_lone_surrogate_never_reaches_a_printer(loader):
    # It could not be printed (UnicodeEncodeError); the C parser refuses it, the Python one passes it to us.
    assert problems('name: "\\ud83d"\n') in ([(1, "not valid YAML: found invalid Unicode character escape code")],
                                             [(1, "lone surrogate U+D83D in a value; type plain text")])


def test_scalars_stay_the_text_typed(loader):
    # YAML 1.1 would read Yes/No as booleans, ~ as null and 1 as a number; names stay names.
    data = load("players: [Yes, No, ~, 1, 0x10, 1e3, '07']\n", "f.yaml")
    assert data["players"] == ["Yes", "No", "~", "1", "0x10", "1e3", "07"]
    assert all(isinstance(v, Text) for v in data["players"])
    assert [v.plain for v in data["players"]] == [True] * 6 + [False]


def test_meaning_is_given_by_the_reader():
    data = load("a: ~\nb:\nc: '~'\nd: 12\ne: '12'\nf: 1e3\ng: " + "9" * 4301 + "\n", "f.yaml")
    assert is_null(data["a"]) and is_null(data["b"]) and not is_null(data["c"])  # a quoted ~ is a name
    assert integer(data["d"]) == 12 and integer(data["e"]) == 12
    assert integer(data["f"]) is None and integer(data["g"]) is None  # 4,301 digits: no number pnp needs


def test_lines_of_keys_values_and_items():
    data = load("a: 1\nb:\n  - x\n  - y\nc: |\n  text\n", "f.yaml")
    assert isinstance(data, LineDict) and data.line_of("b") == 2 and data["b"].item_lines == [3, 4]
    assert data.value_lines["c"] == 6  # a block scalar's content starts below its indicator


def test_an_alias_is_shared_not_copied():
    data = load("a: &x [1, 2]\nb: *x\n", "f.yaml")
    assert data["a"] is data["b"]


def test_large_documents_load_quickly_enough_to_be_refused():
    # 20,000 sections of 4 values each: the value limit is met long before the end.
    text = "sections:\n" + "  - {tokens: [1, 2], cards: []}\n" * 20000
    assert any("more than 50000 values" in m for _, m in problems(text))


def test_read_text_is_bounded_and_refuses_devices(tmp_path):
    for device in ("/dev/zero", "/dev/null", "/dev/urandom"):
        with pytest.raises(InputError, match="not a regular file"):
            read_text(Path(device), device)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * 1_000_001)
    with pytest.raises(InputError, match="larger than 1 MB"):
        read_text(big, "big.yaml")
    with pytest.raises(InputError, match="is a folder"):
        read_text(tmp_path, "folder")
    with pytest.raises(InputError, match="file not found"):
        read_text(tmp_path / "nope", "nope")
    with pytest.raises(InputError, match="not UTF-8 text"):
        (tmp_path / "latin.yaml").write_bytes(b"name: \xe9\n")
        read_text(tmp_path / "latin.yaml", "latin.yaml")


def test_a_fifo_nobody_writes_to_reads_as_empty_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_text(fifo, "fifo") == ""  # no hang: O_NONBLOCK open, no writer means end of file
    with pytest.raises(InputError, match="not a regular file"):
        read_text(fifo, "fifo", regular_only=True)


def test_confined_references(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "ok.txt").write_text("x")
    (tmp_path / "out.txt").write_text("x")
    os.symlink(tmp_path / "out.txt", tmp_path / "in" / "link-out.txt")
    os.symlink("ok.txt", tmp_path / "in" / "link-in.txt")
    folder = tmp_path / "in"
    assert confined("ok.txt", folder, [folder]) == (folder / "ok.txt").resolve()
    assert confined("link-in.txt", folder, [folder]) == (folder / "ok.txt").resolve()
    for reference, message in [("/etc/passwd", "absolute path"), ("../out.txt", "'..'"), ("a/../../x", "'..'"),
                               ("link-out.txt", "leads out"), ("a\x00b", "NUL"), ("a" * 300, "longer than 200"),
                               ("C:\\x.txt", "absolute path")]:
        with pytest.raises(Refused, match=message):
            confined(reference, folder, [folder])
    # A link out of the transcription's folder into --boards-dir is inside what the user chose.
    assert confined("link-out.txt", folder, [folder, tmp_path]) == (tmp_path / "out.txt").resolve()
    with pytest.raises(FileNotFoundError):
        confined("missing.txt", folder, [folder])


def test_escaping():
    assert terminal("a\x1b]0;x\x07b\nc\u2028") == "a\\x1b]0;x\\x07b\\nc\\u2028"
    assert terminal(terminal("a\x1bb")) == terminal("a\x1bb")  # applying it twice changes nothing
    assert terminal("Анна ‌زهرا") == "Анна ‌زهرا"  # letters and the Persian zero-width non-joiner stay
    assert drawable("a\x1bb\ud83d\ufffe\tc") == "a\ufffdb\ufffd\ufffd\tc"


def test_svg_and_pdf_text_hold_no_character_xml_forbids():
    # A control character or lone surrogate that got this far would make the SVG not
    # well-formed and stop reportlab: both backends replace it.
    import xml.etree.ElementTree as ElementTree

    from pnp.draw import Drawing, Text
    from pnp.render import pdf, svg

    page = Drawing("p", 100, 40, (Text(5, 5, 90, 30, 'A\x1b]0;x\x07 <b>&"\ud83d', 12),))
    root = ElementTree.fromstring(svg.render(page))  # text is drawn as glyphs; its words are the label
    labels = [element.get("aria-label") for element in root.iter() if element.get("aria-label")]
    assert labels == ['A\ufffd]0;x\ufffd <b>&"\ufffd']
    assert pdf.render([page], "t").startswith(b"%PDF")


def _plain(value: object) -> object:
    """A loaded document as plain data, each scalar with whether it reads as empty (the one
    thing how it was written decides: `is_null`)."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return (str(value), is_null(value)) if isinstance(value, Text) else value


@pytest.mark.parametrize("example", sorted((Path(__file__).resolve().parents[1] / "boards" / "examples").glob("*.yaml")),
                         ids=lambda path: path.name)
def test_data_reads_as_the_yaml_text_holding_it_would(example):
    # The desk reads a page's JSON straight into the document a reader takes: the same values as
    # `load` finds in the YAML the data dumps to, empty where they are, every number's path the
    # way to its value.
    import yaml

    from pnp import yamlout
    from pnp.yamldoc import from_data

    data = yaml.safe_load(example.read_text())
    tree, paths, problems = from_data(data, "page")
    assert problems == [] and _plain(tree) == _plain(load(yamlout.dumps(data, flow=False), "page"))

    def walk(value, path):
        if isinstance(value, LineDict):
            for key, item in value.items():
                assert paths[value.key_lines[key]] == (*path, key)
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, (item, line) in enumerate(zip(value, value.item_lines)):
                assert paths[line] == (*path, index)
                walk(item, (*path, index))
        else:
            assert paths[value.line] == path

    walk(tree, ())


@pytest.mark.parametrize("value, written, plain", [
    ("7", "7", False), (7, "7", True), (None, "null", True), ("null", "null", False), (True, "true", True),
    (1.5, "1.5", True), ("a\nb", "a\nb", False)])
def test_a_data_scalar_is_text_written_plainly_or_quoted(value, written, plain):
    # As yamlout.dumps writes it: a string is quoted where YAML would read it as something else
    # ("7", "null"), so only a JSON number, boolean or null counts as written plainly.
    from pnp.yamldoc import from_data

    tree, paths, _ = from_data({"x": value}, "page")
    assert (str(tree["x"]), tree["x"].plain, paths[tree["x"].line]) == (written, plain, ("x",))
    assert is_null(tree["x"]) == (value is None)


def test_a_character_no_file_holds_is_a_problem_at_its_path():
    from pnp.yamldoc import from_data

    tree, paths, problems = from_data({"players": [{"name": "An\x07na"}]}, "page")
    assert [(paths[p.line], p.message) for p in problems] == [(("players", 0, "name"), "control character U+0007 in a value; type plain text")]
    assert tree["players"][0]["name"] == "An\ufffdna"

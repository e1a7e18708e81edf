"""Shared code knows no game: no module of the scanner, the desk, the command line, the exports or
the renderers imports a game's package; they reach a game through the registry (`pnp.games`,
`pnp.games.base`). Read from the source (every import statement, those inside functions too), so
an import made only on some path still counts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parents[1] / "pnp"
SHARED = ("scan", "desk", "cli", "export", "render")
GAME_PACKAGES = sorted(path.parent.name for path in (PNP / "games").glob("*/__init__.py"))


def imported(text: str, package: str) -> set[str]:
    """The modules a module of `package` whose source is `text` imports, by their full names
    (`from a import b` counts as `a.b` too: b may be a module)."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from `package`, `level` - 1 packages up
                parts = package.split(".")
                base = ".".join([*parts[:len(parts) - node.level + 1], *([base] if base else [])])
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def game_modules(names: set[str]) -> list[str]:
    return sorted(name for name in names
                  if any(name == f"pnp.games.{game}" or name.startswith(f"pnp.games.{game}.") for game in GAME_PACKAGES))


def test_the_game_packages_are_found():
    # The games of the registry (pnp/games/__init__.py), each a package.
    from pnp.games import PACKAGES

    assert GAME_PACKAGES == sorted(PACKAGES) and "kingdom_builder" in GAME_PACKAGES


@pytest.mark.parametrize("folder", SHARED)
def test_shared_code_imports_no_game_package(folder):
    files = sorted((PNP / folder).rglob("*.py"))
    assert files  # the folder is there and holds modules
    found = {}
    for path in files:
        package = ".".join(path.relative_to(PNP.parent).parts[:-1])
        if names := game_modules(imported(path.read_text(encoding="utf-8"), package)):
            found[str(path.relative_to(PNP.parent))] = names
    assert found == {}


@pytest.mark.parametrize("text, names", [
    ("from pnp.games.kingdom_builder.model import ROWS\n",
     ["pnp.games.kingdom_builder.model", "pnp.games.kingdom_builder.model.ROWS"]),
    ("import pnp.games.great_wall.rules\n", ["pnp.games.great_wall.rules"]),
    ("from pnp.games import carolus_magnus\n", ["pnp.games.carolus_magnus"]),
    ("def f():\n    from ..games.kingdom_builder import scan\n", ["pnp.games.kingdom_builder", "pnp.games.kingdom_builder.scan"]),
    ("from pnp.games.base import PhotoReader\nfrom pnp.games import GAMES\nimport pnp.scan.photo\n", []),
])
def test_every_way_of_importing_a_game_module_is_seen(text, names):
    # As if in pnp/scan/: `..` is pnp. The registry and its protocols are no game's.
    assert game_modules(imported(text, "pnp.scan")) == names


def literals(text: str) -> list[tuple[int, str]]:
    """A module's strings as its code uses them (line, text), its docstrings left out: what
    it says of a game in prose is no behaviour of it."""
    tree = ast.parse(text)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_shared_code_names_no_game():
    # What a game has (its options' flags, its board's folder, its help, its table layout) comes
    # from its package through the registry: no string of shared code names one. Before:
    # `setup_file` spelt `--setup`, the desk's `corners`, the export's "section-" tiles.
    from pnp.games import GAMES, PACKAGES

    words = {word.lower() for game in GAMES.values() for word in (game.id, game.name)} | set(PACKAGES)
    files = [path for folder in SHARED for path in (PNP / folder).rglob("*.py")] + list(PNP.glob("*.py"))
    found = [f"{path.relative_to(PNP.parent)}:{line}: {text!r}" for path in sorted(files)
             for line, text in literals(path.read_text(encoding="utf-8")) if any(word in text.lower() for word in words)]
    assert files and found == []


def test_a_game_named_in_a_string_is_seen():
    text = '"""Kingdom Builder in a docstring is prose."""\nFLAGS = {"setup_file": "--setup"}\nGAME = "great-wall"\n'
    assert sorted(literals(text)) == [(2, "--setup"), (2, "setup_file"), (3, "great-wall")]

"""Mutation testing of the three rules engines: small plausible bugs, one at a time, each run
against that game's rules tests; a mutant the tests do not kill is listed as a survivor.

    python tests/mutation/run.py [great_wall carolus_magnus kingdom_builder] [--list] [--only N ...]

Mutations (on the syntax tree of pnp/games/<game>/rules.py): comparison flips (< <=, > >=,
== !=, in / not in, is / is not), integer constants off by one (n+1, n-1), `len(x)` ->
`len(x) - 1`, and / or, + / -, `not x` -> `x`, max / min, any / all, True / False, and a
returned value replaced by None.
Each mutant runs in a scratch copy of the repository, so the working tree is never changed;
the tests stop at the first failure (`-x`) and a run over 10x the clean run's time counts as
killed (a hang). Survivors that no outcome can tell apart from the original are listed, with
why, in docs/development.md.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = {
    "carolus_magnus": ("tests/carolus_magnus/test_rules.py", "tests/carolus_magnus/test_transcription.py"),
    "great_wall": ("tests/great_wall/test_rules.py", "tests/great_wall/test_transcription.py"),
    "kingdom_builder": ("tests/kingdom_builder/test_rules.py", "tests/kingdom_builder/test_properties.py"),
}
FLIPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.And: ast.Or, ast.Or: ast.And, ast.Add: ast.Sub, ast.Sub: ast.Add,
}
NAMES = {"max": "min", "min": "max", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutant:
    number: int
    line: int
    what: str
    source: str  # the whole mutated module


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """Every node a mutation applies to, with a description of the change, in source order.
    Annotations, decorators and default values of dataclass fields are not rules, so are left out."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AnnAssign, ast.arg)):
            for part in (getattr(node, "returns", None), getattr(node, "annotation", None),
                         getattr(node, "value", None) if isinstance(node, ast.AnnAssign) else None,
                         *getattr(node, "decorator_list", ())):
                if part is not None:
                    skip.update(id(n) for n in ast.walk(part))
    nodes = sorted((n for n in ast.walk(tree) if hasattr(n, "lineno")), key=lambda n: (n.lineno, n.col_offset))
    for node in nodes:
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIPS:
                    yield node, f"compare:{i}:{type(op).__name__}->{FLIPS[type(op)].__name__}"
        elif isinstance(node, (ast.BoolOp, ast.BinOp)) and type(node.op) in FLIPS:
            yield node, f"op:{type(node.op).__name__}->{FLIPS[type(node.op)].__name__}"
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "drop not"
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, f"const:{node.value}->{node.value + 1}"
            yield node, f"const:{node.value}->{node.value - 1}"
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield node, f"const:{node.value}->{not node.value}"
        elif isinstance(node, ast.Name) and node.id in NAMES and isinstance(node.ctx, ast.Load):
            yield node, f"name:{node.id}->{NAMES[node.id]}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
            yield node, "len(x) -> len(x) - 1"
        elif isinstance(node, ast.Return) and node.value is not None and not isinstance(node.value, ast.Constant):
            yield node, "return None"


def _apply(node: ast.AST, what: str) -> ast.AST | None:
    """The node changed as `what` says; None for a node to drop `not` from (replaced by its operand)."""
    kind, _, rest = what.partition(":")
    if kind == "compare":
        index = int(rest.split(":", 1)[0])
        node.ops[index] = FLIPS[type(node.ops[index])]()  # type: ignore[attr-defined]
    elif kind == "op":
        node.op = FLIPS[type(node.op)]()  # type: ignore[attr-defined]
    elif kind == "const":
        value = rest.split("->")[1]
        node.value = value == "True" if value in ("True", "False") else int(value)  # type: ignore[attr-defined]
    elif kind == "name":
        node.id = NAMES[node.id]  # type: ignore[attr-defined]
    elif what == "return None":
        node.value = ast.Constant(None)  # type: ignore[attr-defined]
    elif what == "drop not":
        return node.operand  # type: ignore[attr-defined]
    elif kind.startswith("len"):
        return ast.BinOp(node, ast.Sub(), ast.Constant(1))
    return node


def mutants(source: str) -> list[Mutant]:
    tree = ast.parse(source)
    found = []
    for number, (site, what) in enumerate(_sites(tree), 1):
        path = _path_to(tree, site)
        mutated = copy.deepcopy(tree)
        target = _follow(mutated, path)
        replacement = _apply(target, what)
        if replacement is not target:
            _replace(mutated, target, replacement)
        found.append(Mutant(number, site.lineno, what, ast.unparse(mutated)))  # type: ignore[attr-defined]
    return found


def _path_to(tree: ast.AST, target: ast.AST) -> list[tuple[str, int | None]]:
    """The field names (and list indices) leading from the tree's root to `target`."""
    def walk(node: ast.AST, path: list[tuple[str, int | None]]) -> list[tuple[str, int | None]] | None:
        if node is target:
            return path
        for field, value in ast.iter_fields(node):
            items = value if isinstance(value, list) else [value]
            for i, item in enumerate(items):
                if isinstance(item, ast.AST):
                    found = walk(item, [*path, (field, i if isinstance(value, list) else None)])
                    if found is not None:
                        return found
        return None
    found = walk(tree, [])
    assert found is not None
    return found


def _follow(tree: ast.AST, path: list[tuple[str, int | None]]) -> ast.AST:
    node = tree
    for field, index in path:
        node = getattr(node, field) if index is None else getattr(node, field)[index]
    return node


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST | None) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(item is old for item in value):
                value[[item is old for item in value].index(True)] = new
                return


def _run(scratch: Path, tests: tuple[str, ...], timeout: float) -> tuple[bool, float]:
    """Whether the tests pass in the scratch copy, and how long they took."""
    env = {**os.environ, "PYTHONPATH": str(scratch)}
    start = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:xdist", "-p", "no:cacheprovider",
                               "-x", "-q", *tests], cwd=scratch, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, timeout
    return done.returncode == 0, time.monotonic() - start


def _scratch() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="pnp-mutation-"))
    ignore = shutil.ignore_patterns("__pycache__", ".hypothesis", "*.pyc")
    for part in ("pnp", "tests", "boards", "templates"):
        shutil.copytree(ROOT / part, folder / part, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--list", action="store_true", help="only list the mutants")
    parser.add_argument("--only", type=int, nargs="*", help="run only these mutant numbers")
    args = parser.parse_args()
    scratch = _scratch()
    survivors = 0
    try:
        for game in args.games:
            relative = Path("pnp/games") / game / "rules.py"
            original = (ROOT / relative).read_text(encoding="utf-8")
            lines = original.splitlines()
            found = [m for m in mutants(original) if not args.only or m.number in args.only]
            if args.list:
                for m in found:
                    print(f"{game} #{m.number} line {m.line}: {m.what}  | {lines[m.line - 1].strip()}")
                continue
            tests = GAMES[game]
            clean, took = _run(scratch, tests, 600)
            if not clean:
                print(f"{game}: the tests fail without any mutation; fix them first")
                return 2
            print(f"{game}: {len(found)} mutants, clean run {took:.1f} s", flush=True)
            target, cache = scratch / relative, scratch / relative.parent / "__pycache__"
            alive = []
            for m in found:
                target.write_text(m.source, encoding="utf-8")
                shutil.rmtree(cache, ignore_errors=True)  # a stale .pyc of the same size and second
                passed, _ = _run(scratch, tests, max(30.0, 10 * took))
                if passed:
                    alive.append(m)
                    print(f"  SURVIVED #{m.number} line {m.line}: {m.what}  | {lines[m.line - 1].strip()}", flush=True)
            target.write_text(original, encoding="utf-8")
            shutil.rmtree(cache, ignore_errors=True)
            survivors += len(alive)
            print(f"{game}: {len(found) - len(alive)} of {len(found)} killed, {len(alive)} survived", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())

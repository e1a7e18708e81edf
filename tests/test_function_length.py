"""No function in the package runs over 80 lines (decorators and docstring included): a longer
one is split into parts with names that say what each does."""

from __future__ import annotations

import ast
from pathlib import Path

PNP = Path(__file__).resolve().parents[1] / "pnp"
LIMIT = 80


def long_functions(text: str, name: str) -> list[str]:
    """`name:line function (N lines)` for each function of `text` longer than LIMIT lines,
    nested ones and methods included."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > LIMIT:
                found.append(f"{name}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_the_count_sees_a_long_method_and_spares_one_at_the_limit():
    # A method of 1 + 80 body lines is 81 lines long; one of 1 + 79 is exactly 80.
    body = "\n".join(f"        x{i} = {i}" for i in range(80))
    at_limit = "\n".join(f"        x{i} = {i}" for i in range(79))
    assert long_functions(f"class A:\n    def long(self):\n{body}\n", "a.py") == ["a.py:2 long (81 lines)"]
    assert long_functions(f"class A:\n    def short(self):\n{at_limit}\n", "a.py") == []


def test_no_function_runs_over_80_lines():
    found = [line for path in sorted(PNP.rglob("*.py"))
             for line in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(PNP.parent)))]
    assert not found, "split these functions:\n" + "\n".join(found)

"""`mypy --strict` holds on the whole `pnp` package, imports followed (`[tool.mypy]` in
pyproject.toml; the stubs of libraries that ship no types are in stubs/): any error fails."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_whole_package_type_checks_strictly():
    found = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr

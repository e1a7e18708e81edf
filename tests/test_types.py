"""`mypy --strict` holds on the game protocol, the command line and the desk (the files
`[tool.mypy]` in pyproject.toml names): the calls between them are typed, not `Any`."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_protocol_the_cli_and_the_desk_type_check_strictly():
    found = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr

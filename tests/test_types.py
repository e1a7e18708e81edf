"""`mypy --strict` holds on the whole `pnp` package, imports followed (`[tool.mypy]` in
pyproject.toml): any error fails. The stubs in stubs/ of libraries that ship no types say what
those libraries really take and give: mypy's stubtest compares them with the installed ones."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUBBED = ["uharfbuzz", "bidi", "svgwrite", "pypdfium2"]  # every package in stubs/


def test_the_whole_package_type_checks_strictly():
    found = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stdout + found.stderr


def test_the_stubs_agree_with_the_installed_libraries():
    assert sorted(STUBBED) == sorted(p.name for p in (ROOT / "stubs").iterdir() if p.is_dir())
    # Only what the package calls is stubbed (--ignore-missing-stub); the allowlist names the
    # few names the libraries make at run time or the package never calls.
    found = subprocess.run([sys.executable, "-m", "mypy.stubtest", *STUBBED, "--ignore-missing-stub",
                            "--allowlist", "stubs/stubtest-allowlist.txt"], cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, "MYPYPATH": str(ROOT / "stubs")})
    assert found.returncode == 0, found.stdout + found.stderr

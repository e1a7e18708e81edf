"""The test suite run again and again on a busy machine, to find the tests that fail only now and then.

Runs `python -m pytest` (with the project's `-n auto`) RUNS times in a row while BURNERS processes
each keep a core busy, as other work on a shared machine does, and prints for each run how many
tests passed and failed, how long it took, and the names of the tests that failed. The burners
are stopped at the end, however it ends (they also stop by themselves if this script is killed).
Each run's whole output is kept in a log file, named on its line.

Run: python tests/benchmarks/soak.py [--runs 10] [--burners 2] [PYTEST ARGS...]
e.g. python tests/benchmarks/soak.py --runs 2 tests/desk     (pytest's own options after `--`)
Exit status: 0 when every run passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A core kept busy until stopped, or until this script is gone (its parent changes).
BURN = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(10**6): pass"
COUNTS = re.compile(r"(\d+) (passed|failed|errors?)\b")


def run(number: int, pytest_args: list[str], logs: Path) -> bool:
    """One run of the suite: its line printed; whether it passed."""
    log = logs / f"run-{number}.log"
    start = time.monotonic()
    with log.open("w") as out:
        done = subprocess.run([sys.executable, "-m", "pytest", "-rfE", *pytest_args], cwd=ROOT, stdout=out,
                              stderr=subprocess.STDOUT)
    wall = time.monotonic() - start
    text = log.read_text(errors="replace")
    counts = {"passed": 0, "failed": 0, "error": 0}
    for count, kind in COUNTS.findall(text.strip().splitlines()[-1] if text.strip() else ""):  # pytest's last line
        counts[kind.rstrip("s") if kind.startswith("error") else kind] += int(count)
    failing = sorted({line.split(" - ")[0].split(" ", 1)[1] for line in text.splitlines() if line.startswith(("FAILED ", "ERROR "))})
    print(f"run {number}: {counts['passed']} passed, {counts['failed']} failed, {counts['error']} errors, "
          f"{wall:.0f} s, exit {done.returncode}, log {log}", flush=True)
    for name in failing:
        print(f"    {name}", flush=True)
    return done.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=10, help="how many times to run the suite (10)")
    parser.add_argument("--burners", type=int, default=2, help="how many CPU-bound processes run beside it (2)")
    args, pytest_args = parser.parse_known_args()
    if args.runs < 1 or args.burners < 0:
        parser.error("--runs must be 1 or more and --burners 0 or more")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # killed: the burners are still stopped
    logs = Path(tempfile.mkdtemp(prefix="soak-"))
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(args.burners)]
    try:
        passed = [run(number, [a for a in pytest_args if a != "--"], logs) for number in range(1, args.runs + 1)]
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    print(f"{passed.count(True)} of {args.runs} runs passed with {args.burners} burners beside them")
    return 0 if all(passed) else 1


if __name__ == "__main__":
    sys.exit(main())

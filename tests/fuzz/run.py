"""Fuzz pnp's `check` and `score` with mutated transcriptions of all three games, and report
tracebacks, hangs, the slowest input and the peak memory.

    python tests/fuzz/run.py [--count 10000] [--seed 1] [--timeout 10] [--save DIR]

Each input runs in a forked child of a process that has already loaded pnp, so an input costs
what pnp's own work costs; the child gets a memory ceiling (2 GB of address space) and is
killed after --timeout seconds (a hang). Time is the child's wall time from fork to exit for
both commands; memory is the child's peak resident set, which includes the ~60 MB of the loaded
interpreter. Inputs that fail are saved to --save with what went wrong.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from typer.testing import CliRunner  # noqa: E402

from pnp.cli.app import app  # noqa: E402
from tests.fuzz.mutate import BASES, cases, commands, prepare_folder  # noqa: E402

MEMORY_CEILING = 2 << 30
CRASHED, TIMED_OUT = 3, 4


def _child(args_list: list[list[str]], report: Path, timeout: float) -> None:
    """Run the commands; exit 0 if each ended with a result or problems, else say what."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CEILING, MEMORY_CEILING))
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    signal.alarm(int(timeout))  # the default action ends the child: a hang
    runner = CliRunner()
    codes = []
    for args in args_list:
        try:
            result = runner.invoke(app, args)
        except BaseException:  # noqa: BLE001 - the harness itself must report, not die
            report.write_text(f"pnp {' '.join(args)}\n{traceback.format_exc()}")
            os._exit(CRASHED)
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        if crashed or result.exit_code not in (0, 1) or (result.exit_code == 1 and not result.stderr.strip()):
            trace = "".join(traceback.format_exception(result.exception)) if crashed else result.output
            report.write_text(f"pnp {' '.join(args)} -> exit {result.exit_code}\n{trace}")
            os._exit(CRASHED)
        codes.append(str(result.exit_code))
    report.write_text(" ".join(codes))
    os._exit(0)


def _warm_up(folder: Path) -> None:
    """Load every module the commands use before forking, so no child pays for imports."""
    runner = CliRunner()
    for game, texts in BASES.items():
        file = folder / "warm.yaml"
        file.write_text(texts[0], encoding="utf-8")
        for args in (["check", game, str(file)], ["score", game, str(file), "--json"], ["score", game, str(file)]):
            runner.invoke(app, args)
    file = folder / "warm.yaml"
    file.write_text(BASES["kingdom-builder"][0], encoding="utf-8")
    for picture in ("warm.svg", "warm.pdf"):
        runner.invoke(app, ["score", "kingdom-builder", str(file), "--picture", str(folder / picture), "--force"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--save", type=Path, default=Path(tempfile.gettempdir()) / "pnp-fuzz-failures")
    options = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
    prepare_folder(folder)
    _warm_up(folder)
    base_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rng = random.Random(options.seed + 1)
    crashes, hangs, other = [], [], []
    slowest = (0.0, -1, "")
    peak = (0, -1)
    scored = 0  # inputs whose score ran to a result: the rules engines were reached
    started = time.perf_counter()
    for number, (game, data) in enumerate(cases(options.seed, options.count)):
        file = folder / "input.yaml"
        file.write_bytes(data)
        report = folder / "report.txt"
        report.unlink(missing_ok=True)
        args_list = commands(rng, game, file, folder)
        begin = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            _child(args_list, report, options.timeout)
        _, status, usage = os.wait4(pid, 0)
        took = time.perf_counter() - begin
        if took > slowest[0]:
            slowest = (took, number, game)
        if usage.ru_maxrss > peak[0]:
            peak = (usage.ru_maxrss, number)
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGALRM:
            hangs.append(number)
            outcome = f"hangs (over {options.timeout:g} s)"
        elif os.WIFEXITED(status) and os.WEXITSTATUS(status) == CRASHED:
            crashes.append(number)
            outcome = report.read_text()
        elif not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
            other.append(number)
            outcome = f"child ended with status {status}"
        else:
            outcome = ""
            scored += report.read_text().endswith("0")
        if outcome:
            options.save.mkdir(parents=True, exist_ok=True)
            (options.save / f"{number:05d}-{game}.yaml").write_bytes(data)
            (options.save / f"{number:05d}-{game}.txt").write_text(outcome)
        if (number + 1) % 1000 == 0:
            print(f"  {number + 1} inputs, {len(crashes)} tracebacks, {len(hangs)} hangs", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"inputs: {options.count} (seed {options.seed}), each through check and score: "
          f"{elapsed:.0f} s in all, {elapsed / options.count * 1000:.0f} ms per input")
    print(f"tracebacks: {len(crashes)}  hangs: {len(hangs)}  other failures: {len(other)}; "
          f"scored to a result: {scored}, the rest reported as problems")
    print(f"slowest input: #{slowest[1]} ({slowest[2]}) {slowest[0]:.2f} s")
    print(f"peak memory of one input: {peak[0] / 1024:.0f} MB (#{peak[1]}); "
          f"the loaded interpreter alone: {base_rss / 1024:.0f} MB")
    if crashes or hangs or other:
        print(f"failing inputs saved in {options.save}")
    return 1 if crashes or hangs or other else 0


if __name__ == "__main__":
    sys.exit(main())

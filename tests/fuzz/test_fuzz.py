"""A small seeded fuzz run in every test run: mutated transcriptions of all three games through
`check` and `score` never end in a traceback or a hang, only in a result or one line per
problem. `python tests/fuzz/run.py` runs 10,000 such inputs and measures time and memory."""

from __future__ import annotations

import random
import signal

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from tests.fuzz.mutate import BASES, LINKS, cases, commands, prepare_folder

BUDGET = 30  # inputs; about 2 s
HANG = 10  # CPU seconds: far beyond any input's time (the 10,000-input run's slowest is well under 1 s)
# Counted in the process's CPU time, not the clock's: a loop that never ends spends CPU, while a
# busy machine (the suite's other workers, a soak's burners) only makes the clock run ahead.


class Hang(Exception):
    pass


def _alarm(signum, frame):  # type: ignore[no-untyped-def]
    raise Hang()


@pytest.fixture
def hang_guard():
    previous = signal.signal(signal.SIGPROF, _alarm)
    yield
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.signal(signal.SIGPROF, previous)


def test_mutated_transcriptions_give_a_result_or_problems(tmp_path, hang_guard):
    prepare_folder(tmp_path)
    rng = random.Random(2)
    runner = CliRunner()
    for number, (game, data) in enumerate(cases(seed=1, count=BUDGET)):
        file = tmp_path / "input.yaml"
        file.write_bytes(data)
        for args in commands(rng, game, file, tmp_path):
            signal.setitimer(signal.ITIMER_PROF, HANG)
            try:
                result = runner.invoke(app, args)
            except Hang:
                pytest.fail(f"input {number} hangs: pnp {' '.join(args)}\n{data[:2000]!r}")
            signal.setitimer(signal.ITIMER_PROF, 0)
            crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
            assert not crashed and result.exit_code in (0, 1), (
                f"input {number}: pnp {' '.join(args)} -> exit {result.exit_code}, {result.exception!r}\n{data[:2000]!r}")
            if result.exit_code == 1:
                assert result.stderr.strip(), "exit 1 with no message"


@pytest.mark.parametrize("name", [*(n for n in LINKS if n.endswith(".yaml")), "dirloop/input.yaml"])
def test_a_transcription_named_by_a_link_gives_a_result_or_one_line(tmp_path, name):
    """The links `commands` may name instead of the transcription: loops (one link, two, a folder
    that links to itself), a link to nowhere, to a folder, to a device, and to the file itself."""
    prepare_folder(tmp_path)
    (tmp_path / "input.yaml").write_text(BASES["great-wall"][0], encoding="utf-8")
    for args in (["check", "great-wall", str(tmp_path / name)], ["score", "great-wall", str(tmp_path / name)]):
        result = CliRunner().invoke(app, args)
        assert isinstance(result.exception, SystemExit) or result.exception is None, result.exception
        if name == "link.yaml":
            assert result.exit_code == 0, result.output
        else:
            assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1, result.output


def test_the_guard_stops_a_loop_that_never_ends(hang_guard):
    # What the guard is for: an input that sends pnp round a loop is a failure, not a stuck run.
    signal.setitimer(signal.ITIMER_PROF, 0.2)
    with pytest.raises(Hang):
        while True:
            pass

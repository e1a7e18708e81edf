"""The crafter's options of `pnp kit` together: listed in --help, wrong usage refused with exit 2,
and the same options always giving the same bytes."""

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()
CRAFTER = ["--marks", "--gap", "--duplex", "--no-duplex", "--only", "--pages", "--back-scale", "--back-offset"]


@pytest.mark.parametrize("game", ["kingdom-builder", "great-wall", "carolus-magnus"])
def test_help_lists_every_option_and_an_example_of_them(game):
    result = runner.invoke(app, ["kit", game, "--help"], terminal_width=200)
    assert result.exit_code == 0
    assert all(flag in result.stdout for flag in CRAFTER)
    assert "print-and-cut" in result.stdout and "short-edge" in result.stdout
    examples = result.stdout.split("Examples:")[1]
    assert any(flag in examples for flag in ("--marks", "--duplex short-edge"))
    if game == "kingdom-builder":
        assert "--tokens" in result.stdout and "--tokens punch" in examples


@pytest.mark.parametrize("args, message", [
    (("--format", "svg", "--marks", "crop", "--gap", "2", "--pages", "1"),
     ["--marks crop lays out the pages of a PDF; it does not go with --format svg",
      "--gap lays out the pages of a PDF; it does not go with --format svg",
      "--pages lays out the pages of a PDF; it does not go with --format svg"]),
    (("--format", "svg", "--duplex", "short-edge"),
     ["--duplex short-edge lays out the pages of a PDF; it does not go with --format svg"]),
    (("--layout", "gutter-fold", "--gap", "2", "--marks", "print-and-cut"),
     ["--gap spaces the pieces of --layout standard; it does not go with --layout gutter-fold",
      "--marks print-and-cut lays out pages of --layout standard; it does not go with --layout gutter-fold"]),
])
def test_options_that_do_not_go_together_are_wrong_usage_all_said_at_once(tmp_path, args, message):
    result = runner.invoke(app, ["kit", "great-wall", "--out", str(tmp_path), *args])
    assert result.exit_code == 2 and result.stderr.splitlines() == message
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, message", [
    (("--marks", "notches"), "Invalid value for '--marks': Value error, 'notches' is not one of 'lines', 'crop', 'print-and-cut'"),
    (("--gap", "11"), "Invalid value for '--gap': Input should be less than or equal to 10"),
    (("--gap", "-1"), "Invalid value for '--gap': Input should be greater than or equal to 0"),
])
def test_out_of_range_values_are_wrong_usage(tmp_path, args, message):
    result = runner.invoke(app, ["kit", "great-wall", "--out", str(tmp_path), *args])
    assert result.exit_code == 2 and message in " ".join(result.stderr.split())


def test_the_same_options_give_byte_identical_pdfs(tmp_path):
    options = ["--players", "2", "--marks", "print-and-cut", "--gap", "2.5", "--bleed", "1", "--duplex", "short-edge",
               "--back-scale", "100.4%,99.8%", "--back-offset", "0.5,-1", "--pages", "1-6"]
    for folder in ("a", "b"):
        assert runner.invoke(app, ["kit", "great-wall", "--out", str(tmp_path / folder), *options]).exit_code == 0
    first, second = ((tmp_path / f / "great-wall-kit.pdf").read_bytes() for f in ("a", "b"))
    assert first == second

"""Shell completion with Typer's own mechanism: `pnp --show-completion` and `--install-completion`
for bash, zsh and fish, and the values completed as each shell asks for them (the environment
its script sets): game names, languages, Kingdom Builder section names, paper sizes, targets."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

# The sections a board entry names without a file: the 16 bundled ids (boards/*.txt) and the 8
# location types, which name the default set's sections.
KB1 = [f"kb1-1000-{location}" for location in ("barn", "farm", "harbor", "oasis", "oracle", "paddock", "tavern", "tower")]


def bash(line: str) -> list[str]:
    """What bash's completion offers for the word being typed at the end of `line`."""
    words = line.split(" ")  # a line ending in a space: an empty word is being typed
    result = CliRunner().invoke(app, [], prog_name="pnp", env={
        "_PNP_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)})
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize("line, offered", [
    ("pnp kit ", ["kingdom-builder", "great-wall", "carolus-magnus"]),
    ("pnp example g", ["great-wall"]),
    ("pnp export ", ["kingdom-builder", "great-wall", "carolus-magnus"]),  # an argument, not a subcommand
    ("pnp ex", ["export", "example"]),
    ("pnp score kingdom-builder --lang ", ["en", "ru", "fa"]),
    ("pnp kit great-wall --lang f", ["fa"]),
    ("pnp kit carolus-magnus --paper ", ["a4", "letter"]),
    ("pnp template kingdom-builder --boards kb1", KB1),
    ("pnp template kingdom-builder --boards tavern pad", ["paddock"]),  # the second of four
    ("pnp template kingdom-builder --boards tavern paddock oasis farm --p", ["--players"]),  # all four given
    ("pnp export great-wall --to ", ["pod", "tts"]),
    ("pnp export great-wall --preset ", ["tgc"]),
    ("pnp kit kingdom-builder --format ", ["pdf", "svg"]),
])
def test_bash_completes_commands_games_and_values(line, offered):
    assert bash(line) == offered


def test_zsh_and_fish_complete_values_too():
    zsh = CliRunner().invoke(app, [], prog_name="pnp", env={
        "_PNP_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "pnp template kingdom-builder --boards ta"})
    assert zsh.exit_code == 0 and zsh.stdout == "_arguments '*: :((\"tavern\"))'\n"
    fish = CliRunner().invoke(app, [], prog_name="pnp", env={
        "_PNP_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
        "_TYPER_COMPLETE_ARGS": "pnp setup great-wall --lang "})
    assert fish.exit_code == 0 and fish.stdout.splitlines() == ["en", "ru", "fa"]


@pytest.fixture
def shell_named(monkeypatch, tmp_path):
    """The shell given on the command line rather than detected, and a home of its own."""
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("shell, calls", [
    ("bash", "_PNP_COMPLETE=complete_bash"), ("zsh", "_PNP_COMPLETE=complete_zsh"),
    ("fish", "_PNP_COMPLETE=complete_fish")])
def test_show_completion_prints_the_script_for_each_shell(shell_named, shell, calls):
    result = CliRunner().invoke(app, ["--show-completion", shell], prog_name="pnp")
    assert result.exit_code == 0 and calls in result.stdout


@pytest.mark.parametrize("shell, script", [
    ("bash", ".bash_completions/pnp.sh"), ("zsh", ".zfunc/_pnp"), ("fish", ".config/fish/completions/pnp.fish")])
def test_install_completion_writes_the_script_where_the_shell_reads_it(shell_named, shell, script):
    result = CliRunner().invoke(app, ["--install-completion", shell], prog_name="pnp")
    assert result.exit_code == 0 and f"{shell} completion installed" in result.stdout
    assert f"_PNP_COMPLETE=complete_{shell}" in (shell_named / script).read_text()

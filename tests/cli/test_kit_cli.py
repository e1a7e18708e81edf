"""`pnp kit kingdom-builder` as a crafter runs it."""

import xml.etree.ElementTree as ET

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

runner = CliRunner()


def test_pdf_kit_is_written_with_a_summary(tmp_path):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path), "--paper", "letter", "--bleed", "3"])
    assert result.exit_code == 0, result.output
    path = tmp_path / "kingdom-builder-kit.pdf"
    pages = len(pypdf.PdfReader(path).pages)
    assert f"wrote {path}: {pages} pages, letter, bleed 3 mm, duplex" in result.stdout
    assert "8 × board sections" in result.stdout and "25 × terrain cards" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["kingdom-builder-kit.pdf"]  # no temporary file left


def test_settlements_add_160_tokens_with_backs(tmp_path):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path), "--settlements", "--no-duplex"])
    assert result.exit_code == 0
    assert "160 × settlements (40 per colour) + 160 backs" in result.stdout
    assert "Duplex alignment test" not in result.stdout  # only printed for duplex kits


def test_svg_kit_writes_one_file_per_component_design(tmp_path):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path), "--format", "svg", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "kingdom-builder").glob("*.svg"))
    assert "  5 × terrain-card-grass.svg" in result.stdout
    # Designs: 8 sections, 5 terrain cards + back, 10 cards + back, 8 summaries, 8 x 2 tile
    # sides, markers (start player, 4 gold, 4 different +100), cover, duplex test x 2, gold track,
    # 4 scan markers.
    assert len(files) == 8 + 6 + 11 + 8 + 16 + 9 + 1 + 2 + 1 + 4
    assert (tmp_path / "kingdom-builder" / "duplex-test-back.svg").is_file()
    for file in files:
        ET.parse(file)  # well-formed XML
    assert "Рыбаки" in (tmp_path / "kingdom-builder" / "kingdom-card-fishermen.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--paper", "a3"], "unknown paper 'a3' (one of: a4, letter)"),
    (["--lang", "de"], "--lang: unknown language 'de' (one of: en, ru)"),
    (["--format", "png"], "--format: unknown format 'png' (pdf or svg)"),
])
def test_bad_options_name_the_problem_and_write_nothing(tmp_path, args, message):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path / "out"), *args])
    assert result.exit_code == 1 and result.stderr.strip() == message
    assert not (tmp_path / "out").exists()


def test_bleed_is_limited():
    assert runner.invoke(app, ["kit", "kingdom-builder", "--bleed", "9"]).exit_code == 2

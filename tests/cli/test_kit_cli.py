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
    assert f"wrote {path}: {pages} pages, Letter, bleed 3 mm, duplex" in result.stdout
    assert "8 × board sections" in result.stdout and "25 × terrain cards" in result.stdout
    assert [p.name for p in tmp_path.iterdir()] == ["kingdom-builder-kit.pdf"]  # no temporary file left


def test_settlements_add_160_tokens_with_backs(tmp_path):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path), "--settlements", "--no-duplex"])
    assert result.exit_code == 0
    assert "160 × settlements (40 per colour), double-sided" in result.stdout
    assert "backs at the end" in result.stdout


def test_svg_kit_writes_one_file_per_component_design(tmp_path):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path), "--format", "svg", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "kingdom-builder").glob("*.svg"))
    assert "  5 × terrain-card-grass.svg" in result.stdout
    # Designs: 8 sections, 5 terrain cards + back, 10 cards + back, 8 summaries and the turn
    # summary, 8 x 2 tile sides, markers (start player, 4 gold, 4 different +100), cover, gold
    # track, 4 scan markers. (The duplex test belongs to the PDF: it is the back of the cover.)
    assert len(files) == 8 + 6 + 11 + 8 + 1 + 16 + 9 + 1 + 1 + 4
    for file in files:
        ET.parse(file)  # well-formed XML
    assert "Рыбаки" in (tmp_path / "kingdom-builder" / "kingdom-card-fishermen.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--paper", "a3"], ("'--paper'", "'a3' is not one of 'a4', 'letter'")),
    (["--lang", "de"], ("'--lang'", "'de' is not one of 'en', 'ru', 'fa'")),
    (["--format", "png"], ("'--format'", "'png' is not one of 'pdf', 'svg'")),
])
def test_bad_options_are_wrong_usage_naming_the_choices_and_write_nothing(tmp_path, args, message):
    result = runner.invoke(app, ["kit", "kingdom-builder", "--out", str(tmp_path / "out"), *args])
    assert result.exit_code == 2 and all(part in result.stderr for part in message)
    assert not (tmp_path / "out").exists()


def test_bleed_is_limited():
    assert runner.invoke(app, ["kit", "kingdom-builder", "--bleed", "9"]).exit_code == 2


def test_an_existing_kit_is_refused_before_anything_is_rendered(tmp_path):
    (tmp_path / "great-wall-kit.pdf").write_bytes(b"mine")
    result = runner.invoke(app, ["kit", "great-wall", "--out", str(tmp_path)])
    assert result.exit_code == 1 and "already exists; use --force" in result.stderr
    assert "Rendering" not in result.stderr and (tmp_path / "great-wall-kit.pdf").read_bytes() == b"mine"

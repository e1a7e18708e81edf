"""`pnp kit --only` and `--pages`: printing one component, or reprinting a few pages."""

import re

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.cli.kit_output import page_range

runner = CliRunner()
GREAT_WALL = ["cover", "cards", "tokens", "reference", "turn", "setup"]  # the kit's sheets, in kit.py's order


def _kit(tmp_path, *args):
    return runner.invoke(app, ["kit", "great-wall", "--players", "2", "--out", str(tmp_path), *args])


def _footers(path) -> list[str]:
    """Each page's 'page N of M' from its footer ('… · page N of M · A4')."""
    return [re.search(r"· (page \d+ of \d+) ·", page.extract_text())[1] for page in pypdf.PdfReader(path).pages]


def test_only_prints_the_named_components_and_no_cover(tmp_path):
    result = _kit(tmp_path, "--only", "tokens", "--no-duplex")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "great-wall-kit.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    # 36 tokens of 18 mm fit one A4 page and their backs a second (without duplex: fronts, then backs).
    assert len(reader.pages) == 2 and "Contents" not in text
    whole = _kit(tmp_path / "whole", "--no-duplex")
    assert whole.exit_code == 0 and len(pypdf.PdfReader(tmp_path / "whole" / "great-wall-kit.pdf").pages) > 2


def test_an_unknown_component_is_wrong_usage_listing_the_kits_components(tmp_path):
    result = _kit(tmp_path, "--only", "tokens,dragons,walls")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"--only: no component '{name}' in this kit; it has: {', '.join(GREAT_WALL)}" for name in ("dragons", "walls")]
    assert not list(tmp_path.iterdir())


def test_pages_writes_the_pages_asked_for_numbered_as_in_the_whole_kit(tmp_path):
    result = _kit(tmp_path, "--pages", "2-3,1")
    assert result.exit_code == 0, result.output
    footers = _footers(tmp_path / "great-wall-kit.pdf")
    whole = _kit(tmp_path / "whole")
    total = len(pypdf.PdfReader(tmp_path / "whole" / "great-wall-kit.pdf").pages)
    assert footers == [f"page {n} of {total}" for n in (2, 3, 1)] and whole.exit_code == 0


def test_pages_beyond_the_kit_are_wrong_usage(tmp_path):
    total = len(pypdf.PdfReader(_written(tmp_path / "whole")).pages)
    result = _kit(tmp_path / "out", "--pages", f"1,{total + 1}-{total + 2}")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"--pages: this kit has pages 1 to {total}, not {total + 1}, {total + 2}"
    assert not (tmp_path / "out").exists()


def _written(folder):
    assert _kit(folder).exit_code == 0
    return folder / "great-wall-kit.pdf"


@pytest.mark.parametrize("text, pages", [("1-3,7", (1, 2, 3, 7)), ("7, 2-3 ,3", (7, 2, 3)), ("4", (4,))])
def test_page_ranges_read_in_the_order_given_each_page_once(text, pages):
    assert page_range(text) == (pages, [])


def test_bad_page_ranges_are_all_said_at_once(tmp_path):
    result = _kit(tmp_path, "--pages", "3-1,x,0,5-")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "--pages: '3-1' runs backwards; write 1-3",
        "--pages: 'x' is not a page or a range of pages (for example 1-3,7)",
        "--pages: '0' is not a page or a range of pages (for example 1-3,7)",
        "--pages: '5-' is not a page or a range of pages (for example 1-3,7)"]
    assert not list(tmp_path.iterdir())

"""What a PDF tells other programs: font subsets each under a name of their own, and print
dialogs told to start at actual size and, for a duplex kit, double-sided on the long edge."""

from __future__ import annotations

import io

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import Drawing, Text
from pnp.render import pdf

runner = CliRunner()


def subset_names(data: bytes) -> dict[int, str]:
    """Each embedded font object's BaseFont, by object number."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    names = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            names[ref.idnum] = str(ref.get_object()["/BaseFont"])
    return names


def test_every_font_subset_has_a_tag_of_its_own():
    # 412 distinct characters (316 Latin, 96 Cyrillic) in each of the two DejaVu faces:
    # reportlab makes subsets of at most 256 characters, so each face has two, and the Persian
    # line brings one of Vazirmatn: 5 subsets. Before, every face's first subset was AAAAAA+.
    latin = "".join(chr(c) for c in range(0x21, 0x7F)) + "".join(chr(c) for c in range(0xA1, 0x17F))
    cyrillic = "".join(chr(c) for c in range(0x400, 0x460))
    lines = [latin[k:k + 40] for k in range(0, len(latin), 40)] + [cyrillic[k:k + 40] for k in range(0, len(cyrillic), 40)]
    items = tuple(Text(5, 5 + 4 * k, 200, 4, line, 6, bold=bold) for bold in (False, True) for k, line in enumerate(lines))
    page = Drawing("page", 210, 297, items + (Text(5, 280, 200, 8, "بازی سازنده‌ی پادشاهی", 8),))
    names = subset_names(pdf.render([page], "subsets"))
    tags = [name.removeprefix("/").split("+")[0] for name in names.values()]
    assert len(names) == 5
    assert len(set(tags)) == len(tags), sorted(names.values())
    assert all(len(tag) == 6 and tag.isupper() and tag.isalpha() for tag in tags)
    # The same document twice: the same names (the PDF stays byte-identical).
    assert subset_names(pdf.render([page], "subsets")) == names


@pytest.mark.parametrize("duplex", [True, False])
def test_kit_pdf_asks_for_actual_size_and_long_edge_duplex(tmp_path, duplex):
    flag = "--duplex" if duplex else "--no-duplex"
    result = runner.invoke(app, ["kit", "carolus-magnus", flag, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    preferences = pypdf.PdfReader(tmp_path / "carolus-magnus-kit.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    if duplex:
        assert preferences["/Duplex"] == "/DuplexFlipLongEdge"
    else:
        assert "/Duplex" not in preferences  # single-sided kit: the dialog keeps the printer's default

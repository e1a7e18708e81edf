"""What the desk says to its page comes in the desk's language (`pnp desk --lang`), while the JSON
API keeps its contract: ids, keys and results as the English desk gives them."""

import json
import re
import shutil
import subprocess

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pnp.cli.app import app as cli
from tests.desk.test_api import EXAMPLES, FILES, client_for, document, evaluate


def client(tmp_path, game_id: str, lang: str) -> TestClient:
    return client_for(shutil.copy(EXAMPLES / FILES[game_id], tmp_path / FILES[game_id]), lang=lang)


def test_the_result_is_the_english_desk_s_and_the_totals_are_in_persian(tmp_path):
    doc = document("great-wall")
    english = evaluate(client(tmp_path, "great-wall", "en"), "great-wall", doc)
    persian = evaluate(client(tmp_path, "great-wall", "fa"), "great-wall", doc)
    assert persian["result"] == english["result"]  # ids and numbers as the contract has them
    # The English line (as test_browser_phone has it) in Persian: digits, commas and "won by" the
    # Persian way, each player's name isolated so that it keeps its place in the line.
    assert english["totals"] == "Anna 11, Boris 12, Clara 18; won by Clara"
    assert persian["totals"] == "\u2068Anna\u2069 ۱۱، \u2068Boris\u2069 ۱۲، \u2068Clara\u2069 ۱۸؛ برنده: \u2068Clara\u2069"


def test_a_problem_is_what_pnp_check_says_in_russian(tmp_path):
    doc = {**document("kingdom-builder"), "cards": []}
    path = tmp_path / "no-cards.yaml"
    path.write_text((EXAMPLES / FILES["kingdom-builder"]).read_text().replace(
        "cards: [fishermen, knights, merchants]", "cards: []"), encoding="utf-8")
    checked = CliRunner().invoke(cli, ["check", "kingdom-builder", str(path), "--lang", "ru"])
    assert checked.exit_code == 1
    said = [line.split(": ", 1)[1] for line in checked.stderr.splitlines()]
    answer = evaluate(client(tmp_path, "kingdom-builder", "ru"), "kingdom-builder", doc)
    assert [p["message"] for p in answer["problems"]] == said and said[0].startswith("указано 0 карт")


def test_a_refusal_is_in_russian(tmp_path):
    answer = client(tmp_path, "great-wall", "ru").post("/api/open", files={"file": ("notes.txt", b"hello")})
    assert answer.status_code == 415
    assert answer.json() == {"error": "'notes.txt' — не запись партии и не подготовка: только файлы .yaml, .yml, .json"}


def test_the_page_is_handed_its_words_once_in_its_language(tmp_path):
    page = client(tmp_path, "carolus-magnus", "fa").get("/").text
    assert '<html lang="fa" dir="rtl">' in page
    assert "<h1>میز امتیازشماری pnp</h1>" in page
    # The game's name and its clans as its catalog says them, in the page's data.
    data = json.loads(re.search(r'<script id="desk-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    [game] = data["games"]
    assert game["name"] == "کارولوس ماگنوس" and game["text"]["report.name.red"] == "قرمز"
    assert data["lang"] == "fa" and data["text"]["save"] == "ذخیره"


def test_the_picture_is_drawn_in_the_language(tmp_path):
    """The score picture a Russian page downloads: its heading (Kingdom Builder's `picture.title`,
    the game's Russian title before its sections) and the PDF's title, in Russian."""
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler's pdftotext is not installed")
    answer = client(tmp_path, "kingdom-builder", "ru").post("/api/picture", json={"game": "kingdom-builder",
                                                                                  "document": document("kingdom-builder")})
    assert answer.status_code == 200
    (tmp_path / "picture.pdf").write_bytes(answer.content)
    text = subprocess.run(["pdftotext", str(tmp_path / "picture.pdf"), "-"], capture_output=True, text=True, check=True).stdout
    assert text.startswith("Строители королевств: kb1-1000-tavern")
    info = subprocess.run(["pdfinfo", str(tmp_path / "picture.pdf")], capture_output=True, text=True, check=True).stdout
    assert "Строители королевств: подсчёт" in info

"""`pnp export`: print-shop images and a Tabletop Simulator table, as a user makes them.

Expected sizes are worked out by hand: pixels = (trim + 2 x bleed) / 25.4 x dpi, rounded.
"""

from __future__ import annotations

import csv
import json
import struct
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.errors import OptionError
from pnp.export import faces, pod, run, tts
from pnp.export.raster import rasterize
from pnp.games import GAMES

runner = CliRunner()


def png_header(path: Path) -> tuple[int, int, int, list[bytes]]:
    """Width, height, colour type (2 RGB, 6 RGBA) and the chunk types of a PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, _, colour = struct.unpack(">IIBB", data[16:26])
    chunks, at = [], 8
    while at < len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        chunks.append(data[at + 4:at + 8])
        at += 12 + length
    return width, height, colour, chunks


def export(tmp_path: Path, *args: str) -> tuple[Path, object]:
    out = tmp_path / "out"
    result = runner.invoke(app, ["export", *args, "--out", str(out)])
    return out, result


@pytest.fixture(scope="module")
def kb_pod(tmp_path_factory):
    out, result = export(tmp_path_factory.mktemp("pod"), "kingdom-builder", "--to", "pod", "--dpi", "100", "--bleed", "2")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module", params=["kingdom-builder", "great-wall", "carolus-magnus"])
def table(request, tmp_path_factory):
    out, result = export(tmp_path_factory.mktemp("tts"), request.param, "--to", "tts")
    assert result.exit_code == 0, result.output
    return request.param, out, json.loads((out / f"{request.param}.json").read_text())


def test_a_poker_card_with_3mm_bleed_at_300_dpi_is_815_by_1110_px():
    # (63 + 6) / 25.4 * 300 = 814.96 -> 815; (88 + 6) / 25.4 * 300 = 1110.2 -> 1110 (the figures)
    card = next(f for f in faces.faces(run._pieces(run.Request("kingdom-builder", "pod"))) if f.card)
    frame = pod.frame(card.drawing, card.card, pod.Settings(300, 3.0))
    assert (frame.width_px, frame.height_px) == (815, 1110)
    image = rasterize([frame])[0]
    assert image.shape == (1110, 815, 3)


def test_every_pod_image_has_the_pixels_of_its_trim_bleed_and_dpi(kb_pod):
    rows = list(csv.DictReader((kb_pod / "manifest.csv").open()))
    sizes = {f"{f.drawing.name}.png": (f.drawing.width, f.drawing.height)
             for f in faces.faces(run._pieces(run.Request("kingdom-builder", "pod")))}
    named = {row["front"]: row for row in rows} | {row["back"]: row for row in rows if row["back"]}
    assert set(named) == set(sizes) == {p.name for p in kb_pod.glob("*.png")}
    for file, row in named.items():
        width, height = sizes[file]
        expected = (round((width + 4) / 25.4 * 100), round((height + 4) / 25.4 * 100))
        got = png_header(kb_pod / file)
        assert got[:2] == expected == (int(row["width_px"]), int(row["height_px"])), file
        assert got[2] == 2 and b"iCCP" in got[3], "RGB with an sRGB profile, no alpha, for a print shop"
        assert (float(row["bleed_x_mm"]), row["dpi"]) == (2.0, "100")


def test_pod_manifest_counts_every_piece(kb_pod):
    rows = {row["front"]: row for row in json.loads((kb_pod / "manifest.json").read_text())["pieces"]}
    # Kingdom Builder: 5 cards per terrain behind one back, 10 kingdom cards; 8 sections.
    assert rows["terrain-card-grass.png"]["copies"] == 5 and rows["terrain-card-grass.png"]["back"] == "terrain-card-back.png"
    assert sum(r["copies"] for r in rows.values() if r["back"] == "terrain-card-back.png") == 25
    assert sum(r["copies"] for r in rows.values() if r["back"] == "kingdom-card-back.png") == 10
    assert sum(name.startswith("section-") for name in rows) == 8
    # Markers show the same on both sides: one image, front and back of 1 blue gold marker.
    assert rows["gold-marker-blue.png"]["back"] == "gold-marker-blue.png" and rows["gold-marker-blue.png"]["copies"] == 1


def test_tgc_preset_gives_the_poker_card_template_with_the_card_centred(tmp_path):
    out, result = export(tmp_path, "great-wall", "--to", "pod", "--preset", "tgc")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader((out / "manifest.csv").open()))
    cards = [row for row in rows if row["trim_width_mm"] == "63.0"]
    assert cards and all(png_header(out / row[side])[:2] == (825, 1125) for row in cards for side in ("front", "back"))
    # 2.75 in = 69.85 mm, 3.75 in = 95.25 mm: (69.85 - 63) / 2 and (95.25 - 88) / 2 on each side.
    assert {(row["bleed_x_mm"], row["bleed_y_mm"]) for row in cards} == {("3.425", "3.625")}
    tokens = [row for row in rows if row["trim_width_mm"] != "63.0"]
    assert tokens and all(row["bleed_x_mm"] == "3.0" for row in tokens)  # other pieces keep the bleed


def test_card_images_leave_out_the_scissors_corner_guide():
    game = GAMES["kingdom-builder"]
    card = next(p for p in faces.pieces(game.kit_sheets(game.catalog("en"), "a4", game.kit_options())) if p.card)
    assert not any(getattr(item, "paint", None) and item.paint.dash for item in card.front.items)


@pytest.mark.parametrize("target", [("--to", "pod", "--dpi", "72"), ("--to", "tts")])
def test_exports_are_byte_identical(tmp_path, target):
    first, _ = export(tmp_path / "a", "carolus-magnus", *target)
    second, _ = export(tmp_path / "b", "carolus-magnus", *target)
    names = sorted(str(p.relative_to(first)) for p in first.rglob("*") if p.is_file())
    assert names and names == sorted(str(p.relative_to(second)) for p in second.rglob("*") if p.is_file())
    for name in names:
        a, b = (first / name).read_bytes(), (second / name).read_bytes()
        if name.endswith(".json"):  # names its images by their own folder's path
            a = a.replace(first.as_uri().encode(), b"FOLDER")
            b = b.replace(second.as_uri().encode(), b"FOLDER")
        assert a == b, name


def test_bad_options_are_all_reported_at_once_and_nothing_is_written(tmp_path):
    out, result = export(tmp_path, "kingdom-builder", "--to", "pod", "--preset", "mpc", "--dpi", "50", "--bleed", "7")
    assert result.exit_code == 2 and not out.exists()  # wrong usage
    assert result.stderr.splitlines() == [
        "--preset: unknown preset 'mpc' (one of: tgc)", "--dpi: 50 is outside 72-1200", "--bleed: 7 mm is outside 0-5 mm"]
    out, result = export(tmp_path, "kingdom-builder", "--to", "tts", "--url-base", "ftp://example.org/x", "--dpi", "300")
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.splitlines() == ["--dpi is for --to pod (print-shop images)",
                                          "--url-base: 'ftp://example.org/x' is not an http://, https:// or file:/// URL"]

    _, result = export(tmp_path, "kingdom-bulder", "--to", "pod")  # wrong usage, as for every command
    assert result.exit_code == 2 and result.stderr.strip() == (
        "pnp export kingdom-bulder: unknown game 'kingdom-bulder' (did you mean 'kingdom-builder'?); it takes: "
        "kingdom-builder, great-wall, carolus-magnus")
    _, result = export(tmp_path, "great-wall", "--to", "ppd")
    assert result.exit_code == 2 and "'ppd' is not one of 'pod', 'tts'" in result.stderr


def test_a_game_without_a_kit_is_refused_by_the_export_itself(monkeypatch):
    """The library checks what the command line checks: a registered game with no kit (the toy
    coin flip, which implements only check and score) is a problem of the request, never a
    KeyError from its missing kit command."""
    from tests.coin_flip.game import GAME as COIN_FLIP

    monkeypatch.setitem(GAMES, COIN_FLIP.id, COIN_FLIP)
    request = run.Request("coin-flip", "pod")
    said = "Coin flip has no kit to export; one of: kingdom-builder, great-wall, carolus-magnus"
    assert run.problems(request) == [said]
    for call in (run.costs, lambda r: run.files(r, "file:///out")):
        with pytest.raises(OptionError) as refused:
            call(request)
        assert refused.value.problems == [said]


def test_an_existing_folder_needs_force(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("keep")
    out, result = export(tmp_path, "great-wall", "--to", "tts")
    assert result.exit_code == 1 and result.stderr.strip() == f"{out}: already exists; use --force to write into it"
    assert [p.name for p in out.iterdir()] == ["mine.txt"]
    out, result = export(tmp_path, "great-wall", "--to", "tts", "--force")
    assert result.exit_code == 0 and (out / "great-wall.json").exists() and (out / "mine.txt").read_text() == "keep"


def _path(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file"
    return Path(unquote(parts.path))


def _objects(saved: dict) -> list[dict]:
    return saved["ObjectStates"]


def test_tts_deck_sheets_are_at_most_10_by_7_cells_and_4096_px_rgb(table):
    game, out, saved = table
    decks = [o for o in _objects(saved) if o["Name"] in ("DeckCustom", "Card")]
    assert decks
    for deck in decks:
        (custom,) = deck["CustomDeck"].values()
        assert 1 <= custom["NumWidth"] <= 10 and 1 <= custom["NumHeight"] <= 7
        width, height, colour, _ = png_header(_path(custom["FaceURL"]))
        back_w, back_h, back_colour, _ = png_header(_path(custom["BackURL"]))
        assert max(width, height) <= 4096 and colour == back_colour == 2
        # The sheet is exactly NumWidth x NumHeight cells of the back's size.
        assert (width, height) == (custom["NumWidth"] * back_w, custom["NumHeight"] * back_h)
        # Every card's id names a cell of its sheet other than the last, the hidden card.
        cells = custom["NumWidth"] * custom["NumHeight"]
        ids = deck.get("DeckIDs", [deck.get("CardID")])
        number = int(next(iter(deck["CustomDeck"])))
        assert all(number * 100 <= i < number * 100 + cells - 1 for i in ids)


def test_tts_hidden_card_is_the_back_in_the_last_cell(table):
    import cv2

    game, out, saved = table
    deck = next(o for o in _objects(saved) if o["Name"] == "DeckCustom")
    (custom,) = deck["CustomDeck"].values()
    sheet, back = cv2.imread(str(_path(custom["FaceURL"]))), cv2.imread(str(_path(custom["BackURL"])))
    h, w = back.shape[:2]
    assert (sheet[-h:, -w:] == back).all()


def test_every_image_the_saved_object_names_exists(table):
    game, out, saved = table
    named = set()

    def walk(value):
        if isinstance(value, dict):
            for key, v in value.items():
                if key in tts.URL_KEYS and v:
                    named.add(_path(v))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(saved)
    assert named and all(path.is_file() for path in named)
    assert named == {p.resolve() for p in out.rglob("*.png")}, "every image exported is used"


# Cards per deck, from the kits' contents (the games' component lists).
DECKS = {  # (a single card, like Kingdom Builder's turn summary or Great Wall's set-up card, is no deck)
    "kingdom-builder": {"terrain cards (5 per terrain)": 25, "Kingdom Builder cards": 10, "location summary cards": 8},
    # The wall cards: a deck of 20 per colour, named by its colour as the kit names it.
    "great-wall": {"Red": 20, "Blue": 20, "Green": 20, "Yellow": 20, "Purple": 20,
                   "reference cards (card types / success check)": 5, "turn summary cards (turn / end of the game)": 5},
    # Per player (the whole box: 4): a round with the turn behind, the majorities with the set-up behind.
    "carolus-magnus": {"A round": 4, "Majorities": 4},
}


def test_tts_decks_hold_the_right_cards(table):
    game, out, saved = table
    counts: dict[str, int] = {}
    for o in _objects(saved):
        if o["Name"] == "DeckCustom":
            assert len(o["DeckIDs"]) == len(o["ContainedObjects"])
            assert [c["CardID"] for c in o["ContainedObjects"]] == o["DeckIDs"]
            counts[o["Nickname"]] = counts.get(o["Nickname"], 0) + len(o["DeckIDs"])
    assert counts == DECKS[game]


def test_tts_tiles_are_transparent_outside_their_outline(table):
    import cv2

    game, out, saved = table
    tiles = {o["CustomImage"]["ImageURL"]: o for _, o in _saved_objects(_objects(saved)) if o["Name"] == "Custom_Tile"}
    assert tiles
    for tile in tiles.values():
        path = _path(tile["CustomImage"]["ImageURL"])
        image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        assert image.shape[2] == 4 and max(image.shape[:2]) <= 4096
        h, w = image.shape[:2]
        if tile["CustomImage"]["CustomTile"]["Type"] in (1, 2):  # hex, round: corners outside the outline
            assert image[0, 0, 3] == 0 and image[h - 1, w - 1, 3] == 0, path.name
            assert image[h // 2, w // 2, 3] == 255, path.name


def test_kingdom_builder_sections_interlock_on_the_tts_table(table):
    game, out, saved = table
    if game != "kingdom-builder":
        pytest.skip("only Kingdom Builder has board sections")
    sections = [o["Transform"] for o in _objects(saved) if o.get("Nickname", "").startswith("section-")]
    assert len(sections) == 8
    tl, tr, bl, br = sections[:4]
    # A section is 10 hexes of 18.8 mm across with odd rows indented: its right neighbour starts
    # 10 hexes on (188 mm = 7.4016 in); the one below 15 hex radii down (15 x 10.854 mm = 6.4099 in).
    assert tr["posX"] - tl["posX"] == pytest.approx(188 / 25.4, abs=1e-3)
    assert tl["posZ"] - bl["posZ"] == pytest.approx(15 * 18.8 / 3 ** 0.5 / 25.4, abs=1e-3)
    assert (br["posX"], br["posZ"]) == (tr["posX"], bl["posZ"])
    # Scaled so the section's 197.4 mm width is true: 197.4 / 25.4 units over a tile's 2 units.
    assert tl["scaleX"] == pytest.approx(197.4 / 25.4 / 2, abs=1e-4)


# What a Tabletop Simulator save holds for each kind of object this export writes, from:
# - https://kb.tabletopsimulator.com/custom-content/save-file-format/ (Berserk Games' knowledge base:
#   every object state has a Name and a Transform of position, rotation and scale);
# - the save data declarations of github.com/Sebaestschjin/typed-tabletop-simulator,
#   packages/declaration/lua/language-server/object/: object-data.d.lua (tts.Object.Data: Name;
#   CustomImage: ImageURL, ImageSecondaryURL, WidthScale), deck.d.lua (tts.Deck.Data: DeckIDs,
#   ContainedObjects, CustomDeck; tts.Deck.Data.Info: FaceURL, BackURL, Type, NumWidth, NumHeight,
#   BackIsHidden, UniqueBack), card.d.lua (tts.Card.Data: CardID, CustomDeck), tile.d.lua
#   (tts.Tile.Data: CustomImage.CustomTile: Type, Thickness, Stackable, Stretch), bag.d.lua and
#   container.d.lua (tts.Bag.Data: ContainedObjects);
# - saves written by Tabletop Simulator, e.g. github.com/mrdrouf/root-tabletop-tournament's, whose
#   tiles' CustomImage holds ImageScalar beside WidthScale.
TRANSFORM = {key: float for key in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")}
DECK_INFO = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
             "UniqueBack": bool, "Type": int}
FIELDS = {  # object kind -> required field -> its type (dict: the fields of a nested object)
    "DeckCustom": {"Name": str, "Transform": TRANSFORM, "DeckIDs": list, "CustomDeck": dict, "ContainedObjects": list},
    "Card": {"Name": str, "Transform": TRANSFORM, "CardID": int, "CustomDeck": dict},
    "Custom_Tile": {"Name": str, "Transform": TRANSFORM, "CustomImage": {
        "ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": float, "WidthScale": float,
        "CustomTile": {"Type": int, "Thickness": float, "Stackable": bool, "Stretch": bool}}},
    "Bag": {"Name": str, "Transform": TRANSFORM, "ContainedObjects": list},
}


def _missing(value: object, fields: dict, at: str) -> list[str]:
    """What `value` lacks of `fields`, or holds with the wrong type."""
    if not isinstance(value, dict):
        return [f"{at}: not an object"]
    found = []
    for key, kind in fields.items():
        if key not in value:
            found.append(f"{at}.{key}: missing")
        elif isinstance(kind, dict):
            found += _missing(value[key], kind, f"{at}.{key}")
        elif not isinstance(value[key], kind) or (kind in (int, float) and isinstance(value[key], bool)):
            found.append(f"{at}.{key}: {type(value[key]).__name__}, not {kind.__name__}")
    return found


def _saved_objects(objects: list[dict], at: str = "ObjectStates"):
    for k, o in enumerate(objects):
        yield f"{at}[{k}]", o
        yield from _saved_objects(o.get("ContainedObjects", []), f"{at}[{k}].ContainedObjects")


def test_the_saved_object_holds_what_tabletop_simulator_reads_for_each_kind(table):
    game, out, saved = table
    problems = []
    kinds = set()
    for at, o in _saved_objects(_objects(saved)):
        kinds.add(o.get("Name"))
        if o.get("Name") not in FIELDS:
            problems.append(f"{at}: unknown kind {o.get('Name')!r}")
            continue
        problems += _missing(o, FIELDS[o["Name"]], at)
        for number, info in o.get("CustomDeck", {}).items():
            problems += _missing(info, DECK_INFO, f"{at}.CustomDeck.{number}")
            if not number.isdigit():
                problems.append(f"{at}.CustomDeck: key {number!r} is not a deck number")
        if o["Name"] == "DeckCustom":  # DeckIDs name the contained cards in order
            if o["DeckIDs"] != [c.get("CardID") for c in o["ContainedObjects"]]:
                problems.append(f"{at}: DeckIDs are not the cards' CardIDs")
        if o["Name"] in ("DeckCustom", "Card"):  # a card id is its deck's number x 100 + its cell
            ids = o.get("DeckIDs", [o.get("CardID")])
            problems += [f"{at}: card {i} names no deck of CustomDeck" for i in ids if str(i // 100) not in o["CustomDeck"]]
    assert not problems, problems
    assert {"DeckCustom", "Custom_Tile", "Bag"} <= kinds


def test_without_url_base_the_export_says_its_images_are_named_by_this_folders_path(tmp_path):
    out, result = export(tmp_path, "carolus-magnus", "--to", "tts")
    assert result.exit_code == 0, result.output
    # Tabletop Simulator takes absolute URLs or paths only (docs/exports.md): the user is told.
    assert (f"note: carolus-magnus.json names its images by their path, {out.resolve().as_uri()}/…: Tabletop "
            "Simulator cannot load them relative to it") in result.stdout
    assert "under 250 ppi" not in result.stdout  # every deck of the game reaches it


def test_url_base_may_name_the_folder_where_the_export_will_be(tmp_path):
    # Exported here, to be copied to another disk: the saved object names the images there.
    out, result = export(tmp_path, "great-wall", "--to", "tts", "--url-base", "file:///D:/TTS/great%20wall")
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "great-wall.json").read_text())
    urls = [o["CustomImage"]["ImageURL"] for _, o in _saved_objects(_objects(saved)) if o["Name"] == "Custom_Tile"]
    assert urls and all(u.startswith("file:///D:/TTS/great%20wall/tiles/") for u in urls)
    assert str(out.resolve()) not in (out / "great-wall.json").read_text() and "names its images" not in result.stdout
    _, result = export(tmp_path / "b", "great-wall", "--to", "tts", "--url-base", "file:relative/folder")
    assert result.exit_code == 2 and "is not an http://, https:// or file:/// URL" in result.stderr


def test_url_base_names_hosted_images(tmp_path):
    out, result = export(tmp_path, "carolus-magnus", "--to", "tts", "--url-base", "https://example.org/cm/")
    assert result.exit_code == 0, result.output
    text = (out / "carolus-magnus.json").read_text()
    saved = json.loads(text)
    urls = {o["CustomImage"]["ImageURL"] for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"}
    assert urls and all(u.startswith("https://example.org/cm/tiles/") for u in urls)
    assert "file://" not in text


def test_a_deck_of_more_than_69_faces_takes_two_sheets():
    from pnp.draw import Drawing

    cards = [faces.Piece(Drawing(f"c{k}", 63.0, 88.0, ()), None, "many", 1, True) for k in range(70)]
    decks = tts.decks(cards)
    assert [len(d.faces) for d in decks] == [69, 1]
    assert tts.grid(69, 63.0, 88.0) == (10, 7) and tts.grid(1, 63.0, 88.0) == (2, 1)
    # A full sheet: 10 cells of 409 px (4090 <= 4096) by 7 of 571 px (409 x 88 / 63 = 571.3):
    # 409 / (63 / 25.4) = 164.9 ppi, under 250, so the export names that deck.
    assert tts.cell_size(10, 7, 63.0, 88.0) == (409, 571)
    assert tts.coarse(cards) == ["many: 165 ppi (69 faces on one sheet)"]


def test_a_deck_sheet_takes_the_grid_that_gives_its_cards_the_most_pixels():
    # Ten faces and the hidden card: 11 cells. A row of 10 (10 x 2, 9 cells empty) leaves a
    # 63 mm card 4096 // 10 = 409 px, 165 ppi. 4 x 3 holds 12 cells of the 300 ppi cap,
    # round(63 / 25.4 * 300) = 744 px by round(744 x 88 / 63) = 1039 px: 2976 x 3117 px.
    # 6 x 2 holds them at 682 px (4096 // 6); 3 x 4 would stand 4 x 1039 = 4156 px tall, over
    # 4096, so 1024 px cells 733 px wide (1024 x 63 / 88).
    assert tts.grid(10, 63.0, 88.0) == (4, 3)
    assert tts.cell_size(4, 3, 63.0, 88.0) == (744, 1039)
    # 23 faces + 1 fill 6 x 4 at 682 px (4096 // 6), 275 ppi; 24 + 1 take 5 x 5, whose height
    # binds: 4096 // 5 = 819 px tall, 819 x 63 / 88 = 586 px wide, 236 ppi.
    assert tts.grid(23, 63.0, 88.0) == (6, 4) and tts.cell_size(6, 4, 63.0, 88.0)[0] == 682
    assert tts.grid(24, 63.0, 88.0) == (5, 5) and tts.cell_size(5, 5, 63.0, 88.0)[0] == 586


def test_every_card_of_the_three_games_reaches_250_ppi_on_its_sheet(table):
    game, out, saved = table
    for deck in (o for o in _objects(saved) if o["Name"] in ("DeckCustom", "Card")):
        (custom,) = deck["CustomDeck"].values()
        width, _, _, _ = png_header(_path(custom["FaceURL"]))
        ppi = width / custom["NumWidth"] / (63 / 25.4)  # every card is 63 mm wide
        assert ppi >= 250, (deck["Nickname"], round(ppi))
    if game == "kingdom-builder":  # its 10 Kingdom Builder cards were 10 x 2 cells of 409 px
        kb = next(o for o in _objects(saved) if o.get("Nickname") == "Kingdom Builder cards")
        (custom,) = kb["CustomDeck"].values()
        assert (custom["NumWidth"], custom["NumHeight"]) == (4, 3)
        assert png_header(_path(custom["FaceURL"]))[:2] == (4 * 744, 3 * 1039)


def test_great_wall_favour_tokens_come_face_down_in_one_bag(table):
    game, out, saved = table
    if game != "great-wall":
        pytest.skip("Great Wall's favour tokens")
    bags = [o for o in _objects(saved) if o["Name"] == "Bag"]
    assert [b["Nickname"] for b in bags] == ["36 × favour tokens"]
    tokens = bags[0]["ContainedObjects"]
    # The 36 tokens of facts.TOKENS: values 1, 2, 3, 4, 5, 7, 8, 2 + 6 + 7 + 7 + 8 + 4 + 2 of them.
    assert len(tokens) == 36
    assert all(t["Transform"]["rotZ"] == 180.0 for t in tokens)  # face down: the shared back up
    assert {t["CustomImage"]["ImageSecondaryURL"].rsplit("/", 1)[1] for t in tokens} == {"favour-token-back.png"}
    assert not [o for o in _objects(saved) if o["Name"] == "Custom_Tile" and "favour" in o["Nickname"]], "none loose"



def test_the_table_holds_the_pieces_a_box_would(table):
    """A table has no box to take pieces from: Kingdom Builder's 40 settlements per colour (4
    colours) and Carolus Magnus's 40 paladins per clan (5 clans) come along, in bags."""
    game, out, saved = table
    bags = {o["Nickname"]: o["ContainedObjects"] for o in _objects(saved) if o["Name"] == "Bag"}
    expected = {"kingdom-builder": {f"40 × settlement-{c}" for c in ("orange", "blue", "purple", "black")},
                "carolus-magnus": {f"40 × paladin-{c}" for c in ("red", "pink", "blue", "yellow", "green")},
                "great-wall": set()}[game]  # its bag of tokens: test_great_wall_favour_tokens_come_face_down_in_one_bag
    assert expected <= set(bags)
    for name in expected:
        assert len(bags[name]) == 40 and all(t["Name"] == "Custom_Tile" for t in bags[name])


def test_progress_is_measured_in_the_pixels_of_each_image_in_the_order_they_are_made(tmp_path):
    # A print-shop export's images come in the order they were made; each PNG's header holds its
    # width and height (bytes 16-24, big-endian).
    request = run.Request("kingdom-builder", "pod", 100, 2.0)
    files = run.files(request, tmp_path.as_uri())
    sizes = [int.from_bytes(data[16:20], "big") * int.from_bytes(data[20:24], "big")
             for name, data in files.items() if name.endswith(".png")]
    assert run.costs(request) == sizes
    # A table: one cost for each image made (tiles, then each deck's cells).
    request = run.Request("great-wall", "tts")
    made = []
    run.files(request, tmp_path.as_uri(), on_image=made.append)
    assert len(made) == len(run.costs(request))


def test_the_time_left_goes_by_pixels_from_the_first_image_on():
    from pnp.cli.export import TimeLeft

    # Images of 400, 100, 100 and 400 px. The first is done at 10 s (most of it the drawings'
    # rendering to PDF), the second at 11 s: 100 px in 1 s, so the 500 px left take 5 s. At 12 s,
    # 200 px in 2 s since the first: 400 px left, 4 s. Counting images alike from the start would
    # have said 11 / 2 x 2 = 11 s, then 12 / 3 x 1 = 4 s.
    times = iter([10.0, 11.0, 12.0, 16.0])
    left = TimeLeft([400, 100, 100, 400], clock=lambda: next(times))
    said = []
    for _ in range(4):
        left.image_done()
        said.append(left.said)
    assert said == [None, "about 0:05 left", "about 0:04 left", None]

"""Every kit under every option set, checked as a demanding crafter would check the paper:
pieces that do not overlap and stay printable, backs exactly behind their fronts, front/back
pairs on odd pages with the cover naming them, every piece keeping a visible mark under the
ink saver, and text that is large enough and stays inside its box and its piece."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pytest

from pnp.draw import (
    PT, TEXT_CONTRAST, Circle, Drawing, Group, Item, Matrix, Polygon, Rect, Text, apply, bounds,
    colour_under, compose, contrast, flat, inside, invert, painted, samples, texts, visible, with_ink_saver, IDENTITY, CUT,
)
from pnp.render import fonts
from pnp.render.i18n import Catalog
from pnp.render.imposition import FURNITURE, MARGIN, Options, Page, Placement, page_fill, paper_size, plan, render_page

GAMES = {
    "kingdom-builder": ("pnp.games.kingdom_builder", lambda kit, t, paper, o: kit.sheets(t, paper, o.get("settlements", False))),
    "great-wall": ("pnp.games.great_wall", lambda kit, t, paper, o: kit.sheets(t, paper, o.get("players", 5))),
    "carolus-magnus": ("pnp.games.carolus_magnus",
                       lambda kit, t, paper, o: kit.sheets(t, paper, o.get("players"), o.get("paladins", False))),
}
# Per game: plain English A4, Russian Letter, Persian, ink saver, bleed, and the game's own options.
OPTION_SETS = [{}, {"lang": "ru", "paper": "letter"}, {"lang": "fa"}, {"ink_saver": True}, {"bleed": 3.0}]
OWN = {"kingdom-builder": {"duplex": False, "settlements": True, "paper": "letter"},
       "great-wall": {"players": 2},
       "carolus-magnus": {"players": 2, "paladins": True}}
# Kits the crafter found nearly empty sheets in.
SPARSE = [("carolus-magnus", {"duplex": False}), ("great-wall", {"paper": "letter", "bleed": 3.0})]
CASES = [(game, options) for game in GAMES for options in (*OPTION_SETS, OWN[game])] + SPARSE


def case_id(case: tuple[str, dict]) -> str:
    game, options = case
    return game + ("-" + "-".join(f"{k}={v}" for k, v in options.items()) if options else "")


@dataclass
class Kit:
    """One kit as planned and drawn."""

    game: str
    options: dict

    @cached_property
    def catalog(self) -> Catalog:
        import importlib

        return importlib.import_module(f"{GAMES[self.game][0]}.components").catalog(self.options.get("lang", "en"))

    @cached_property
    def built(self) -> tuple[Options, list[Page], list[Drawing]]:
        import importlib

        package, make = GAMES[self.game]
        kit = importlib.import_module(f"{package}.kit")
        t = self.catalog
        opts = Options(self.options.get("paper", "a4"), self.options.get("bleed", 0.0), self.options.get("duplex", True),
                       self.options.get("ink_saver", False))
        pages = plan(make(kit, t, opts.paper, self.options), opts, t)
        return opts, pages, [render_page(p, n, len(pages), opts, t("title"), t) for n, p in enumerate(pages, 1)]


@pytest.fixture(scope="module")
def kits() -> dict[str, Kit]:
    return {case_id(case): Kit(*case) for case in CASES}


def parametrize_cases(test):
    return pytest.mark.parametrize("case", [case_id(c) for c in CASES])(test)


def outline_box(p: Placement) -> tuple[float, float, float, float]:
    left, top, right, bottom = bounds(p.piece.outline)
    return p.x + left, p.y + top, p.x + right, p.y + bottom


def overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def furniture_bands(page: Page, paper: str) -> list[tuple[float, float, float, float]]:
    """The bands holding the calibration bar and the footer, which pieces and bleed keep out of."""
    pw, ph = paper_size(paper)
    if page.tall:
        return [(MARGIN, 0, MARGIN + FURNITURE, ph), (pw - MARGIN - FURNITURE, 0, pw - MARGIN, ph)]
    return [(0, MARGIN, pw, MARGIN + FURNITURE), (0, ph - MARGIN - FURNITURE, pw, ph - MARGIN)]


@parametrize_cases
def test_pieces_never_overlap_and_stay_printable(kits, case):
    options, pages, _ = kits[case].built
    pw, ph = paper_size(options.paper)
    for number, page in enumerate(pages, 1):
        boxes = [outline_box(p) for p in page.placements]
        for i, a in enumerate(boxes):
            # Cut outlines inside the printer margins, and with their bleed clear of the furniture.
            assert a[0] >= MARGIN - 1e-6 and a[1] >= MARGIN - 1e-6 and a[2] <= pw - MARGIN + 1e-6 and a[3] <= ph - MARGIN + 1e-6, \
                (number, page.placements[i].piece.name)
            grown = (a[0] - options.bleed, a[1] - options.bleed, a[2] + options.bleed, a[3] + options.bleed)
            if page.placements[i].cuts != "none":
                assert all(overlap(grown, band) < 1e-6 for band in furniture_bands(page, options.paper)), (number, page.placements[i].piece.name)
            for j, b in enumerate(boxes[i + 1:], i + 1):
                # Shared-cut neighbours abut; every other piece keeps its bleed off its neighbours.
                same_block = page.placements[i].block == page.placements[j].block != -1
                assert overlap(a if same_block else grown, b) < 1e-6, (number, page.placements[i].piece.name, page.placements[j].piece.name)


@parametrize_cases
def test_cut_lines_cross_no_piece_and_no_furniture(kits, case):
    options, pages, drawings = kits[case].built
    pw, ph = paper_size(options.paper)
    for page, drawing in zip(pages, drawings):
        lines = [i for i in drawing.items if isinstance(i, Polygon) and not i.closed and i.paint == CUT]
        bar = [g for g in drawing.items if isinstance(g, Group) and any(isinstance(r, Rect) and r.w == 100 for r in g.items)][0]
        corners = [apply(bar.transform, (x, y)) for x in (0, 100) for y in (0, FURNITURE)]
        bar_box = (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners))
        for line in lines:
            (x0, y0), (x1, y1) = line.points
            segment = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            assert not _touches(segment, (bar_box[0] + 1e-6, bar_box[1] + 1e-6, bar_box[2] - 1e-6, bar_box[3] - 1e-6)), \
                (drawing.name, line.points)
            for p in page.placements:
                box = outline_box(p)
                # A line may run along a piece's edge, never through it.
                inner = (box[0] + 1e-6, box[1] + 1e-6, box[2] - 1e-6, box[3] - 1e-6)
                assert not _touches(segment, inner), (drawing.name, p.piece.name, line.points)


@parametrize_cases
def test_a_backs_cut_lines_cross_nothing_printed_on_its_front(kits, case):
    # Printed double-sided, a back's lines run through the other side of the sheet too: behind a
    # single-sided piece of the front they would mark its blank back, and cutting along them would
    # cut it. They stop where the front's own lines stop.
    options, pages, drawings = kits[case].built
    if not options.duplex:
        return
    pw, _ = paper_size(options.paper)
    for front, back, drawing in zip(pages, pages[1:], drawings[1:]):
        if back.side != "back":
            continue
        lines = [i for i in drawing.items if isinstance(i, Polygon) and not i.closed and i.paint == CUT]
        for p in front.placements:
            left, top, right, bottom = outline_box(p)
            behind = (pw - right + 1e-6, top + 1e-6, pw - left - 1e-6, bottom - 1e-6)
            for line in lines:
                (x0, y0), (x1, y1) = line.points
                assert not _touches((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), behind), \
                    (drawing.name, p.piece.name, line.points)


def _touches(segment, box) -> bool:
    return segment[0] <= box[2] and box[0] <= segment[2] and segment[1] <= box[3] and box[1] <= segment[3]


@parametrize_cases
def test_every_back_lies_exactly_at_the_mirror_of_its_front(kits, case):
    options, pages, _ = kits[case].built
    pw, _ = paper_size(options.paper)
    fronts = [p for p in pages if p.side == "front"]
    backs = [p for p in pages if p.side == "back"]
    assert len(fronts) == len(backs)
    for front, back in zip(fronts, backs):
        expected = [p for p in front.placements if p.back is not None]
        assert [p.piece for p in back.placements] == [p.back for p in expected]
        for f, b in zip(expected, back.placements):
            assert (b.piece.width, b.piece.height) == (f.piece.width, f.piece.height)
            # Long-edge duplex: the back's outline is the front's, mirrored about the page's centre line.
            want = _outline_points(f, lambda x: pw - x) if options.duplex else _outline_points(f, lambda x: x)
            assert _outline_points(b, lambda x: x) == want, (f.piece.name, b.piece.name)


def _outline_points(p: Placement, flip) -> tuple:
    shape = p.piece.outline
    if isinstance(shape, Circle):
        return ("circle", round(flip(p.x + shape.cx), 4), round(p.y + shape.cy, 4), round(shape.r, 4))
    left, top, right, bottom = bounds(shape)
    points = [(left, top), (right, top), (right, bottom), (left, bottom)] if isinstance(shape, Rect) else shape.points
    return ("points", frozenset((round(flip(p.x + x), 4), round(p.y + y, 4)) for x, y in points))


@parametrize_cases
def test_front_back_pairs_start_on_odd_pages_and_the_cover_says_so(kits, case):
    options, pages, drawings = kits[case].built
    t = kits[case].catalog
    sides = [p.side for p in pages]
    assert sides[0] == "cover"
    cover_text = [text.text for text in texts(drawings[0].items)]
    fronts = sides.count("front")

    def span(form: str, first: int, last: int) -> str:  # one page said once and as one ("Page 7", not "Pages 7–7")
        if first == last:
            return t(f"printing.{form}.page", pages=t.number(first))
        return t(f"printing.{form}.pages", pages=t("printing.range", first=first, last=last))

    if not options.duplex:
        assert "cover-back" not in sides and sides[1:] == sorted(sides[1:], key=("front", "single", "back").index)
        # Where the backs to glue are: after the cover, the fronts and the single-sided pages.
        assert t("printing.glue", pages=span("from", 2, 1 + fronts),
                 backs=span("to", 2 + fronts + sides.count("single"), len(pages))) in cover_text
        return
    for number, side in enumerate(sides, 1):
        if side in ("back", "cover-back"):
            assert number % 2 == 0 and sides[number - 2] == {"back": "front", "cover-back": "cover"}[side]
        if side in ("front", "cover"):
            assert number % 2 == 1
    last_pair = max(n for n, side in enumerate(sides, 1) if side in ("back", "cover-back"))
    assert all(side == "single" for side in sides[last_pair:])
    assert t("printing.duplex", pages=span("lead", 1, last_pair)) in cover_text
    if last_pair < len(pages):
        assert t("printing.single", pages=span("lead", last_pair + 1, len(pages))) in cover_text


def pieces(pages: list[Page]) -> dict[str, Drawing]:
    """Every piece design on the pages, fronts and backs, once each."""
    return {d.name: d for page in pages for p in page.placements for d in (p.piece, p.back) if d is not None}


def _walk(items: tuple[Item, ...], matrix: Matrix = IDENTITY):
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.items, compose(matrix, item.transform))
        else:
            yield item, matrix


@parametrize_cases
def test_every_piece_keeps_visible_text_and_marks(kits, case):
    """Nothing printed the colour of what lies under it: with the ink saver too, where large
    colour areas go, every text and mark must still stand out, and every piece keep a mark."""
    options, pages, _ = kits[case].built
    for name, drawing in pieces(pages).items():
        art = with_ink_saver(drawing.items) if options.ink_saver else drawing.items
        below, marks = [], 0
        for item, matrix in _walk(art):
            left, top, right, bottom = bounds(item)
            ground = colour_under(below, apply(matrix, ((left + right) / 2, (top + bottom) / 2)))
            if isinstance(item, Text):
                assert contrast(item.colour, ground) >= TEXT_CONTRAST, (name, item.text, item.colour, ground)
                marks += 1
                continue
            # A mark shows if it stands out somewhere: a line crossing another shows beside the crossing.
            # (Large colour areas are the ground, not marks.)
            points = samples(item)
            if item.paint.fill is None:  # an outline shows where it is drawn: its sides' midpoints
                cx, cy = (left + right) / 2, (top + bottom) / 2
                points += [(cx, top), (cx, bottom), (left, cy), (right, cy)]
            assert item.paint.bulk or any(visible(item.paint, colour_under(below, apply(matrix, point))) for point in points), (name, item)
            marks += not item.paint.bulk
            below.append(painted(item, matrix))
        assert marks, name


def test_ink_saver_turns_light_text_on_dropped_colour_to_ink():
    # The terrain cards' back title, white on dark blue, would print white on white once its
    # blue fill is left out.
    from pnp.games.kingdom_builder.components import catalog, terrain_back

    back = terrain_back(catalog("en"))
    title = [t for t in texts(back.items) if t.text == "Kingdom Builder"][0]
    assert title.colour == "#FFFFFF"
    saved = [t for t in texts(with_ink_saver(back.items)) if t.text == "Kingdom Builder"][0]
    assert saved.colour == "#222222"


@parametrize_cases
def test_text_is_at_least_6_pt_and_stays_inside_its_box_and_piece(kits, case):
    options, pages, drawings = kits[case].built
    for drawing in drawings:  # the furniture and the cover
        for text in texts(drawing.items):
            assert fonts.layout(text).size >= 6, (drawing.name, text.text)
    for name, drawing in pieces(pages).items():
        cut = drawing.outline
        enclosing = []
        for item, matrix in _walk(drawing.items):
            if not isinstance(item, Text):
                if item.paint.stroke and not (isinstance(item, Polygon) and not item.closed) and not item.paint.bulk:
                    enclosing.append((item, matrix))
                continue
            laid = fonts.layout(item)
            assert laid.size >= 6, (name, item.text)
            corners = _glyph_corners(item, laid)
            box = (item.x - 1e-6, item.y - 1e-6, item.x + item.w + 1e-6, item.y + item.h + 1e-6)
            assert all(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in corners), (name, item.text)
            points = [apply(matrix, c) for c in corners]
            assert all(inside(cut, p) for p in points), (name, item.text)
            # Inside every outline drawn around it (a token's ring, a card's frame, a label's box).
            centre = apply(matrix, (item.x + item.w / 2, item.y + item.h / 2))
            for shape, m in enclosing:
                if inside(shape, apply(invert(m), centre)):
                    assert all(inside(shape, apply(invert(m), p)) for p in points), (name, item.text, shape)


def _glyph_corners(text: Text, laid) -> list[tuple[float, float]]:
    """The corners of each line's glyphs, as shaped: from the cap height above the baseline to the
    descent below."""
    em = laid.size * PT
    corners = []
    for index, baseline in enumerate(laid.baselines):
        left, width = laid.left(index), laid.shaped[index].width * em
        corners += [(x, y) for x in (left, left + width) for y in (baseline - 0.73 * em, baseline + 0.2 * em)]
    return corners


@parametrize_cases
def test_no_page_of_pieces_is_left_nearly_empty(kits, case):
    # A page holding a single card is a tenth full (63 x 88 of 198 x 276.6 mm), a page holding
    # 5 square segments of 42 mm a sixth: pieces are packed so that every page of pieces is at
    # least a quarter covered (round tokens and dice nets cover less than the space they take).
    options, pages, _ = kits[case].built
    for number, page in enumerate(pages, 1):
        if page.side in ("front", "single") and page.placements[0].cuts != "none":
            assert page_fill(page, options.paper) >= 0.25, (number, page.titles)
        # Without duplex a back page is a sheet of its own: at least a fifth covered too (one
        # card back, 10 %, was a whole sheet).
        if page.side == "back" and not options.duplex:
            assert page_fill(page, options.paper) >= 0.2, (number, page.titles)


def _painted_art(piece: Drawing, ink_saver: bool) -> list:
    return flat(with_ink_saver(piece.items) if ink_saver else piece.items)


@parametrize_cases
def test_a_cut_beside_a_shared_line_shows_the_same_colour_on_both_sides(kits, case):
    """Abutting pieces (cards, courts, paladin tokens) share their cut lines. A cut up to 1.4 mm
    off the line must show, on either piece, a sliver of the colour that piece has at its own
    edge: each background stops at a white frame, so within 1.4 mm of every shared line both
    pieces show one and the same colour (grass beside canyon showed a sliver of canyon)."""
    options, pages, _ = kits[case].built
    art: dict[str, list] = {}
    lines = 0
    for page in pages:
        shared = [p for p in page.placements if p.cuts == "shared"]
        for p in shared:
            w, h = p.piece.width, p.piece.height
            for q in shared:
                if q.block != p.block:
                    continue
                right = abs(q.x - (p.x + w)) < 1e-6 and abs(q.y - p.y) < 1e-6
                below = abs(q.y - (p.y + h)) < 1e-6 and abs(q.x - p.x) < 1e-6
                if not (right or below):
                    continue
                lines += 1
                seen = set()
                for piece, near in ((p.piece, True), (q.piece, False)):
                    laid = art.setdefault(piece.name, _painted_art(piece, options.ink_saver))
                    length = h if right else w
                    for along in [4.0 + k for k in range(int(length - 7))]:
                        for depth in (0.3, 0.8, 1.4):
                            across = (w - depth if right else h - depth) if near else depth
                            point = (across, along) if right else (along, across)
                            seen.add(colour_under(laid, point))
                assert len(seen) == 1, (p.piece.name, q.piece.name, seen)
    assert lines or not any(p.cuts == "shared" for page in pages for p in page.placements)


@pytest.mark.parametrize("case", [case_id(c) for c in CASES if c[1].get("lang") in ("ru", "fa")])
def test_a_russian_or_persian_kit_prints_no_english_word(kits, case):
    # Issue 42's done-when for print: ids (the words the catalogs are keyed by, as in a section's
    # id kb2-1000-tavern), commands and file names may stand in Latin letters; no word may.
    from pnp.games import GAMES as REGISTRY
    from tests.cli.test_languages import english_words

    ids = {part for game in REGISTRY.values() for key in game.catalog("en").ids for part in key.split(".")}
    ids.add("Letter")  # a paper size goes by its name in every language, as A4 does
    _, _, drawings = kits[case].built
    printed = {item.text for drawing in drawings for item in texts(drawing.items)}
    assert {text: words for text in sorted(printed) if (words := sorted(set(english_words(text)) - ids))} == {}

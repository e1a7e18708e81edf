"""Kingdom Builder as the registry sees it: its commands and their options, and what it
implements: the kit, generated board sections, set-ups with a printable sheet, the blank form,
its example (and a photo of it to scan), the score picture, the board to tap on the desk, and the
photo scan. Imports stay inside the methods so that listing the games costs no start-up time."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.games.base import (BoardPicture, BoardPictures, BoardsMaker, BundledExample, Engine, FormMaker, Game, Json,
                            KitMaker, Operation, PageBeside, Param, PhotoReader, Reading, Sample, ScorePicture,
                            SetupMaker, SetupSheet, Source, bundled_example, option)
from pnp.render.choices import Paper, Tokens

if TYPE_CHECKING:
    from pnp.draw import Drawing
    from pnp.games.kingdom_builder.model import Position
    from pnp.games.kingdom_builder.rules import Result
    from pnp.games.kingdom_builder.setup import Setup
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet

ID = "kingdom-builder"
OWN_SECTIONS = "A folder of your own section files."
FIRST_GAME = ("tavern", "paddock", "oasis", "farm")
# The example's form and a photo of its finished board (made by tools/sample_photo.py).
PHOTO_FORM, PHOTO = "first-game-form.yaml", "first-game-photo.jpg"


def section_names() -> list[str]:
    """Sections a board entry may name without a file of one's own, for a shell to complete."""
    from pnp.games.kingdom_builder.library import known_names

    return known_names()


class BoardsFormat(str, Enum):
    TXT = "txt"
    SVG = "svg"
    PDF = "pdf"


@dataclass(frozen=True)
class KitOptions:
    settlements: bool = option(False, "Also print 40 settlement tokens per colour.")
    tokens: Tokens = option(Tokens.CUT, "cut: 8 mm settlement tokens to cut out; punch: 9.525 mm ones, each in a guide "
                            "circle, for a 3/8-inch circle punch.")


@dataclass(frozen=True)
class BoardsOptions:
    fmt: BoardsFormat = option(BoardsFormat.TXT, "txt: section files only; svg or pdf: also their drawings.",
                               flag="--format")
    paper: Paper = option(Paper.A4, "Paper size for --format pdf.")
    bleed: float = option(0.0, "Artwork beyond the cut line, in mm.", min=0.0, max=5.0)


@dataclass(frozen=True)
class SetupOptions:
    players: int = option(2, "Number of players (2-4).", min=2, max=4)
    first_game: bool = option(False, "The rulebook's suggested first game on our sections.")
    sections_set: int | None = option(None, "Seed of the 8 sections you printed (pnp boards); default: the bundled set.",
                                      min=0)


@dataclass(frozen=True)
class FormOptions:
    boards: tuple[str, str, str, str] = option(
        FIRST_GAME, "Four sections: top-left, top-right, bottom-left, bottom-right; NAME@180 = turned.",
        complete=section_names)
    players: int | None = option(None, "Number of players (2-4); default 2.", min=2, max=4)
    setup_file: Path | None = option(None, "A set-up from 'pnp setup kingdom-builder --json': its boards, cards and "
                                     "players.", flag="--setup")
    boards_dir: Path | None = option(None, OWN_SECTIONS)


@dataclass(frozen=True)
class ExampleOptions:
    photo: bool = option(False, "Write instead the example's form (its boards, cards and players with their piece "
                         "colours, no settlements) and beside it a photo of its finished board, named as the form but "
                         "ending in .jpg: to try pnp scan on. Default name: scan-example.yaml.")


@dataclass(frozen=True)
class ScanOptions:
    corners: str | None = option(None, "Pixel centres of hexes A1, A20, T1 and T20, in that order, as "
                                 "\"X,Y X,Y X,Y X,Y\"; without it the kit's scan markers are looked for.")
    empty_corners: str | None = option(None, "The same for the --empty photo; without it the scan markers are looked "
                                       "for in that photo.")


class KingdomBuilder(KitMaker[KitOptions], BoardsMaker[BoardsOptions], SetupMaker["Setup", SetupOptions],
                     SetupSheet["Setup"], FormMaker[FormOptions], BundledExample[ExampleOptions],
                     ScorePicture["Result"], BoardPictures["Position", "Result"], PhotoReader["Position", ScanOptions],
                     PageBeside, Game["Position", "Result"]):
    id = ID
    name = "Kingdom Builder"
    summary = "print-and-play kit with generated board sections; set-ups; end-game gold from a transcribed board"
    example_file = "first-game.yaml"
    desk_terms = ("card", "location", "terrain", "report")
    commands = {
        "kit": Operation(
            "Every Kingdom Builder component: the 8 board sections of the default set, cards, tiles, tokens and aids.",
            ("pnp kit kingdom-builder", "pnp kit kingdom-builder --paper letter --bleed 3 --lang ru",
             "pnp kit kingdom-builder --format svg --out my-kit --ink-saver",
             "pnp kit kingdom-builder --settlements --tokens punch --only settlements",
             "pnp kit kingdom-builder --marks print-and-cut --gap 2 --pages 3-8")),
        "boards": Operation(
            "Write a set of 8 sections, one per location type, as section files named by their ids.\n\n"
            "Ids (kb2-SEED-LOCATION) can be used in transcriptions and --boards wherever a section name is.",
            ("pnp boards kingdom-builder --seed 42",
             "pnp boards kingdom-builder --seed 42 --format pdf --paper letter --out my-sections"),
            {"lang": "Language of the labels."}),
        "setup": Operation(
            "4 of the 8 sections with places and turns, 3 Kingdom Builder cards, the start player, and where the "
            "location summaries go.",
            ("pnp setup kingdom-builder --players 3", "pnp setup kingdom-builder --players 4 --seed 2026 --out setup.pdf",
             "pnp setup kingdom-builder --first-game --json > setup.json")),
        "template": Operation(
            "A transcription whose settlement grid is pre-filled with the sections' terrain letters.",
            ("pnp template kingdom-builder --boards tavern paddock oasis farm@180 --players 3 --out game.yaml",
             "pnp template kingdom-builder > game.yaml",
             "pnp template kingdom-builder --setup setup.json --out game.yaml")),
        "example": Operation(
            "A finished 3-player first game: the rulebook's first-game sections and cards, 40 settlements each.",
            ("pnp example kingdom-builder", "pnp example kingdom-builder --out game.yaml",
             "pnp example kingdom-builder --photo")),
        "check": Operation("Validate a Kingdom Builder transcription; exit 1 and list every problem if it has any.",
                           ("pnp check kingdom-builder game.yaml",)),
        "score": Operation(
            "Gold of every player, card by card, castles, total and the winners.",
            ("pnp score kingdom-builder game.yaml", "pnp score kingdom-builder game.yaml --explain",
             "pnp score kingdom-builder game.yaml --json > result.json",
             "pnp score kingdom-builder game.yaml --picture check.pdf")),
        "scan": Operation(
            "Find every settlement in a photo of the finished board and whose it is, fill them into the form, and "
            "list the hexes it is unsure of.\n\n"
            "FORM is a transcription ('pnp template kingdom-builder'): its boards and players are needed, its cards "
            "and settlements may be blank; a player may say the piece colour, e.g. {key: \"1\", name: Anna, colour: "
            "white}. --out may name FORM itself: filling in the form is what a scan is for, so FORM is replaced "
            "without --force; any other existing file needs --force.",
            ("pnp scan kingdom-builder game.yaml board.jpg --out game.yaml --overlay check.png",
             "pnp scan kingdom-builder game.yaml board.jpg --corners \"412,388 3630,402 455,2810 3702,2790\" --out game.yaml",
             "pnp scan kingdom-builder game.yaml board.jpg --empty setup.jpg --out game.yaml",
             "pnp scan kingdom-builder game.yaml board.jpg --json > read.json")),
    }
    library = Param("boards_dir", Path, None, OWN_SECTIONS)
    kit_options, boards_options, setup_options = KitOptions, BoardsOptions, SetupOptions
    form_options, example_options, scan_options = FormOptions, ExampleOptions, ScanOptions

    @functools.cache
    def engine(self) -> Engine[Position, Result]:
        from pnp.games.kingdom_builder import report, rules, transcription

        return Engine(transcription.read, report.summary, rules.evaluate, report.as_text, report.as_json,
                      transcription.dumps)

    # kit and boards
    def catalog(self, lang: str) -> Catalog:
        from pnp.games.kingdom_builder import components

        return components.catalog(lang)

    def kit_sheets(self, t: Catalog, paper: str, options: KitOptions) -> list[Sheet]:
        from pnp.games.kingdom_builder import kit

        return kit.sheets(t, paper, options.settlements, options.tokens.value)

    def boards(self, seed: int, lang: str, options: BoardsOptions) -> tuple[str, dict[str, str | bytes]]:
        from pnp.games.kingdom_builder.boards import section_files

        return section_files(seed, options.fmt.value, options.paper.value, options.bleed, lang)

    def example(self, options: ExampleOptions) -> Sample:
        if not options.photo:
            return super().example(options)
        return Sample("scan-example.yaml", bundled_example(PHOTO_FORM).decode("utf-8"), bundled_example(PHOTO))

    # set-ups and the form
    def setup(self, seed: int, options: SetupOptions) -> Setup:
        from pnp.games.kingdom_builder import setup
        from pnp.games.kingdom_builder.library import DEFAULT_SET

        make = setup.first_game if options.first_game else setup.random_setup
        return make(options.players, seed, DEFAULT_SET if options.sections_set is None else options.sections_set)

    def setup_text(self, made: Setup, lang: str = "en") -> str:
        from pnp.games.kingdom_builder import report

        return report.setup_text(made, lang)

    def setup_json(self, made: Setup) -> Json:
        from pnp.games.kingdom_builder import setup

        return setup.as_dict(made)

    def setup_sheet(self, made: Setup, fmt: str, paper: str, lang: str = "en") -> str | bytes:
        from pnp.games.kingdom_builder.pictures import setup_sheet

        return setup_sheet(made, fmt, paper, self.catalog(lang))

    def blank_form(self, lang: str, where: Path | None, options: FormOptions) -> str:
        from pnp.games.kingdom_builder.template import form_for

        return form_for(list(options.boards), options.players, options.setup_file, options.boards_dir, lang, where)

    # pictures: the score, and the board to tap on the desk
    def picture(self, result: Result, lang: str = "en") -> Drawing:
        from pnp.games.kingdom_builder.pictures import score_picture

        return score_picture(result, self.catalog(lang))

    def desk_colours(self) -> dict[str, dict[str, str]]:
        from pnp.games.kingdom_builder import art

        return {"player": {str(i): fill for i, (_, fill, _) in enumerate(art.PLAYERS)}}

    def board_picture(self, position: Position) -> BoardPicture:
        from pnp.games.kingdom_builder.pictures import DESK_SIZE, desk_board

        drawing, spots = desk_board(position.board)
        return BoardPicture(",".join(map(str, position.board.placements)), drawing, spots, DESK_SIZE)

    def pieces_picture(self, position: Position, result: Result | None = None, focus: str | None = None,
                       unsure: tuple[str, ...] = (), problems: tuple[str, ...] = ()) -> Drawing:
        from pnp.games.kingdom_builder.pictures import desk_pieces

        keys = tuple(player.key for player in position.players)[:4]  # the colours there are
        settlements = tuple(s for s in position.settlements if s[1] in keys)
        return desk_pieces(keys, settlements, result, focus, unsure, problems)

    # the photo scan
    def scan(self, text: str, source: Source, photo: bytes, photo_name: str, lang: str, options: ScanOptions,
             setup: tuple[bytes, str] | None = None) -> Reading:
        from dataclasses import replace

        from pnp.games.kingdom_builder import scan_output
        from pnp.games.kingdom_builder.model import label
        from pnp.games.kingdom_builder.scan import scan
        from pnp.games.kingdom_builder.scan_colours import player_colours
        from pnp.games.kingdom_builder.transcription import parse_form
        from pnp.render.i18n import render_catalog
        from pnp.games.kingdom_builder.scan_layout import CORNER_LABELS
        from pnp.errors import OptionError, say
        from pnp.scan.corners import FLAG, SETUP_FLAG, parse_corners

        if options.empty_corners is not None and setup is None:
            raise OptionError([say("problem.scan.setup_corners_alone")])
        given = [None if text is None else parse_corners(text, CORNER_LABELS, flag)
                 for text, flag in ((options.corners, FLAG), (options.empty_corners, SETUP_FLAG))]
        board, players = parse_form(text, source)
        image, points, n = _decoded(photo, photo_name, given[0], FLAG)
        before = None if setup is None else _decoded(*setup, given[1], SETUP_FLAG)[:2]
        colours = player_colours([player.colour for player in players])
        result = scan(image, board, [(player.key, colour) for player, colour in zip(players, colours)], points, before)
        result = replace(result, corners=tuple(((x + .5) * n - .5, (y + .5) * n - .5) for x, y in result.corners))
        return Reading(scan_output.filled_form(text, source.file, board, result, render_catalog(lang)),
                       tuple(label(read.cell) for read in result.uncertain()), tuple(scan_output.summary(result)),
                       tuple(scan_output.notes(result)),
                       scan_output.as_json(result), lambda kind: scan_output.overlay(result, kind))

    def unsure(self, text: str) -> tuple[str, ...]:
        from pnp.games.kingdom_builder.transcription import unsure_hexes

        return tuple(unsure_hexes(text))

    def dumps_unsure(self, position: Position, unsure: tuple[str, ...]) -> str:
        from pnp.games.kingdom_builder.transcription import dumps

        return dumps(position, unsure)


def _decoded(photo: bytes, name: str, points: list[tuple[float, float]] | None,
             flag: str) -> tuple[Any, list[tuple[float, float]] | None, int]:
    """A photo decoded only as large as the scan reads it (it shrinks the board to 2 pixels per
    pixel of its straightened board: a 50-megapixel photo's pixels are never all held at once),
    the corners given with `flag` (checked in the photo's own pixels) carried into it, and how
    many times smaller it is."""
    from pnp.games.kingdom_builder.scan import check_board_corners
    from pnp.games.kingdom_builder.scan_layout import W, hexes_apart
    from pnp.scan.photo import decode_photo, image_size, reduced_points, reduction

    width, height = image_size(photo) or (0, 0)
    n = reduction(width, height, None if points is None else hexes_apart(points), 2 * W)
    image = decode_photo(photo, name, n)
    if points is not None:
        if (width > height) != (image.shape[1] > image.shape[0]):  # turned by its EXIF orientation
            width, height = height, width
        check_board_corners(points, width, height, flag)
        points = reduced_points(points, n, image.shape[1], image.shape[0])
    return image, points, n


GAME = KingdomBuilder()

"""An export request: checked whole (every problem at once), then turned into files."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from pnp.errors import OptionError, did_you_mean, say
from pnp.export import faces, pod, tts

TARGETS = ("pod", "tts")


@dataclass(frozen=True)
class Request:
    game: str
    target: str  # pod | tts
    dpi: int | None = None  # pod only; None: 300
    bleed: float | None = None  # pod only; None: 3 mm
    preset: str | None = None  # pod only
    url_base: str | None = None  # tts only
    lang: str = "en"

    @property
    def settings(self) -> pod.Settings:
        return pod.Settings(300 if self.dpi is None else self.dpi, 3.0 if self.bleed is None else self.bleed, self.preset)


def problems(request: Request) -> list[str]:
    """Everything wrong with the request."""
    from pnp.games import GAMES

    found: list[str] = []
    takes = [game_id for game_id, game in GAMES.items() if game.offers("export")]  # those with a kit
    if request.game in GAMES and request.game not in takes:
        found.append(say("problem.export.no_kit", game=GAMES[request.game].name, games=takes))
    elif request.game not in GAMES:
        found.append(say("problem.export.game", game=f"'{request.game}'", hint=did_you_mean(request.game, GAMES),
                         games=takes))
    if request.target not in TARGETS:
        found.append(say("problem.export.target", target=f"'{request.target}'", targets=list(TARGETS)))
    elif request.target == "pod":
        found += pod.problems(request.settings)
        if request.url_base is not None:
            found.append(say("problem.export.tts_only"))
    else:
        found += [say("problem.export.pod_only", option=option) for option, value in
                  (("--dpi", request.dpi), ("--bleed", request.bleed), ("--preset", request.preset)) if value is not None]
        if request.url_base is not None and not _base_url(request.url_base):
            found.append(say("problem.export.url", url=f"'{request.url_base}'"))
    return found


def _base_url(url: str) -> bool:
    """An http(s) URL with a host, or a file:/// URI of an absolute path (where the folder will be)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    located = bool(parts.netloc) if parts.scheme in ("http", "https") else parts.scheme == "file" and parts.path.startswith("/")
    return located and not any(c.isspace() or ord(c) < 32 for c in url)


def check(request: Request) -> None:
    found = problems(request)
    if found:
        raise OptionError(found)


@functools.lru_cache(maxsize=2)  # costs, files and notes of one export read the same pieces
def _pieces(request: Request) -> list[faces.Piece]:
    from pnp.games import GAMES
    from pnp.games.base import KitMaker, options_of, params
    from pnp.render.imposition import PAPERS

    game = GAMES[request.game]
    if not isinstance(game, KitMaker):  # `problems` refuses a game without a kit before any piece is asked for
        raise OptionError(problems(request))
    # A table has no box to take pieces from: a Tabletop Simulator table gets every optional piece
    # the kit can print (its switches: Kingdom Builder's settlements, Carolus Magnus's paladins).
    kind = options_of(game, "kit")
    switches = {p.name: True for p in params(kind) if p.type is bool} if request.target == "tts" else {}
    return faces.pieces(game.kit_sheets(game.catalog(request.lang), next(iter(PAPERS)), kind(**switches)))


def costs(request: Request) -> list[int]:
    """The pixels of each image the export renders, in the order it renders them: what progress
    is measured in, as rendering and encoding an image take time in proportion to them."""
    kinds = _pieces(request)
    return pod.costs(kinds, request.settings) if request.target == "pod" else tts.costs(kinds)


def files(request: Request, folder_uri: str, on_image: Callable[[int], None] | None = None) -> dict[str, bytes]:
    """The export's files by path relative to its folder; `folder_uri` is the folder's file:///
    URI, which a Tabletop Simulator table names its images under unless --url-base is given."""
    check(request)
    kinds = _pieces(request)
    if request.target == "pod":
        return pod.export(kinds, request.settings, on_image)
    return tts.export(kinds, request.game, tts.locator(request.url_base or folder_uri), on_image)


def notes(request: Request, folder_uri: str) -> list[tuple[str, dict[str, object]]]:
    """What a user of the files should know, as catalog keys and their values: for a table, where
    its images are looked for (a path that moving the folder breaks, unless --url-base names where
    they will be), and the decks whose cards stay under 250 ppi."""
    if request.target != "tts":
        return []
    said: list[tuple[str, dict[str, object]]] = [("cli.say.note_coarse", {"ppi": tts.CARD_DPI_AIM, "deck": deck})
                                                 for deck in tts.coarse(_pieces(request))]
    if request.url_base is None:
        said.append(("cli.say.note_paths", {"file": f"{request.game}.json", "folder": f"{folder_uri}/…"}))
    return said

"""Where board sections come from: files, generated ids, and the bundled default set.

A board entry in a transcription, a set-up or `--boards` is resolved in this order:
1. a path (it contains '/' or ends in '.txt'), relative to the transcription's folder;
2. a file NAME.txt beside the transcription, in --boards-dir, or among the bundled sections;
3. a generated section's id (`kb2-1000-tavern`), generated on the spot;
4. a location type (`tavern`): that section of the bundled default set.
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import did_you_mean
from pnp.games.kingdom_builder import generator
from pnp.games.kingdom_builder.section import Section, read_section
from pnp.games.kingdom_builder.facts import LOCATIONS, Terrain
from pnp.resources import data_dir

DEFAULT_SET = 1000  # the seed of the bundled, curated set of 8 sections


class NotFound(Exception):
    """No section answers to a board entry; the message says where we looked."""


def bundled_dir() -> Path:
    return data_dir("boards")


def default_id(location: Terrain) -> str:
    return generator.section_id(DEFAULT_SET, location)


def known_names() -> list[str]:
    """Names a user can type without a file of their own: bundled ids and location types."""
    return sorted({p.stem for p in bundled_dir().glob("*.txt")} | {t.value for t in LOCATIONS})


def lookup(entry: str, base_dir: Path, boards_dir: Path | None = None) -> Section:
    """The section an entry names. Raises NotFound, or InputError for a malformed file."""
    if "/" in entry or "\\" in entry or entry.endswith(".txt"):
        path = base_dir / entry
        if not path.is_file():
            raise NotFound(f"section file '{entry}' not found (looked for {path})")
        return read_section(path, _shown(path))
    for folder in (base_dir, boards_dir, bundled_dir()):
        if folder is not None and (folder / f"{entry}.txt").is_file():
            return read_section(folder / f"{entry}.txt", _shown(folder / f"{entry}.txt"))
    if generator.parse_id(entry):
        return generator.resolve(entry)  # type: ignore[return-value]
    if entry in {t.value for t in LOCATIONS}:
        return lookup(default_id(Terrain(entry)), base_dir, boards_dir)
    raise NotFound(f"board section '{entry}' not found{did_you_mean(entry, known_names())}; use a location type "
                   f"({', '.join(t.value for t in LOCATIONS)}), a generated id like "
                   f"{default_id(Terrain.TAVERN)}, or a path to a section file")


def _shown(path: Path) -> str:
    """A section file's name as the user would recognise it in a message."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)

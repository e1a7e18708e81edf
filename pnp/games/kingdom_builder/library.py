"""Where board sections come from: files, generated ids, and the bundled default set.

A board entry in a transcription, a set-up or `--boards` is resolved in this order:
1. a path (it contains '/' or ends in '.txt'), relative to the transcription's folder;
2. a file NAME.txt beside the transcription, in --boards-dir, or among the bundled sections;
3. a generated section's id (`kb2-1000-tavern`), generated on the spot;
4. a location type (`tavern`): that section of the bundled default set.

Files are read only inside the transcription's folder and --boards-dir (no absolute paths,
no '..', no symbolic link leading out), only if regular and small (`MAX_REFERENCED`).
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import did_you_mean, say
from pnp.games.kingdom_builder import generator
from pnp.games.kingdom_builder.section import Section, read_section
from pnp.games.kingdom_builder.facts import LOCATIONS, Terrain
from pnp.games.kingdom_builder.model import NAMES
from pnp.inputs import Refused, confined
from pnp.resources import data_dir
from pnp.yamldoc import shown

DEFAULT_SET = 1000  # the seed of the bundled, curated set of 8 sections
MAX_ENTRY = 100  # characters in a board entry: longer is no section name (and no file name)


K = "problem.kingdom_builder."  # the catalog keys of the messages


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
    if not entry.strip() or len(entry) > MAX_ENTRY:
        raise NotFound(say(K + "not_a_section", name=shown(entry), most=MAX_ENTRY))
    roots = [base_dir] if boards_dir is None else [base_dir, boards_dir]
    if "/" in entry or "\\" in entry or entry.endswith(".txt"):
        path = _find(entry, base_dir, roots, say(K + "section_file", name=shown(entry)))
        if path is None:
            raise NotFound(say(K + "no_section_file", name=shown(entry), where=str(base_dir / entry)))
        return read_section(path, _shown(path))
    for folder in roots:
        path = _find(f"{entry}.txt", folder, roots, say(K + "section", name=shown(entry)))
        if path is not None:
            return read_section(path, _shown(path))
    if (bundled_dir() / f"{entry}.txt").is_file():
        return read_section(bundled_dir() / f"{entry}.txt", f"{entry}.txt")
    generated = generator.resolve(entry)  # None: not a generated id
    if generated is not None:
        return generated
    location = NAMES.id("location", entry)  # a location type, or the word its tiles print
    if location is not None:
        return lookup(default_id(Terrain(location)), base_dir, boards_dir)
    raise NotFound(say(K + "no_section", name=shown(entry), hint=did_you_mean(entry, known_names()) or NAMES.hint("location", entry),
                       locations=NAMES.choices("location"), example=default_id(Terrain.TAVERN)))


def _find(reference: str, folder: Path, roots: list[Path], what: str) -> Path | None:  # what: a `say` message
    """The section file `reference` names in `folder`, or None; refused (NotFound) if it
    lies outside `roots`, the folders the user chose."""
    try:
        return confined(reference, folder, roots)
    except Refused as refusal:
        raise NotFound(say(K + "refused", what=what, why=refusal.args[0])) from None
    except FileNotFoundError:
        return None


def _shown(path: Path) -> str:
    """A section file's name as the user would recognise it in a message."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)

"""Edits not saved, kept by the desk itself so that a page on any port finds them.

A browser keeps its storage per origin, and an origin is a port: `pnp desk` in a folder and
`pnp desk game.yaml` serve the same file on different ports, and neither page could see what the
other kept. So every page also sends its drafts here, one per file and tab, kept under the
user's state folder (`$XDG_STATE_HOME/pnp`, else `~/.local/state/pnp`):

- `drafts/<hash of the file's path>/<hash of the tab>.json`: a draft, as the page sent it, with
  the file's absolute path and the tab's id inside (a hash is never trusted alone);
- `recent/<hash of the folder>.json`: the file each game last saved in a folder, so that
  `pnp desk` there opens it again rather than a new blank one.

Every name is a hash the desk made, so no request can name a file outside the store; files are
written atomically, read only when regular and small, and the store is bounded: at most
`MOST_PER_FILE` drafts a file and `MOST` in all (the oldest go first).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import threading
from pathlib import Path

from pnp.desk.service import Refused, checked
from pnp.games.base import Json

MAX_DRAFT = 512 * 1024  # a draft as stored: a position is a few KiB
MOST = 200  # drafts kept in all
MOST_PER_FILE = 20  # drafts kept for one file (tabs, and pages closed without saving)
TAB = re.compile(r"[A-Za-z0-9_-]{1,64}")
MOST_STEPS = 50  # steps of a draft's edit history kept (the page keeps the last that fit in MAX_DRAFT)


def state_folder() -> Path:
    """Where pnp keeps what outlives one run (the XDG base directory for state)."""
    base = os.environ.get("XDG_STATE_HOME", "")
    return (Path(base) if os.path.isabs(base) else Path.home() / ".local" / "state") / "pnp"


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _read(path: Path) -> Json | None:
    """A stored JSON object, or None when it is not there, a link, not a regular file, too large
    or spoilt: nothing outside the store is read through it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return None
        raw = file.read(MAX_DRAFT + 1)
    try:
        data = json.loads(raw) if len(raw) <= MAX_DRAFT else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _newest_first(draft: Json) -> float:
    at = draft.get("at")
    return -float(at) if isinstance(at, (int, float)) else 0.0


def draft_of(tab: object, request: Json) -> Json:
    """What a page sent to keep, refused (400) unless it is a draft: the position (an object
    within a file's limits), its unsure hexes, the version of the file it was made on, when, and
    how many edits it holds."""
    if not isinstance(tab, str) or not TAB.fullmatch(tab):
        raise Refused(400, "'tab' is 1 to 64 letters, digits, '-' or '_'")
    unsure, version, at, edits = (request.get(k) for k in ("unsure", "version", "at", "edits"))
    if not isinstance(unsure, list) or not all(isinstance(u, str) for u in unsure):
        raise Refused(400, "'unsure' is a list of hexes")
    if version is not None and not isinstance(version, str):
        raise Refused(400, "'version' is the file's version or null")
    if not isinstance(at, (int, float)) or isinstance(at, bool) or not 0 <= at < 1e14:
        raise Refused(400, "'at' is when the draft was made, in milliseconds")
    if not isinstance(edits, int) or isinstance(edits, bool) or not 0 <= edits < 1_000_000:
        raise Refused(400, "'edits' is how many edits the draft holds")
    draft: Json = {"tab": tab, "document": checked(request.get("document")), "unsure": unsure, "version": version,
                   "at": at, "edits": edits}
    if request.get("history") is not None:
        draft["history"] = history_of(request["history"])
    return draft


def history_of(history: object) -> Json:
    """A draft's edit history, refused (400) unless it is one: up to `MOST_STEPS` positions as the
    page writes them (text) and the index of the one shown (`at`). The page reads each position
    back itself; only the shape is checked here, and the size with the whole draft. Which step the
    file holds is not kept: the page reads the file again when it restores a draft."""
    states = history.get("states") if isinstance(history, dict) else None
    at = history.get("at") if isinstance(history, dict) else None
    if (not isinstance(states, list) or not 0 < len(states) <= MOST_STEPS or not all(isinstance(s, str) for s in states)
            or not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(states)):
        raise Refused(400, f"'history' is up to {MOST_STEPS} positions and the index of the one shown ('at')")
    return {"states": states, "at": at}


class Drafts:
    """The store under `root` (see the module's note); several request threads use it at once."""

    def __init__(self, root: Path):
        self.root = root
        self.lock = threading.Lock()

    def _folder(self, path: Path) -> Path:
        return self.root / "drafts" / _hash(str(path))

    def list(self, path: Path) -> list[Json]:
        """The drafts kept for the file at `path`, the newest first."""
        folder = self._folder(path)
        if folder.is_symlink():
            return []
        try:
            names = sorted(os.listdir(folder))[:MOST_PER_FILE * 2]
        except OSError:
            return []
        found = [d for name in names if name.endswith(".json")
                 if (d := _read(folder / name)) is not None and d.get("path") == str(path)]
        return sorted(({k: v for k, v in d.items() if k != "path"} for d in found), key=_newest_first)

    def put(self, path: Path, draft: Json) -> None:
        """Keep `draft` (as `draft_of` gives it) as its tab's for the file at `path`."""
        from pnp.outputs import OutputError, write_file

        text = json.dumps({**draft, "path": str(path)}, ensure_ascii=False)
        if len(text.encode("utf-8")) > MAX_DRAFT:
            raise Refused(413, f"a draft is kept up to {MAX_DRAFT // 1024} KiB; a position is a few KiB")
        with self.lock:
            try:
                write_file(self._folder(path) / f"{_hash(str(draft['tab']))}.json", text, force=True)
            except OutputError:  # its message names the folder: the page shows no path of the server's
                raise Refused(507, "the desk could not keep the draft: its state folder cannot be written; "
                                   "the page keeps it in the browser") from None
            self._trim()

    def forget(self, path: Path, tab: object) -> None:
        """The draft of `tab` for the file at `path` removed (saved, or discarded)."""
        if not isinstance(tab, str) or not TAB.fullmatch(tab):
            raise Refused(400, "'tab' is 1 to 64 letters, digits, '-' or '_'")
        with self.lock:
            try:
                (self._folder(path) / f"{_hash(tab)}.json").unlink()
            except OSError:
                pass  # nothing kept
            try:
                self._folder(path).rmdir()  # the file's last draft
            except OSError:
                pass

    def _trim(self) -> None:
        """The oldest drafts removed beyond `MOST_PER_FILE` a file and `MOST` in all."""
        drafts = self.root / "drafts"
        kept: list[tuple[float, Path]] = []
        for folder in os.scandir(drafts):
            if not folder.is_dir(follow_symlinks=False):
                continue
            files = sorted(((f.stat(follow_symlinks=False).st_mtime, Path(f.path)) for f in os.scandir(folder.path)
                            if f.is_file(follow_symlinks=False) and f.name.endswith(".json")), reverse=True)
            for _, old in files[MOST_PER_FILE:]:
                old.unlink(missing_ok=True)
            kept += files[:MOST_PER_FILE]
        for _, old in sorted(kept, reverse=True)[MOST:]:
            old.unlink(missing_ok=True)

    def saved(self, path: Path, game_id: str) -> None:
        """`path` is the file `game_id` last saved in its folder."""
        from pnp.outputs import OutputError, write_file

        with self.lock:
            files = self._recent(path.parent).get("files")
            record = {"folder": str(path.parent), "last": game_id,
                      "files": {**(files if isinstance(files, dict) else {}), game_id: path.name}}
            try:
                write_file(self.root / "recent" / f"{_hash(str(path.parent))}.json", json.dumps(record, ensure_ascii=False), force=True)
            except OutputError:
                pass  # the next desk here starts a new file, as before: nothing is lost

    def _recent(self, folder: Path) -> Json:
        record = _read(self.root / "recent" / f"{_hash(str(folder))}.json")
        return record if record is not None and record.get("folder") == str(folder) else {}

    def recent(self, folder: Path) -> tuple[str | None, dict[str, Path]]:
        """The game saved last in `folder`, and the file each game saved there last (names only:
        a file in `folder`, whether it is still there or not)."""
        record = self._recent(folder)
        files = record.get("files")
        found = {g: folder / n for g, n in (files.items() if isinstance(files, dict) else ())
                 if isinstance(g, str) and isinstance(n, str) and n == Path(n).name and n not in ("", ".", "..")}
        last = record.get("last")
        return (last if isinstance(last, str) and last in found else None), found

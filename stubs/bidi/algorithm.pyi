# What pnp calls of python-bidi's pure-Python algorithm (the package ships no type information).
# The storage is the plain dict the algorithm's steps pass along and change in place.
from collections import deque
from typing import TypedDict

class _Char(TypedDict):
    ch: str
    level: int
    type: str  # the character's bidi class, as the rules resolve it
    orig: str  # its class before them

class _Run(TypedDict):
    sor: str
    eor: str
    start: int
    length: int
    type: str

class _Storage(TypedDict):
    base_level: int | None
    base_dir: str | None
    chars: list[_Char]
    runs: deque[_Run]

def get_base_level(text: str, upper_is_rtl: bool = False) -> int: ...
def get_empty_storage() -> _Storage: ...
def get_embedding_levels(text: str, storage: _Storage, upper_is_rtl: bool = False, debug: bool = False) -> None: ...
def explicit_embed_and_overrides(storage: _Storage, debug: bool = False) -> None: ...
def resolve_weak_types(storage: _Storage, debug: bool = False) -> None: ...
def resolve_neutral_types(storage: _Storage, debug: bool) -> None: ...
def resolve_implicit_levels(storage: _Storage, debug: bool) -> None: ...

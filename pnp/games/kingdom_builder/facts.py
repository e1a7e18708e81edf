"""Terrain types of Kingdom Builder hexes and their one-letter codes in section files."""

from __future__ import annotations

from enum import Enum


class Terrain(str, Enum):
    GRASS = "grass"
    CANYON = "canyon"
    DESERT = "desert"
    FLOWER = "flower"
    FOREST = "forest"
    WATER = "water"
    MOUNTAIN = "mountain"
    CASTLE = "castle"
    ORACLE = "oracle"
    FARM = "farm"
    TAVERN = "tavern"
    TOWER = "tower"
    HARBOR = "harbor"
    PADDOCK = "paddock"
    BARN = "barn"
    OASIS = "oasis"

    def __repr__(self) -> str:
        return f"Terrain.{self.name}"

    @property
    def is_location(self) -> bool:
        return self in LOCATIONS

    @property
    def is_special(self) -> bool:
        """Castles and location hexes: what Merchants links and Workers touches."""
        return self is Terrain.CASTLE or self in LOCATIONS

    @property
    def letter(self) -> str:
        """The section-file letter; every location type is written `L`."""
        return "L" if self in LOCATIONS else _LETTER_OF[self]


BUILDABLE = (Terrain.GRASS, Terrain.CANYON, Terrain.DESERT, Terrain.FLOWER, Terrain.FOREST)
LOCATIONS = (
    Terrain.ORACLE, Terrain.FARM, Terrain.TAVERN, Terrain.TOWER,
    Terrain.HARBOR, Terrain.PADDOCK, Terrain.BARN, Terrain.OASIS,
)
# Sections of these types carry 2 castles and 1 location hex; the others 1 castle and 2.
TWO_CASTLE_LOCATIONS = (Terrain.ORACLE, Terrain.HARBOR)
# Hexes nobody may build on (water is allowed through the Harbor, so it is not listed).
UNBUILDABLE = (Terrain.MOUNTAIN, Terrain.CASTLE, *LOCATIONS)

_LETTER_OF = {
    Terrain.GRASS: "G", Terrain.CANYON: "C", Terrain.DESERT: "D", Terrain.FLOWER: "F",
    Terrain.FOREST: "T", Terrain.WATER: "W", Terrain.MOUNTAIN: "M", Terrain.CASTLE: "K",
}
BY_LETTER = {letter: terrain for terrain, letter in _LETTER_OF.items()}
LOCATION_LETTER = "L"
TERRAIN_LETTERS = frozenset(BY_LETTER) | {LOCATION_LETTER}
MAX_SETTLEMENTS = 40  # wooden settlements each player has

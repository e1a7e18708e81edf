"""Reading a transcribed Great Wall position (YAML) into a `Position`, every problem with its line.

```yaml
game: great-wall
players: [Anna, Boris, Clara]        # in turn order
next: Boris                          # whose turn starts next (with a success check)
phase: playing                       # or last-round-over: no more cards are played
pool: 22                             # tokens still face down in the pool
won: {Anna: [5, 3]}                  # tokens taken face down so far
sections:
  - tokens: [4, 7]                   # face up beside the section
    choose: {Boris: 4}               # optional: the token a player takes here (default: the higher)
    cards:                           # in the order played, the newest last
      - {player: Anna, card: wall}
      - {player: Boris, card: infantry}
  - tokens: [5]
    cards:
      - {player: Anna, card: gate, token: 3}      # the first token lies on this card
      - {player: Clara, card: dragon, covers: 2}  # a Dragon on card 2 of this list
```
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pnp.errors import did_you_mean
from pnp.games.great_wall.facts import DECK, TOKENS, Kind, sections_for
from pnp.games.great_wall.model import LAST_ROUND_OVER, PLAYING, Card, Position, Section
from pnp.yamldoc import LineDict, LineList, Reader, read_text

GAME_ID = "great-wall"
FIELDS = ("game", "players", "next", "phase", "pool", "won", "sections")
SECTION_FIELDS = ("tokens", "cards", "choose")
CARD_FIELDS = ("player", "card", "covers", "token")
KINDS = tuple(kind.value for kind in Kind)


def load(path: Path) -> Position:
    file = str(path)
    return parse(read_text(path, file), file)


def parse(text: str, file: str) -> Position:
    return _Reader(file).read(text)


class _Reader(Reader):
    game_id, fields, required = GAME_ID, FIELDS, ("game", "players", "sections", "pool")

    def __init__(self, file: str):
        super().__init__(file)
        self.tokens_seen: Counter[int] = Counter()

    def read(self, text: str) -> Position:
        data = self.document(text)
        players = self.players(data)
        names = set(players)
        next_player = str(data.get("next", players[0] if players else ""))
        if players and next_player not in names:
            self.problem(data.line_of("next"), f"next is '{next_player}', not one of the players{did_you_mean(next_player, names)}")
        phase = str(data.get("phase", PLAYING))
        if phase not in (PLAYING, LAST_ROUND_OVER):
            self.problem(data.line_of("phase"), f"phase is '{phase}', expected '{PLAYING}' or '{LAST_ROUND_OVER}'")
        pool = data.get("pool", 0)
        if not isinstance(pool, int) or isinstance(pool, bool) or not 0 <= pool <= sum(TOKENS.values()):
            self.problem(data.line_of("pool"), f"pool is '{pool}', expected a number of tokens from 0 to 36")
            pool = 0
        won = self.won(data, names)
        sections = self.sections(data, names, len(players))
        self.check_supply(players, sections, pool, data)
        self.finish()
        return Position(tuple(players), next_player, tuple(sections), won, pool, phase, self.file)

    def players(self, data: LineDict) -> list[str]:
        entries = data.get("players")
        if "players" in data and (not isinstance(entries, LineList) or not 2 <= len(entries) <= 5):
            self.problem(data.line_of("players"), "players needs a list of 2-5 names in turn order")
        if not isinstance(entries, LineList):
            return []
        names: list[str] = []
        for name, line in zip(entries, entries.item_lines):
            name = str(name).strip()
            if not name:
                self.problem(line, "a player needs a name")
            elif name in names:
                self.problem(line, f"player '{name}' is given twice")
            names.append(name)
        return names

    def token(self, value: Any, line: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or value not in TOKENS:
            values = ", ".join(map(str, sorted(TOKENS)))
            self.problem(line, f"token '{value}' does not exist (token values: {values})")
            return None
        self.tokens_seen[value] += 1
        return value

    def won(self, data: LineDict, names: set[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
        mapping = data.get("won", LineDict())
        if not isinstance(mapping, LineDict):
            self.problem(data.line_of("won"), "won needs a mapping of player -> list of token values")
            return ()
        result = []
        for name, values in mapping.items():
            line = mapping.line_of(name)
            if str(name) not in names:
                self.problem(line, f"won: unknown player '{name}'{did_you_mean(str(name), names)}")
                continue
            if not isinstance(values, LineList):
                self.problem(line, f"won: {name} needs a list of token values, like [5, 3]")
                continue
            tokens = [self.token(v, l) for v, l in zip(values, values.item_lines)]
            result.append((str(name), tuple(t for t in tokens if t is not None)))
        return tuple(result)

    def sections(self, data: LineDict, names: set[str], players: int) -> list[Section]:
        entries = data.get("sections")
        if "sections" not in data:
            return []
        if not isinstance(entries, LineList):
            self.problem(data.line_of("sections"), "sections needs a list of wall sections")
            return []
        if players and len(entries) > sections_for(players):
            self.problem(data.line_of("sections"), f"{len(entries)} sections open; with {players} players "
                                                    f"there are at most {sections_for(players)}")
        result = []
        for number, (entry, line) in enumerate(zip(entries, entries.item_lines), start=1):
            if not isinstance(entry, LineDict):
                self.problem(line, f"section {number} needs 'tokens' and 'cards'")
                continue
            result.append(self.section(entry, number, names))
        return result

    def section(self, entry: LineDict, number: int, names: set[str]) -> Section:
        for key in entry:
            if key not in SECTION_FIELDS:
                self.problem(entry.line_of(key), f"section {number}: unknown field '{key}'{did_you_mean(str(key), SECTION_FIELDS)}")
        raw_tokens = entry.get("tokens", LineList())
        tokens: list[int] = []
        if isinstance(raw_tokens, LineList):
            tokens = [t for t in (self.token(v, l) for v, l in zip(raw_tokens, raw_tokens.item_lines)) if t is not None]
        else:
            self.problem(entry.line_of("tokens"), f"section {number}: tokens needs a list of the face-up tokens, like [4, 7]")
        cards = self.cards(entry, number, names)
        on_cards = [card for card in cards if card.token is not None]
        if len(on_cards) > 1:
            self.problem(entry.line_of("cards"), f"section {number}: {len(on_cards)} cards carry a token; only the first token lies on a card")
        if (len(tokens), len(on_cards)) not in ((2, 0), (1, 1)) and isinstance(raw_tokens, LineList):
            self.problem(entry.line_of("tokens"), f"section {number} has {len(tokens)} face-up and {len(on_cards)} "
                                                  "on-card tokens; a section has 2 face up, or 1 face up and 1 on a card")
        return Section(tuple(tokens), tuple(cards), self.choices(entry, number, names, tokens))

    def choices(self, entry: LineDict, number: int, names: set[str], tokens: list[int]) -> tuple[tuple[str, int], ...]:
        """Which of the two face-up tokens a player would take (ruling GW-3 applies otherwise)."""
        raw = entry.get("choose")
        if raw is None:
            return ()
        if not isinstance(raw, LineDict):
            self.problem(entry.line_of("choose"), f"section {number}: choose needs player -> token, like {{Anna: 4}}")
            return ()
        result = []
        for player, value in raw.items():
            line = raw.line_of(player)
            if str(player) not in names:
                self.problem(line, f"section {number}: choose: unknown player '{player}'{did_you_mean(str(player), names)}")
            elif value not in tokens:
                self.problem(line, f"section {number}: {player} cannot choose {value}; the face-up tokens are "
                                   f"{', '.join(map(str, tokens)) or 'none'}")
            else:
                result.append((str(player), value))
        return tuple(result)

    def cards(self, entry: LineDict, number: int, names: set[str]) -> list[Card]:
        raw = entry.get("cards", LineList())
        if not isinstance(raw, LineList):
            self.problem(entry.line_of("cards"), f"section {number}: cards needs a list like [{{player: Anna, card: wall}}]")
            return []
        cards: list[Card] = []
        covered_by: dict[int, int] = {}
        for index, (item, line) in enumerate(zip(raw, raw.item_lines)):
            where = f"section {number}, card {index + 1}"
            if not isinstance(item, LineDict) or "player" not in item or "card" not in item:
                self.problem(line, f"{where}: needs player and card, like {{player: Anna, card: wall}}")
                continue
            for key in item:
                if key not in CARD_FIELDS:
                    self.problem(item.line_of(key), f"{where}: unknown field '{key}'{did_you_mean(str(key), CARD_FIELDS)}")
            player, kind_name = str(item["player"]), str(item["card"]).strip().lower()
            if player not in names:
                self.problem(line, f"{where}: unknown player '{player}'{did_you_mean(player, names)}")
            if kind_name not in KINDS:
                self.problem(line, f"{where}: unknown card '{item['card']}'{did_you_mean(kind_name, KINDS)}; cards: {', '.join(KINDS)}")
                continue
            kind = Kind(kind_name)
            token = self.token(item["token"], line) if "token" in item else None
            covers = item.get("covers")
            if covers is not None:
                if kind is not Kind.DRAGON:
                    self.problem(line, f"{where}: only a Dragon covers another card")
                    covers = None
                elif isinstance(covers, bool) or not isinstance(covers, int) or not 1 <= covers <= index:
                    self.problem(line, f"{where}: covers must name an earlier card of this section, 1 to {index}")
                    covers = None
                elif covers - 1 in covered_by:
                    self.problem(line, f"{where}: card {covers} is already covered by card {covered_by[covers - 1] + 1}")
                    covers = None
                else:
                    covered_by[covers - 1] = index
                    covers -= 1
            cards.append(Card(player, kind, covers, token))
        for target, dragon in covered_by.items():
            if target < len(cards) and cards[target].token is not None:
                self.problem(raw.item_lines[dragon], f"section {number}, card {dragon + 1}: a Dragon cannot cover "
                                                     f"card {target + 1}, which carries a token")
        return cards

    def check_supply(self, players: list[str], sections: list[Section], pool: int, data: LineDict) -> None:
        """Nothing on the table beyond what the box holds."""
        counts: Counter[tuple[str, Kind]] = Counter(
            (card.player, card.kind) for section in sections for card in section.cards)
        for (player, kind), count in sorted(counts.items()):
            if count > DECK[kind]:
                self.problem(data.line_of("sections"), f"{player} has {count} {kind.value} cards on the wall; "
                                                        f"a deck holds {DECK[kind]}")
        for value, count in sorted(self.tokens_seen.items()):
            if count > TOKENS[value]:
                self.problem(None, f"{count} tokens of value {value} on the table; the game has {TOKENS[value]}")
        visible = sum(self.tokens_seen.values())
        if visible + pool > sum(TOKENS.values()):
            self.problem(data.line_of("pool"), f"{visible} tokens on the table and {pool} in the pool make "
                                               f"{visible + pool}; the game has {sum(TOKENS.values())}")


def dumps(position: Position) -> str:
    """The position as a transcription that `parse` reads back to the same position."""
    from pnp.yamlout import dumps as yaml_text

    def card(item: Card) -> dict[str, Any]:
        data: dict[str, Any] = {"player": item.player, "card": item.kind.value}
        if item.covers is not None:
            data["covers"] = item.covers + 1  # the file counts cards from 1
        if item.token is not None:
            data["token"] = item.token
        return data

    def section(item: Section) -> dict[str, Any]:
        data: dict[str, Any] = {"tokens": list(item.tokens)}
        if item.choices:
            data["choose"] = dict(item.choices)
        data["cards"] = [card(c) for c in item.cards]
        return data

    return yaml_text({"game": GAME_ID, "players": list(position.players), "next": position.next,
                      "phase": position.phase, "pool": position.pool,
                      "won": {player: list(tokens) for player, tokens in position.won},
                      "sections": [section(s) for s in position.sections]})

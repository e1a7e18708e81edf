"""Reading a transcribed Great Wall position (YAML) into a `Position`, every problem with its line.

```yaml
game: great-wall
players: [Anna, Boris, Clara]        # in turn order
next: Boris                          # whose turn starts next (with a success check)
phase: playing                       # or last-round-over: no more cards are played
pool: 22                             # tokens still face down in the pool
won: {Anna: [5, 3]}                  # tokens taken face down so far
boxed: [4]                           # 2 players (ruling GW-1): the value of each equal pair put back
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
  - tokens: []                       # completed, with the pool empty: nothing to reveal
    cards: []
```

Every one of the 36 tokens must be accounted for: face up, on a card, taken, in the pool or
put back in the box.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.errors import Problem, did_you_mean, say
from pnp.games.base import Source, read_leniently
from pnp.games.great_wall.facts import DECK, NAMES, TOKENS, Kind, sections_for
from pnp.games.great_wall.model import LAST_ROUND_OVER, PLAYING, Card, Position, Section
from pnp.yamldoc import LineDict, LineList, Reader, Transcription, integer, is_null, shown

GAME_ID = "great-wall"
FIELDS = ("game", "players", "next", "phase", "pool", "won", "boxed", "sections")
SECTION_FIELDS = ("tokens", "cards", "choose")
CARD_FIELDS = ("player", "card", "covers", "token")
ALL_TOKENS = sum(TOKENS.values())


def read(text: Transcription, source: Source) -> tuple[Position | None, list[Problem]]:
    """The position a text holds, as far as it can be read, and every problem in it."""
    reader = _Reader(source.file, source.games)
    return read_leniently(reader.problems, lambda: reader.read(text))


K = "problem.great_wall."  # the catalog keys of the messages


class _Reader(Reader):
    game_id, fields, required = GAME_ID, FIELDS, ("game", "players", "sections", "pool")

    def read(self, text: Transcription) -> Position:
        self.tokens_seen: Counter[int] = Counter()
        self.token_problem = False  # a token that could not be read: counting them all would mislead
        self.deck: Counter[tuple[str, Kind]] = Counter()
        data = self.document(text)
        players = self.players(data)
        names = set(players)
        next_player = players[0] if players else ""
        if "next" in data:
            next_player = self.name(data["next"], data.line_of("next"), "next") or next_player
            if players and next_player not in names:
                self.problem(data.line_of("next"), say(K + "next", name=shown(next_player),
                                                       hint=did_you_mean(next_player, names)))
        phase = data.get("phase", PLAYING)
        if phase not in (PLAYING, LAST_ROUND_OVER):
            self.problem(data.line_of("phase"), say(K + "phase", value=shown(data["phase"]), playing=f"'{PLAYING}'",
                                                    over=f"'{LAST_ROUND_OVER}'"))
        pool = integer(data.get("pool"))
        if "pool" in data and (pool is None or not 0 <= pool <= ALL_TOKENS):
            self.problem(data.line_of("pool"), say(K + "pool", value=shown(data["pool"]), most=ALL_TOKENS))
            self.token_problem = True
        elif pool is not None and pool % 2:
            self.problem(data.line_of("pool"), say(K + "pool_odd", count=pool))
        pool = pool if pool is not None and 0 <= pool <= ALL_TOKENS else 0
        won = self.won(data, names)
        boxed = self.boxed(data, len(players))
        sections = self.sections(data, names, len(players), pool)
        self.check_tokens(data, sections, won, boxed, pool)
        return Position(tuple(players), next_player, tuple(sections), won, pool, str(phase), boxed, self.file)

    def players(self, data: LineDict) -> list[str]:
        entries = data.get("players")
        if "players" in data and (not isinstance(entries, LineList) or not 2 <= len(entries) <= 5):
            self.problem(data.line_of("players"), say(K + "players"))
        if not isinstance(entries, LineList):
            return []
        names: list[str] = []
        for value, line in zip(entries, entries.item_lines):
            name = self.name(value, line, say("problem.yaml.a_player"))
            if name is None:
                continue
            if name in names:
                self.problem(line, say(K + "player_twice", name=shown(name)))
            names.append(name)
        return names

    def token(self, value: Any, line: int) -> int | None:
        number = integer(value)
        if number is None or number not in TOKENS:
            self.problem(line, say(K + "token", value=shown(value), values=sorted(TOKENS)))
            self.token_problem = True
            return None
        self.tokens_seen[number] += 1
        return number

    def tokens(self, raw: Any, line: int, what: str) -> list[int] | None:  # what: a field, or a `say` message
        """A list of token values; None (reported) when it is not a list."""
        if is_null(raw):
            return []
        if not isinstance(raw, LineList):
            self.problem(line, say(K + "tokens", what=what))
            self.token_problem = True
            return None
        return [t for t in (self.token(v, l) for v, l in zip(raw, raw.item_lines)) if t is not None]

    def won(self, data: LineDict, names: set[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
        mapping = data.get("won")
        if is_null(mapping):
            return ()
        if not isinstance(mapping, LineDict):
            self.problem(data.line_of("won"), say(K + "won"))
            self.token_problem = True
            return ()
        result = []
        for name, values in mapping.items():
            line = mapping.line_of(name)
            tokens = self.tokens(values, line, f"won: {name}")
            if name not in names:
                self.problem(line, say(K + "won_player", name=shown(name), hint=did_you_mean(name, names)))
            elif tokens is not None:
                result.append((str(name), tuple(tokens)))
        taken = sum(len(tokens) for _, tokens in result)
        if taken % 2 and not self.token_problem:
            self.problem(data.line_of("won"), say(K + "won_odd", count=taken))
        return tuple(result)

    def boxed(self, data: LineDict, players: int) -> tuple[int, ...]:
        """Ruling GW-1: with 2 players an equal pair revealed goes back to the box."""
        if "boxed" not in data:
            return ()
        line = data.line_of("boxed")
        values = self.tokens(data["boxed"], line, "boxed") or []
        if values and players and players != 2:
            self.problem(line, say(K + "boxed"))
        self.tokens_seen.update(values)  # each value stands for a pair: count its second token
        return tuple(values)

    def sections(self, data: LineDict, names: set[str], players: int, pool: int) -> list[Section]:
        entries = data.get("sections")
        if "sections" not in data:
            return []
        if is_null(entries):
            entries = LineList()
            entries.line, entries.item_lines = data.line_of("sections"), []
        if not isinstance(entries, LineList):
            self.problem(data.line_of("sections"), say(K + "sections"))
            return []
        if players and len(entries) > sections_for(players):
            self.problem(data.line_of("sections"), say(K + "too_many_sections", count=len(entries), players=players,
                                                        most=sections_for(players)))
        elif players and pool and len(entries) < sections_for(players):
            self.problem(data.line_of("sections"), say(K + "too_few_sections", count=len(entries), players=players,
                                                        needs=sections_for(players)))
        result = []
        for number, (entry, line) in enumerate(zip(entries, entries.item_lines), start=1):
            if not isinstance(entry, LineDict):
                self.problem(line, say(K + "section", section=number))
                continue
            result.append(self.section(entry, number, line, names, players, pool))
        return result

    def section(self, entry: LineDict, number: int, line: int, names: set[str], players: int, pool: int) -> Section:
        for key in entry:
            if key not in SECTION_FIELDS:
                self.problem(entry.line_of(key), say(K + "section_field", section=number, field=shown(key),
                                                           hint=did_you_mean(key, SECTION_FIELDS)))
        if "tokens" not in entry:
            self.problem(line, say(K + "no_tokens_field", section=number))
        tokens_line = entry.line_of("tokens")
        tokens = self.tokens(entry.get("tokens"), tokens_line, say(K + "section_tokens", section=number))
        cards = self.cards(entry, number, names)
        on_cards = [card.token for card in cards if card.token is not None]
        if len(on_cards) > 1:
            self.problem(entry.line_of("cards"), say(K + "on_cards", section=number, count=len(on_cards)))
        if tokens is None:
            return Section((), tuple(cards), ())
        shape = (len(tokens), len(on_cards))
        if shape == (0, 0) and "tokens" in entry:
            if cards:
                self.problem(tokens_line, say(K + "completed_cards", section=number, count=len(cards)))
            elif pool:
                self.problem(tokens_line, say(K + "completed_pool", section=number, pool=pool))
        elif shape not in ((2, 0), (1, 1)) and "tokens" in entry:
            self.problem(tokens_line, say(K + "shape", section=number, up=len(tokens), on=len(on_cards)))
        pair = tokens + on_cards
        if players == 2 and len(pair) == 2 and pair[0] == pair[1]:
            self.problem(tokens_line, say(K + "equal_pair", section=number, value=pair[0]))
        return Section(tuple(tokens), tuple(cards), self.choices(entry, number, names, tokens))

    def choices(self, entry: LineDict, number: int, names: set[str], tokens: list[int]) -> tuple[tuple[str, int], ...]:
        """Which of the two face-up tokens a player would take (ruling GW-3 applies otherwise)."""
        raw = entry.get("choose")
        if is_null(raw):
            return ()
        if not isinstance(raw, LineDict):
            self.problem(entry.line_of("choose"), say(K + "choose", section=number))
            return ()
        result = []
        for player, value in raw.items():
            line = raw.line_of(player)
            chosen = integer(value)
            if player not in names:
                self.problem(line, say(K + "choose_player", section=number, name=shown(player),
                                           hint=did_you_mean(player, names)))
            elif chosen not in tokens:
                self.problem(line, say(K + "cannot_choose" if tokens else "cannot_choose_none", section=number,
                                       name=player, value=shown(value) if chosen is None else chosen, tokens=tokens))
            else:
                result.append((str(player), chosen))
        return tuple(result)

    def cards(self, entry: LineDict, number: int, names: set[str]) -> list[Card]:
        raw = entry.get("cards")
        if is_null(raw):
            return []
        if not isinstance(raw, LineList):
            self.problem(entry.line_of("cards"), say(K + "cards", section=number))
            return []
        cards: list[Card] = []
        covered_by: dict[int, int] = {}
        for index, (item, line) in enumerate(zip(raw, raw.item_lines)):
            where = say(K + "card_at", section=number, card=index + 1)
            if not isinstance(item, LineDict) or "player" not in item or "card" not in item:
                self.problem(line, say(K + "card_fields", where=where))
                continue
            for key in item:
                if key not in CARD_FIELDS:
                    self.problem(item.line_of(key), say(K + "card_field", where=where, field=shown(key),
                                                               hint=did_you_mean(key, CARD_FIELDS)))
            player = self.name(item["player"], line, say(K + "card_player", where=where))
            if player is not None and player not in names:
                self.problem(line, say(K + "unknown_player", where=where, name=shown(player),
                                       hint=did_you_mean(player, names)))
            kind_name = NAMES.id("card", item["card"])
            if kind_name is None:
                self.problem(line, say(K + "unknown_card", where=where, card=shown(item["card"]),
                                       hint=NAMES.hint("card", item["card"]), cards=NAMES.choices("card")))
                continue
            kind = Kind(kind_name)
            if player is not None:
                self.deck[player, kind] += 1
                if self.deck[player, kind] == DECK[kind] + 1:
                    self.problem(line, say(K + "deck", where=where, name=player, number=DECK[kind] + 1, kind=kind.value, deck=DECK[kind]))
            token = self.token(item["token"], item.line_of("token")) if "token" in item else None
            covers = self.covers(item, index, where, kind, covered_by, line)
            cards.append(Card(player or "", kind, covers, token))
        for target, dragon in covered_by.items():
            if target < len(cards) and cards[target].token is not None:
                self.problem(raw.item_lines[dragon], say(K + "dragon_token", where=say(K + "card_at", section=number, card=dragon + 1),
                                                         card=target + 1))
        return cards

    def covers(self, item: LineDict, index: int, where: str, kind: Kind, covered_by: dict[int, int], line: int) -> int | None:
        """The 0-based index of the card a Dragon lies on; every mistake said plainly."""
        if is_null(item.get("covers")):
            return None
        raw, earlier = item["covers"], say(K + "earlier", last=index) if index > 1 else 1
        target = integer(raw)
        if kind is not Kind.DRAGON:
            self.problem(line, say(K + "not_dragon", where=where, kind=kind.value))
        elif index == 0:
            self.problem(line, say(K + "first_card", where=where))
        elif target is None:
            self.problem(line, say(K + "covers", where=where, value=shown(raw), earlier=earlier))
        elif target < 1:
            self.problem(line, say(K + "covers_zero", where=where, target=target, earlier=earlier))
        elif target == index + 1:
            self.problem(line, say(K + "covers_itself", where=where, target=target, earlier=earlier))
        elif target > index + 1:
            self.problem(line, say(K + "covers_later", where=where, target=target, earlier=earlier))
        elif target - 1 in covered_by:
            self.problem(line, say(K + "covered", where=where, target=target,
                                   by=covered_by[target - 1] + 1))
        else:
            covered_by[target - 1] = index
            return target - 1
        return None

    def check_tokens(self, data: LineDict, sections: list[Section], won: tuple[tuple[str, tuple[int, ...]], ...], boxed: tuple[int, ...], pool: int) -> None:
        """All 36 tokens accounted for, and none of a value beyond what the game has."""
        for value, count in sorted(self.tokens_seen.items()):
            if count > TOKENS[value]:
                self.problem(None, say(K + "too_many_tokens", count=count, value=value, most=TOKENS[value]))
        if self.token_problem or "pool" not in data:
            return
        face_up = sum(len(section.tokens) for section in sections)
        on_cards = sum(1 for section in sections for card in section.cards if card.token is not None)
        taken = sum(len(tokens) for _, tokens in won)
        total = face_up + on_cards + taken + pool + 2 * len(boxed)
        if total != ALL_TOKENS:
            put_back = say(K + "put_back", count=2 * len(boxed)) if boxed else ""
            self.problem(data.line_of("pool"), say(K + "total", up=face_up, on=on_cards, taken=taken, pool=pool,
                                                   put_back=put_back, total=total, all=ALL_TOKENS))


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

    document: dict[str, Any] = {"game": GAME_ID, "players": list(position.players), "next": position.next,
                                "phase": position.phase, "pool": position.pool,
                                "won": {player: list(tokens) for player, tokens in position.won}}
    if position.boxed:
        document["boxed"] = list(position.boxed)
    document["sections"] = [section(s) for s in position.sections]
    return yaml_text(document)

"""The event log alone tells a client where every tile is: folding the events of a hand, event by event, keeps all
tiles accounted for (wall positions, hands, sets, flowers, discard rows) and ends in exactly the table's state."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from game.ai.bots import GreedyBot, RandomBot
from game.core.events import Event
from game.core.table import Table
from game.core.wall import BOTTOM, TOP
from tests.scoring_builders import classic, classic_judge

Pos = tuple[int, int]


@dataclass
class Folded:
    """What a client knows after reading the events so far."""

    wall: set[Pos] = field(default_factory=set)
    tiles_in_set: int = 0
    concealed: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(4)])
    melds: list[list[Counter]] = field(default_factory=lambda: [[] for _ in range(4)])
    bonus: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(4)])
    discards: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])

    def held(self) -> int:
        return sum(sum(c.values()) for c in self.concealed) + sum(sum(m.values()) for ms in self.melds for m in ms) \
            + sum(sum(c.values()) for c in self.bonus) + sum(len(d) for d in self.discards)

    def take_from_wall(self, position: Pos) -> None:
        assert position in self.wall, f"a tile was taken from {position}, where the log has none"
        self.wall.remove(position)

    def take_from_hand(self, seat: int, tile: int, count: int = 1) -> None:
        assert self.concealed[seat][tile] >= count, f"seat {seat} gave up tile {tile} the log never gave it"
        self.concealed[seat][tile] -= count
        self.concealed[seat] += Counter()  # drop zero counts

    def apply(self, event: Event) -> None:
        e = event
        if e.kind == "wall_built":
            self.tiles_in_set = e.tiles
            self.wall = {(i // 2, TOP if i % 2 == 0 else BOTTOM) for i in range(e.tiles)}
        elif e.kind == "wall_broken":
            for level in (TOP, BOTTOM):
                self.take_from_wall((e.stack, level))
            assert not self.wall & set(e.loose), "the loose tiles are laid where no tile lies"
            self.wall |= set(e.loose)
            assert set(e.kong_box) <= self.wall
        elif e.kind == "tiles_dealt":
            assert len(e.tiles) == len(e.positions)
            for position in e.positions:
                self.take_from_wall(position)
            self.concealed[e.seat].update(e.tiles)
        elif e.kind == "tile_drawn":
            self.take_from_wall(e.position)
            self.concealed[e.seat][e.tile] += 1
            assert e.tiles_left >= 0
        elif e.kind == "replacement_drawn":
            self.take_from_wall(e.position)
            self.concealed[e.seat][e.tile] += 1
            for source, target in e.moves:
                self.take_from_wall(source)
                assert target not in self.wall
                self.wall.add(target)
        elif e.kind == "bonus_exposed":
            self.take_from_hand(e.seat, e.tile)
            self.bonus[e.seat][e.tile] += 1
        elif e.kind == "tile_discarded":
            self.take_from_hand(e.seat, e.tile)
            self.discards[e.seat].append(e.tile)
        elif e.kind == "discard_claimed":
            assert self.discards[e.from_seat][-1] == e.tile, "only the latest discard can be claimed"
            self.discards[e.from_seat].pop()
            from_hand = Counter(e.meld)
            from_hand[e.tile] -= 1
            for tile, n in from_hand.items():
                if n:
                    self.take_from_hand(e.seat, tile, n)
            self.melds[e.seat].append(Counter(e.meld))
        elif e.kind == "kong_declared":
            if e.promoted:
                pung = next(m for m in self.melds[e.seat] if m == Counter({e.tile: 3}))
                self.take_from_hand(e.seat, e.tile)
                pung[e.tile] += 1
            else:
                self.take_from_hand(e.seat, e.tile, 4)
                self.melds[e.seat].append(Counter({e.tile: 4}))
        elif e.kind == "kong_robbed":
            self.take_from_hand(e.from_seat, e.tile)
            self.concealed[e.seat][e.tile] += 1
        elif e.kind == "mah_jongg" and e.won_by == "discard":
            assert self.discards[e.from_seat][-1] == e.tile, "the winning discard is the latest one"
            self.discards[e.from_seat].pop()
            self.concealed[e.seat][e.tile] += 1


def _play(seed: int, bots: str) -> Table:
    rng = random.Random(seed)
    players = [GreedyBot(rng) if kind == "g" else RandomBot(rng) for kind in bots]
    table = Table(classic().play, classic_judge(), seed=seed, east=seed % 4)
    table.begin()
    while table.phase != "over":
        seat = table.awaiting()[0]
        table.apply(seat, players[seat].decide(table.view(seat), table.legal_actions(seat)))
    return table


@pytest.mark.parametrize("bots", ["rrrr", "ggrr", "gggg"])
def test_event_log__every_tile_accounted_for_after_every_event(bots: str) -> None:
    """Reading the events one by one, the tiles in the wall, the hands, the sets, the flowers and the discard rows
    always add up to the whole set, every tile is taken from a position where the log put one, and the final
    picture is the table's own: the log carries all a client needs to show the hand."""
    kinds: Counter = Counter()
    for seed in range(60):
        table = _play(seed, bots)
        folded = Folded()
        for event in table.events:
            folded.apply(event)
            kinds[event.kind] += 1
            if folded.tiles_in_set:
                assert len(folded.wall) + folded.held() == folded.tiles_in_set == 144, (seed, event)
        _assert_same(folded, table)
    # The hands played cover every way tiles move (claims, kongs of each kind, loose tiles laid anew, wins).
    assert kinds["discard_claimed"] and kinds["kong_declared"] and kinds["bonus_exposed"]
    if bots != "rrrr":
        assert kinds["mah_jongg"]


def _snapshot(table: Table) -> Folded:
    folded = Folded(wall=set(table.wall.tiles), tiles_in_set=0)
    for seat, p in enumerate(table.players):
        folded.concealed[seat] = Counter(p.concealed)
        folded.melds[seat] = [Counter(m.tiles) for m in p.melds]
        folded.bonus[seat] = Counter(p.bonus)
        folded.discards[seat] = list(p.discards)
    return folded


def _assert_same(folded: Folded, table: Table) -> None:
    assert folded.wall == set(table.wall.tiles)
    for seat, p in enumerate(table.players):
        assert folded.concealed[seat] == Counter(p.concealed), seat
        assert sorted(sorted(m.elements()) for m in folded.melds[seat]) == sorted(sorted(m.tiles) for m in p.melds)
        assert folded.bonus[seat] == Counter(p.bonus), seat
        assert folded.discards[seat] == p.discards, seat


@pytest.mark.parametrize("robbed", [True, False])
def test_event_log__promoted_kong_robbed_or_not(robbed: bool) -> None:
    """A pung promoted with a drawn tile, robbed for Mah Jongg or completed with its loose tile: the events move
    the fourth tile to the robber's hand, or onto the pung with a loose tile for the promoter."""
    from game.core.actions import DeclareKong, MahJongg, Pass
    from tests.builders import rigged_table, t

    filler = "1C 1C 9C 9C EW EW SW SW WW WW NW RD GD"
    table = rigged_table({0: "2C 3C 4C 6D 6D 1D 2D 3D EW SW", 1: filler, 2: filler,
                          3: "1B 2B 3B 4B 5B 6B 7B 8B 9B 7D 8D RD RD"}, "9D", melds={0: ["9D 9D 9D"]}, current=0)
    folded, mark = _snapshot(table), len(table.events)
    table.apply(0, DeclareKong(t("9D")))
    table.apply(3, MahJongg() if robbed else Pass())
    kinds = [e.kind for e in table.events[mark:]]
    assert kinds == (["kong_robbed", "mah_jongg"] if robbed else ["kong_declared", "replacement_drawn"])
    for event in table.events[mark:]:
        folded.apply(event)
    _assert_same(folded, table)

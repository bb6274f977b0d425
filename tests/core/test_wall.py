"""The wall ceremony (classic help L1183–L1262)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.tiles import full_set
from game.core.wall import BOTTOM, LOOSE, TOP, Wall, side_for_throw
from tests.tiers import examples


def _wall(tiles=None, per_side=18):
    return Wall(tiles or full_set(), per_side)


@pytest.mark.parametrize(("total", "side"), [(1, 0), (5, 0), (9, 0), (2, 1), (6, 1), (10, 1), (3, 2), (7, 2),
                                             (11, 2), (4, 3), (8, 3), (12, 3)])
def test_wall__first_throw_chooses_the_side(total, side):
    """T-DICE-2: 1/5/9 East's wall, 2/6/10 South's, 3/7/11 West's, 4/8/12 North's."""
    assert side_for_throw(total) == side


def test_wall__help_file_example_twelve_then_four():
    """T-DICE-1: East throws 12 (North's wall), North throws 4: the breach is stack 16 of North's wall, the top
    loose tile lies on stack 15 and the bottom one on stack 13."""
    wall = _wall()
    north = 3
    top, bottom = wall.tiles[(wall.stack_index(north, 16), TOP)], wall.tiles[(wall.stack_index(north, 16), BOTTOM)]
    breach = wall.break_wall((6, 6), (1, 3))
    assert (breach.side, breach.position, breach.stack) == (north, 16, wall.stack_index(north, 16))
    assert wall.loose == [(wall.stack_index(north, 15), LOOSE), (wall.stack_index(north, 13), LOOSE)]
    assert wall.tiles[wall.loose[0]] == top and wall.tiles[wall.loose[1]] == bottom
    assert (wall.stack_index(north, 16), TOP) not in wall.tiles


def test_wall__counting_runs_round_the_corner():
    """A breach past 18 continues on the next wall in playing order."""
    wall = _wall()
    breach = wall.break_wall((6, 5), (5, 6))  # 11 → West's wall, 11 + 11 = 22 → stack 4 of North's wall
    assert breach.stack == wall.stack_index(3, 4)


def test_wall__kong_box_and_live_wall_sizes():
    """T-WALL-1: 144 tiles; the kong box is 14 tiles + 2 loose tiles; the live wall 128."""
    wall = _wall()
    wall.break_wall((3, 4), (2, 2))
    assert len(wall.kong_box) == 14 and len(wall.loose) == 2
    assert wall.live_count == 128


def test_wall__live_wall_starts_right_of_the_breach():
    """The deal starts with the stack right of the breach, top tile first."""
    wall = _wall()
    breach = wall.break_wall((2, 2), (1, 1))
    assert wall.next_draw_position() == ((breach.stack + 1) % 72, TOP)


def test_wall__kong_box_is_left_of_the_breach():
    """The 14 kong-box tiles are the seven stacks left of the breach."""
    wall = _wall()
    breach = wall.break_wall((2, 2), (1, 1))
    stacks = {s for s, _ in wall.kong_box}
    assert stacks == {(breach.stack - k) % 72 for k in range(1, 8)}


def test_wall__loose_tiles_are_used_first_then_new_ones_are_laid():
    """Replacements come from the loose tiles; when both are used the next kong-box tiles are laid on top at once."""
    wall = _wall()
    wall.break_wall((2, 2), (1, 1))
    _tile, first, moves = wall.draw_loose()
    assert first[1] == LOOSE and not moves
    _tile, second, moves = wall.draw_loose()
    assert second[1] == LOOSE and moves, "new loose tiles are laid out as soon as both were used (L3618)"
    assert len(wall.loose) == 2 and all(level == LOOSE for _, level in wall.loose)
    assert wall.replacements_left == 14


def test_wall__kong_box_runs_out_then_live_wall_end_is_used():
    """After 16 replacements the next one comes from the end of the live wall (A16)."""
    wall = _wall()
    wall.break_wall((2, 2), (1, 1))
    for _ in range(16):
        wall.draw_loose()
    last = wall.live[-1]
    _, position, _ = wall.draw_loose()
    assert position == last and wall.live_count == 127


def test_wall__moving_kong_box_keeps_its_size():
    """With kong_box_moves the live wall gives a tile to the kong box for every replacement (A15)."""
    wall = Wall(full_set(), 18, kong_box_moves=True)
    wall.break_wall((2, 2), (1, 1))
    for _ in range(8):
        wall.draw_loose()
    assert wall.live_count == 120 and wall.replacements_left == 16


def test_wall__without_flowers_is_seventeen_stacks_a_side():
    """A 136-tile set builds four walls of 17 stacks (A29)."""
    wall = Wall.build(random.Random(1), flowers=False)
    assert wall.stacks_per_side == 17 and len(wall.tiles) == 136


@settings(max_examples=examples(60))
@given(st.integers(0, 2**32), st.tuples(st.integers(1, 6), st.integers(1, 6)),
       st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_wall__every_tile_is_somewhere(seed, first, second):
    """After breaking, every tile is in the live wall, the kong box or a loose tile, exactly once."""
    wall = Wall.build(random.Random(seed))
    before = sorted(wall.tiles.values())
    wall.break_wall(first, second)
    positions = list(wall.live) + list(wall.kong_box) + list(wall.loose)
    assert len(positions) == len(set(positions)) == 144
    assert sorted(wall.tiles[p] for p in positions) == before


def test_wall__without_kong_box_replacements_come_from_the_back():
    """The Western game has no kong box: all tiles are live and loose tiles come from the far end."""
    wall = Wall(full_set(True, jokers=8), 19, kong_box_stacks=0)
    breach = wall.break_wall((3, 3), (2, 2))
    assert wall.live_count == 152 and not wall.kong_box and not wall.loose
    assert wall.next_draw_position() == ((breach.stack + 1) % 76, TOP)
    last = wall.live[-1]
    _tile, position, moves = wall.draw_loose()
    assert position == last and not moves and last[0] == breach.stack


def test_wall__western_table_deals_east_fourteen_from_a_152_tile_wall():
    """Jokers make 152 tiles in walls of 19 stacks; East is dealt 14; the hand plays to the last tile."""
    from game.core.judge import RegularJudge
    from game.core.play_rules import PlayRules
    from game.core.table import Table

    rules = PlayRules(jokers=8, east_dealt_fourteen=True, replacements_from_wall_end=True)
    table = Table(rules, RegularJudge(), seed=4, east=1)
    assert table.wall.stacks_per_side == 19
    held = [len(p.concealed) + 3 * len(p.melds) for p in table.players]
    assert held == [13, 14, 13, 13]
    table.begin()
    assert table.phase == "turn" and table.current == 1 and table.drawn_tile is None

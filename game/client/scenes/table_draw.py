"""Drawing the table: stakes, hands, exposed sets, ponds, the compass, name plates, flying tiles.

Everything is drawn from a :class:`TableView`: the table's state as the human's seat may see it (plus every hand
with Show All Hands or once the hand is over) and the player's marks on it (the cursor, the tiles chosen to pass,
the QuickTip tile); things still on their way (hidden keys of the animator) are skipped. The table scene and the
replay viewer each make one; neither is passed to the drawing itself.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.client import layout
from game.client.animate import Animator
from game.client.danger import danger_suit
from game.client.look import Palette, fit_text, mix, text, text_size
from game.client.messages import WIND_LETTERS, WIND_SHORT
from game.client.render.sprites import TileSprites
from game.client.widgets import draw_timer_bar
from game.core.melds import MeldKind
from game.core.table import Table
from game.core.tiles import sort_for_display, suit_name, wind_tile
from game.i18n import _, format_number
from game.session.driver import HUMAN


def hand_order(concealed: list[int], drawn: int | None) -> list[int]:
    """The human's stake left to right: sorted as the original sorts, the tile just drawn apart on the right."""
    tiles = list(concealed)
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        return [*sort_for_display(tiles), drawn]
    return sort_for_display(tiles)


def has_drawn(table: Table) -> bool:
    """The human has just drawn a tile (it stands apart on the right of the stake)."""
    return table.phase == "turn" and table.current == HUMAN and table.drawn_tile is not None


def hand_tiles(table: Table) -> list[int]:
    """The human's stake, left to right."""
    return hand_order(table.players[HUMAN].concealed, table.drawn_tile if has_drawn(table) else None)


def hand_places(table: Table, tiles: Sequence[int]) -> list[layout.Placed]:
    """Where each of the human's ``tiles`` stands on the stake."""
    return layout.hand_positions(len(tiles), has_drawn(table))


@dataclass
class TableView:
    """What the table drawing reads: a table, who sits at it, and the human player's marks on it."""

    table: Table
    names: Sequence[str]
    totals: Sequence[int]
    first_east: int
    palette: Palette
    sprites: TileSprites
    pulse: float = 0.5
    """The glow on whoever is to act, 0–1."""
    reveal_all: bool = False
    """Every hand face up (Show All Hands, the end of a hand, a replay)."""
    hidden: set[Hashable] = field(default_factory=set)
    """The animator's keys of things still on their way, not to be drawn yet."""
    ceremony: Any = None
    """The wall picture and the stakes while they are dealt (``game.client.ceremony.Ceremony``), or None."""
    cursor: int = -1
    keyboard_active: bool = False
    hover: int = -1
    usable: set[int] | None = None
    """While the player chooses among the stake's tiles (those of a chow, the discard a declaration goes with):
    the tiles that may be chosen, the others dimmed (None otherwise)."""
    shadow: float = 1.0
    """The shadow under moving tiles, its size (the Tile shadows setting); 0 draws none."""
    others_usable: bool = False
    """The tiles outside ``usable`` may be chosen too (a declaration that may be a bluff): they are not dimmed."""
    pass_pick: set[int] = field(default_factory=set)
    """Indices of the stake tiles chosen to pass on."""
    tip_tiles: tuple[int, ...] = ()
    """QuickTip's tiles, marked on the stake: the one to discard, or the ones to pass on (none when it is off)."""
    last_discard_live: bool = True
    may_claim: bool = False
    """The human may claim the discard in the middle (it is marked as claimable)."""
    claim_unlimited: bool = False
    claim_fraction: float | None = None
    """The claim window's timer bar, full (1) to empty (0); None shows the hand number instead."""
    undo_fraction: float | None = None
    """The timer bar for taking back the human's discard, or None."""
    away: frozenset[int] = frozenset()
    """The seats whose player is away from a network table (a computer plays for them meanwhile)."""

    def hand_tiles(self) -> list[int]:
        return hand_tiles(self.table)

    def hand_places(self, tiles: Sequence[int]) -> list[layout.Placed]:
        return hand_places(self.table, tiles)


def draw_table(surface: pygame.Surface, view: TableView) -> None:
    """The whole table under the scene's own marks: cloth markings, stakes, hands, sets, compass, ponds, names."""
    table = view.table
    draw_inlay(surface, view.palette)
    current = table.current if table.phase == "turn" else None
    playing = [seat for seat in range(4) if seat != table.empty_seat]
    for seat in playing:
        draw_stake(surface, seat, table.seat_wind(seat), seat == current, view.palette, view.pulse)
    for seat in playing[1:]:
        draw_opponent_hand(surface, view, seat)
        draw_melds(surface, view, seat)
    draw_melds(surface, view, HUMAN)
    draw_compass(surface, view)
    draw_ponds(surface, view)
    draw_name_plates(surface, view)
    draw_human_hand(surface, view)


def draw_stake(surface: pygame.Surface, seat: int, wind: int, is_current: bool, palette: Palette,
               pulse: float) -> None:
    """The stake of ``seat``, in the colour of its seat wind ``wind`` (the theme's, else East red, others black)."""
    rect = layout.stake_rect(seat)
    colour = palette.stake(wind)
    if is_current:
        glow = pygame.Surface(rect.inflate(28, 28).size, pygame.SRCALPHA)
        strength = 90 + int(60 * pulse)
        for i in range(6):
            pygame.draw.rect(glow, (*palette.highlight, strength // (i + 2)), glow.get_rect().inflate(-4 * i, -4 * i),
                             border_radius=14)
        surface.blit(glow, rect.inflate(28, 28).topleft)
    pygame.draw.rect(surface, mix(colour, (0, 0, 0), 0.5), rect.move(0, 3), border_radius=6)
    pygame.draw.rect(surface, colour, rect, border_radius=6)
    light = mix(colour, (255, 255, 255), 0.25)
    if rect.width > rect.height:
        pygame.draw.line(surface, light, (rect.left + 6, rect.top + 2), (rect.right - 6, rect.top + 2), 2)
    else:
        pygame.draw.line(surface, light, (rect.left + 2, rect.top + 6), (rect.left + 2, rect.bottom - 6), 2)


def draw_inlay(surface: pygame.Surface, palette: Palette) -> None:
    """A fine double line around the middle of the table, like the marking on a real Mah Jongg table."""
    area = layout.TABLE_AREA
    pygame.draw.rect(surface, mix(palette.felt_line, palette.back_top, 0.35), area, width=2, border_radius=26)
    pygame.draw.rect(surface, mix(palette.felt_line, palette.back_top, 0.6), area.inflate(-12, -12), width=1,
                     border_radius=20)


def draw_pond_mat(surface: pygame.Surface, seat: int, count: int, active: bool, palette: Palette) -> None:
    """A faint mat under a player's discards, so each pond reads as one player's."""
    if count == 0:
        return
    places = [layout.discard_position(seat, index).rect() for index in range(count)]
    rect = places[0].unionall(places).inflate(12, 12)
    mat = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mat, (0, 0, 0, 46), mat.get_rect(), border_radius=10)
    if active:
        pygame.draw.rect(mat, (*palette.highlight, 120), mat.get_rect(), width=2, border_radius=10)
    surface.blit(mat, rect)


def draw_tile_at(surface: pygame.Surface, sprites: TileSprites, tile: int | None, place: layout.Placed, *,
                 face_up: bool = True, tint: tuple[int, int, int] | None = None, dim: bool = False,
                 lift: float = 0.0) -> None:
    sprite = sprites.tile(tile, place.size, face_up=face_up, rotate=place.rotate, tint=tint, dim=dim)
    surface.blit(sprite, (round(place.x), round(place.y - lift)))


def draw_melds(surface: pygame.Surface, view: TableView, seat: int) -> None:
    p = view.table.players[seat]
    hidden = view.hidden
    melds, flowers = layout.exposed_positions(seat, [len(m.tiles) for m in p.melds], len(p.bonus))
    sprites = view.sprites
    for index, (meld, places) in enumerate(zip(p.melds, melds, strict=True)):
        if ("meld", seat, index) in hidden:
            continue
        tiles = sort_for_display(meld.tiles)
        for k, (tile, place) in enumerate(zip(tiles, places, strict=True)):
            # P-17: an exposed kong shows one end face down, a concealed kong both ends.
            ends = (len(tiles) - 1,) if meld.exposed else (0, len(tiles) - 1)
            face_up = not (meld.kind is MeldKind.KONG and k in ends)
            draw_tile_at(surface, sprites, tile, place, face_up=face_up)
    for index, (tile, place) in enumerate(zip(p.bonus, flowers, strict=True)):
        if ("bonus", seat, index) not in hidden:
            draw_tile_at(surface, sprites, tile, place)


def _dealing(view: TableView) -> dict[int, list[int]] | None:
    """The stakes while they are dealt (each seat's tiles so far), or None."""
    return view.ceremony.stakes if view.ceremony is not None else None


def draw_opponent_hand(surface: pygame.Surface, view: TableView, seat: int) -> None:
    table = view.table
    p = table.players[seat]
    if ("stake", seat) in view.hidden:
        return
    stakes = _dealing(view)
    if stakes is not None:
        # Being dealt: the tiles so far, with room kept for the whole hand.
        tiles = stakes[seat]
        places = layout.concealed_positions(seat, max(14, len(tiles)))[:len(tiles)]
        for tile, place in zip(tiles, places, strict=True):
            draw_tile_at(surface, view.sprites, tile, place, face_up=view.reveal_all)
        return
    drawn = table.drawn_tile if table.current == seat and table.phase == "turn" else None
    tiles = hand_order(p.concealed, drawn)
    if ("drawn", seat) in view.hidden and tiles:
        tiles = tiles[:-1]
    places = layout.concealed_positions(seat, len(tiles))
    for slot, (tile, place) in enumerate(zip(tiles, places, strict=True)):
        if ("stake_slot", seat, slot) not in view.hidden:  # the tile on its way there (Direction, F11)
            draw_tile_at(surface, view.sprites, tile, place, face_up=view.reveal_all)


def draw_ponds(surface: pygame.Surface, view: TableView) -> None:
    table = view.table
    palette = view.palette
    hidden, pulse = view.hidden, view.pulse
    last = table.last_discard if table.phase in ("claims", "turn", "rob") else None
    for seat in range(4):
        if seat == table.empty_seat:
            continue
        discards = table.players[seat].discards
        active = last is not None and last[0] == seat and view.last_discard_live and bool(discards)
        draw_pond_mat(surface, seat, len(discards), active, palette)
        for index, tile in enumerate(discards):
            if ("discard", seat, index) in hidden:
                continue
            place = layout.discard_position(seat, index)
            is_last = last is not None and last[0] == seat and index == len(discards) - 1 and \
                table.discard_count > 0 and view.last_discard_live
            if not is_last:
                draw_tile_at(surface, view.sprites, tile, place)
                continue
            tint = palette.claimable if view.may_claim else palette.highlight
            draw_tile_at(surface, view.sprites, tile, place, tint=tint, lift=2)
            r = place.rect()
            bob = 3 * math.sin(pulse * math.pi * 2)
            tip = (r.centerx, r.top - 4 + bob)
            pygame.draw.polygon(surface, tint, [tip, (tip[0] - 7, tip[1] - 10), (tip[0] + 7, tip[1] - 10)])


def draw_human_hand(surface: pygame.Surface, view: TableView) -> None:
    if ("stake", 0) in view.hidden:
        return
    palette = view.palette
    stakes = _dealing(view)
    if stakes is not None:
        # Being dealt: the tiles in the order they came; they are sorted when play begins.
        tiles = stakes[0]
        places = layout.hand_positions(max(14, len(tiles)), False)[:len(tiles)]
        for tile, place in zip(tiles, places, strict=True):
            draw_tile_at(surface, view.sprites, tile, place)
        return
    tiles = view.hand_tiles()
    drawn_hidden = ("drawn", 0) in view.hidden
    places = view.hand_places(tiles)
    tip = tip_places(tiles, view.tip_tiles)
    for i, (tile, place) in enumerate(zip(tiles, places, strict=True)):
        if drawn_hidden and i == len(tiles) - 1 and has_drawn(view.table):
            continue
        lift = 0.0
        tint = None
        dim = False
        if i == view.cursor and view.keyboard_active:
            lift, tint = 12.0, palette.highlight
        elif i == view.hover:
            lift = 6.0
        if view.usable is not None:
            if tile in view.usable:
                tint = palette.claimable
            else:
                dim = not view.others_usable
        elif i in view.pass_pick:
            lift, tint = 16.0, palette.claimable
        elif i in tip:
            tint = tint or (120, 180, 255)
        draw_tile_at(surface, view.sprites, tile, place, tint=tint, dim=dim, lift=lift)


def tip_places(tiles: Sequence[int], tip: Sequence[int]) -> set[int]:
    """Where on the stake (``tiles``, as shown) QuickTip's ``tip`` lies: one place for each tile it names, the
    leftmost copies of a kind named more than once."""
    wanted = list(tip)
    places: set[int] = set()
    for i, tile in enumerate(tiles):
        if tile in wanted:
            wanted.remove(tile)
            places.add(i)
    return places


def draw_compass(surface: pygame.Surface, view: TableView) -> None:
    """P-10/P-12/P-13: names, scores and winds for the four seats, the round wind tile, the timer bar (the claim
    window's, or the one for taking back a discard)."""
    table = view.table
    palette = view.palette
    pulse = view.pulse
    draw_wall(surface, view)
    rect = layout.COMPASS
    shadow = pygame.Surface(rect.inflate(30, 30).size, pygame.SRCALPHA)
    for i in range(8):
        pygame.draw.rect(shadow, (0, 0, 0, 16), shadow.get_rect().inflate(-4 * i, -4 * i).move(0, 6),
                         border_radius=34)
    surface.blit(shadow, rect.inflate(30, 30).topleft)
    pygame.draw.rect(surface, mix(palette.compass, (0, 0, 0), 0.35), rect.move(0, 4), border_radius=26)
    pygame.draw.rect(surface, palette.compass, rect, border_radius=26)
    pygame.draw.rect(surface, mix(palette.compass, (255, 255, 255), 0.5), rect.inflate(-6, -6), width=2,
                     border_radius=22)
    inner = rect.inflate(-100, -64)
    pygame.draw.rect(surface, mix(palette.compass, (0, 0, 0), 0.12), inner, border_radius=14)
    # The compass's diagonals, like the original's grey square divided into four fields.
    for a, b in ((rect.topleft, inner.topleft), (rect.topright, inner.topright), (rect.bottomleft, inner.bottomleft),
                 (rect.bottomright, inner.bottomright)):
        pygame.draw.line(surface, mix(palette.compass, (0, 0, 0), 0.2), (a[0] + (8 if a[0] < inner.left else -8),
                         a[1] + (8 if a[1] < inner.top else -8)), b, 2)
    current = table.current if table.phase in ("turn", "dealt") else None
    for seat in range(4):
        _compass_field(surface, view, seat, rect, seat == current, pulse)
    # The wind of the round in the middle.
    round_tile = layout.Placed(inner.centerx - 17, inner.top + 6, (34, 45))
    draw_tile_at(surface, view.sprites, wind_tile(table.round_wind), round_tile)
    text(surface, _('{WIND_SHORT} round').format(
            WIND_SHORT=_(WIND_SHORT[table.round_wind])), (inner.centerx, inner.bottom - 24), 12,
         palette.text_dark, "bold", "midbottom")
    bar = pygame.Rect(inner.left + 8, inner.bottom - 18, inner.width - 16, 10)
    if view.claim_unlimited:
        text(surface, _("No time limit"), (inner.centerx, inner.bottom - 6), 12, palette.accent_dark, "bold",
             "midbottom")
    elif view.claim_fraction is not None:
        draw_timer_bar(surface, bar, view.claim_fraction, palette)
    else:
        text(surface, _('Hand {hand_number}').format(
                hand_number=table.hand_number), (inner.centerx, inner.bottom - 6), 11, palette.compass_dark,
             "sans", "midbottom")
    if view.undo_fraction is not None:
        # While your discard may be taken back, the compass's timer bar runs for it too (P-13).
        undo_inner = rect.inflate(-96, -96)
        undo_bar = pygame.Rect(undo_inner.left + 8, undo_inner.bottom - 18, undo_inner.width - 16, 10)
        pygame.draw.rect(surface, mix(palette.compass, (0, 0, 0), 0.12), undo_bar.inflate(4, 10))
        draw_timer_bar(surface, undo_bar, view.undo_fraction, palette)


def _compass_field(surface: pygame.Surface, view: TableView, seat: int, rect: pygame.Rect, current: bool,
                   pulse: float) -> None:
    table = view.table
    palette = view.palette
    wind = table.seat_wind(seat)
    empty = seat == table.empty_seat
    name = _("Empty") if empty else view.names[seat]
    first_east = seat == view.first_east
    name_colour = palette.red_name if first_east else palette.text_dark
    score = view.totals[seat]
    centres = {0: (rect.centerx, rect.bottom - 19), 1: (rect.right - 25, rect.centery),
               2: (rect.centerx, rect.top + 19), 3: (rect.left + 25, rect.centery)}
    cx, cy = centres[seat]
    disc = 15
    if current:
        glow = pygame.Surface((80, 80), pygame.SRCALPHA)
        for i in range(6):
            pygame.draw.circle(glow, (*palette.highlight, 40 + int(30 * pulse) - i * 6), (40, 40), 30 - i * 2)
        surface.blit(glow, (cx - 40, cy - 40))
    colour = mix(palette.stake(wind), palette.compass, 0.55) if empty else palette.stake(wind)
    if empty:
        name_colour = palette.compass_dark
    pygame.draw.circle(surface, colour, (cx, cy), disc)
    pygame.draw.circle(surface, palette.highlight if current else mix(colour, (255, 255, 255), 0.3), (cx, cy), disc,
                       width=2)
    text(surface, WIND_LETTERS[wind], (cx, cy + 1), 20, (250, 244, 228), "serif_bold", "center")
    # Name and score beside the wind disc, written along the side they belong to (the Dummy has no score).
    score_text = "" if empty else format_number(score)
    label = fit_text(name, 78, 13, "bold")
    if seat == 0:
        text(surface, label, (cx - 24, cy - 8), 13, name_colour, "bold", "midright")
        text(surface, score_text, (cx - 24, cy + 8), 13, palette.compass_dark, "sans", "midright")
    elif seat == 2:
        text(surface, label, (cx + 24, cy - 8), 13, name_colour, "bold", "midleft")
        text(surface, score_text, (cx + 24, cy + 8), 13, palette.compass_dark, "sans", "midleft")
    elif seat == 1:
        text(surface, label, (cx, cy + 24), 13, name_colour, "bold", "midtop")
        text(surface, score_text, (cx, cy + 40), 13, palette.compass_dark, "sans", "midtop")
    else:
        text(surface, label, (cx, cy - 24), 13, name_colour, "bold", "midbottom")
        text(surface, score_text, (cx, cy - 40), 13, palette.compass_dark, "sans", "midbottom")


def declaration_mark(player: Any) -> str:
    """What a player declared this hand, as their area is marked (F-04): "" when nothing stands."""
    if player.standing:
        return _("Standing Hand")
    if player.riichi:
        return _("Riichi")
    return _("Ready Hand") if player.ready else ""


def seat_marks(player: Any, danger: bool = True) -> list[tuple[str, bool]]:
    """The badges by a player's name for the rest of the hand, each with whether it warns: their declaration,
    and (``danger``: an opponent's) the danger of a one-suit hand once they show three sets of one suit."""
    marks = []
    declared = declaration_mark(player)
    if declared:
        marks.append((declared, False))
    suit = danger_suit(player) if danger else None
    if suit is not None:
        marks.append((_('Danger: {suit_name}').format(suit_name=suit_name(suit)), True))
    return marks


def draw_mark(surface: pygame.Surface, label: str, point: tuple[int, int], palette: Palette,
              anchor: str = "topleft", warn: bool = False) -> pygame.Rect:
    """A small badge by a name (something that stands for the rest of the hand), its ``anchor`` at ``point``;
    ``warn`` in the warning red."""
    width, height = text_size(label, 12, "bold")
    box = pygame.Rect((0, 0), (width + 14, height + 4))
    setattr(box, anchor, point)
    edge = palette.red_name if warn else palette.accent
    pygame.draw.rect(surface, mix(edge, (0, 0, 0), 0.45) if warn else palette.accent_dark, box,
                     border_radius=box.height // 2)
    pygame.draw.rect(surface, edge, box, width=1, border_radius=box.height // 2)
    text(surface, label, box.center, 12, palette.highlight, "bold", "center")
    return box


def draw_marks(surface: pygame.Surface, marks: list[tuple[str, bool]], point: tuple[int, int], palette: Palette,
               anchor: str = "topleft") -> None:
    """A row of badges from ``point``: rightwards from a left anchor, leftwards from a right one."""
    x, y = point
    for label, warn in marks:
        box = draw_mark(surface, label, (x, y), palette, anchor, warn)
        x = box.right + 6 if anchor.endswith("left") else box.left - 6


def draw_name_plates(surface: pygame.Surface, view: TableView) -> None:
    table = view.table
    palette = view.palette
    for seat in range(1, 4):
        (x, y), anchor = layout.seat_label_anchor(seat)
        wind = _(WIND_SHORT[table.seat_wind(seat)])
        if seat == table.empty_seat:
            # The Dummy's place: its wind moves round with the others', and nobody sits there.
            muted = mix(palette.text, palette.felt_line, 0.45)
            text(surface, _('Empty seat (three players) · {wind}').format(wind=wind), (x, y), 15, muted, "bold", anchor)
            continue
        colour = palette.red_name if seat == view.first_east else palette.text
        label = f"{view.names[seat]} · {wind}"
        image_rect = text(surface, label, (x, y), 15, colour, "bold", anchor, shadow=(0, 0, 0))
        marks = seat_marks(table.players[seat])
        if seat in view.away:
            marks.insert(0, (_("Away: the computer plays"), True))
        if seat == 2:  # opposite: under the name, growing away from the stake on its right
            draw_marks(surface, marks, (image_rect.right, image_rect.bottom + 3), palette, "topright")
        else:  # at the sides the exposed sets and the rail stand under the name: the badges go above it
            left = anchor.endswith("left")
            point = (image_rect.left if left else image_rect.right, image_rect.top - 3)
            draw_marks(surface, marks, point, palette, "bottomleft" if left else "bottomright")


def draw_wall(surface: pygame.Surface, view: TableView) -> None:
    """The four walls around the compass, as they stand now (tiles still on their way are left out)."""
    ceremony = view.ceremony
    if ceremony is None:
        return
    ceremony.sync(view.table)
    picture = ceremony.picture
    if not picture.built or not picture.stacks_per_side:
        return
    hidden = view.hidden
    shown = frozenset(position for position in picture.present if ("wall", position) not in hidden)
    image, corner = _wall_image(shown, picture.stacks_per_side, ceremony.east, view.sprites)
    surface.blit(image, corner)


_wall_images: dict[tuple[Any, ...], tuple[tuple[Any, ...], tuple[pygame.Surface, tuple[int, int]]]] = {}


def _wall_image(shown: frozenset[tuple[int, int]], per_side: int, east: int, sprites: Any
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """The wall's tiles drawn once on a picture of their own, and where it goes: the wall changes a tile at a
    time, and a frame drawing its 144 blocks one by one spent a third of its time there. Each state of the wall
    is drawn once; the last eight are kept."""
    from game.client.ceremony import wall_block

    key = (shown, per_side, east)
    kept = _wall_images.get(key)
    # Drawn with the same tiles and colours (after a change of theme, tile set or colours it is drawn anew).
    look = (sprites, getattr(sprites, "sheet", None), sprites.palette)
    if kept is not None and all(a is b for a, b in zip(kept[0], look, strict=True)):
        return kept[1]
    places = []
    for position in shown:
        stack, level = position
        place = layout.wall_stack_place(stack, per_side, (east + stack // per_side) % 4, level)
        block = wall_block(sprites, place.size, light=level == 2)  # loose tiles lie on top: a lighter back
        places.append((place.y + place.size[1] + level * 0.5, round(place.x), round(place.y), block))
    places.sort(key=lambda item: item[:2])
    if not places:
        found = (pygame.Surface((1, 1), pygame.SRCALPHA), (0, 0))
    else:
        left = min(x for _key, x, _y, _block in places)
        top = min(y for _key, _x, y, _block in places)
        right = max(x + block.get_width() for _key, x, _y, block in places)
        bottom = max(y + block.get_height() for _key, _x, y, block in places)
        image = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
        image.fblits([(block, (x - left, y - top)) for _unused, x, y, block in places])
        found = (image, (left, top))
    if len(_wall_images) >= 8:
        _wall_images.pop(next(iter(_wall_images)))
    _wall_images[key] = (look, found)
    return found


def draw_ceremony(surface: pygame.Surface, view: TableView, animator: Animator, alpha: float) -> None:
    """What moves by itself over the table: the washing tiles, the rolling or resting dice, the counting."""
    from game.client.ceremony import draw_dice

    if view.ceremony is None:
        return
    for roll in view.ceremony.dice:
        draw_dice(surface, roll.resting())
    for actor in animator.actors():
        actor.draw(surface, view.sprites, alpha)


def draw_flying(surface: pygame.Surface, view: TableView, animator: Animator, alpha: float) -> None:
    """The tiles on their way (and the ceremony's dice and washing tiles), where they are at ``alpha``."""
    from game.client.ceremony import turned

    draw_ceremony(surface, view, animator, alpha)
    sprites = view.sprites
    for tween in animator.flying():
        (x, y), size, p = tween.state(alpha)
        if size[0] < 4 or size[1] < 4:
            continue
        angle = tween.angle(alpha)
        if abs(angle) >= 2:
            size = (size[0] // 2 * 2, size[1] // 2 * 2)
            sprite = turned(sprites, tween.tile if tween.face_up else None, size, angle)
            centre = (x + size[0] / 2, y + size[1] / 2)
            surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
            continue
        sprite = sprites.tile(tween.tile, size, face_up=tween.face_up, rotate=tween.rotate)
        lift = tween.lift * 4 * p * (1 - p) * view.shadow
        if lift > 2:
            shade = sprite.copy()
            shade.fill((0, 0, 0, 70), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(shade, (round(x + lift * 0.4), round(y + lift * 0.9)))
        surface.blit(sprite, (round(x), round(y)))

"""The wall on the table and the opening ceremony, animated from the engine's events.

:class:`WallPicture` is the wall as the table shows it *now*: it follows the events as their animations play
(a tile leaves the wall when it starts to fly), so at the end it is exactly the engine's wall. :class:`Ceremony`
registers the handlers for the wall's events with the :class:`~game.client.animate.Animator` it is built for
(``Ceremony(animator)``, by whoever owns the animator: the table scene):

* washing (pymunk: face-down tiles stirred around the table by two hands) and building the four walls,
* East's throw and the second throw (physical dice that come to rest on the engine's values),
* counting along the chosen side, breaking the wall and laying the two loose tiles on top,
* the 4-4-4-1 deal from the wall, flowers and seasons laid out and replaced from the loose tiles,
* and during play every draw and replacement from its place in the wall, kongs and robbed kongs.

Physics is for looks only: the seed of every simulation comes from the events, so the same game always looks
the same, and skipping an animation (or instant mode) leaves the same picture.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any

import pygame

from game.client import layout
from game.client.physics import DiceRoll, Wash
from game.client.tween import Scenery, Step, Tween, ease_in_out
from game.core import events as ev
from game.core.wall import BOTTOM, LOOSE, TOP

if TYPE_CHECKING:
    from game.client.animate import Animator
    from game.core.wall import Wall

Pos = tuple[int, int]
WASH_TILE = (22, 29)
DIE = 24
CEREMONY_EVENTS = (ev.HandStarted, ev.WallBuilt, ev.DiceThrown, ev.WallBroken, ev.TilesDealt, ev.PlayStarted,
                   ev.PassingStarted)


class WallPicture:
    """Which wall places hold a tile (face down), where the wall was broken and by which throws."""

    def __init__(self, stacks_per_side: int = 0) -> None:
        self.stacks_per_side = stacks_per_side
        self.present: set[Pos] = set()
        self.built = False
        self.throws: list[tuple[int, tuple[int, ...]]] = []
        """(seat, dice) of East's throw and the second throw."""
        self.breach: ev.WallBroken | None = None
        self.kong_box: set[int] = set()
        """Stacks of the kong box (the 7 stacks left of the breach)."""

    @classmethod
    def of_wall(cls, wall: Wall) -> WallPicture:
        """The picture of a wall already on the table (a game restored in the middle of a hand)."""
        picture = cls(wall.stacks_per_side)
        picture.present = set(wall.tiles)
        picture.built = True
        if wall.breach is not None:
            b = wall.breach
            picture.throws = [(-1, b.first_throw), (-1, b.second_throw)]
            picture.breach = ev.WallBroken(b.side, b.position, b.stack, tuple(wall.loose), tuple(wall.kong_box))
            picture.kong_box = {(b.stack - k) % wall.ring for k in range(1, wall.kong_box_stacks + 1)}
        return picture

    @property
    def ring(self) -> int:
        return 4 * self.stacks_per_side

    def build(self, stacks_per_side: int, tiles: int) -> None:
        """The wall as :class:`game.core.wall.Wall` builds it: stack i holds tiles 2i (top) and 2i + 1."""
        self.stacks_per_side = stacks_per_side
        self.present = {(i // 2, TOP if i % 2 == 0 else BOTTOM) for i in range(tiles)}
        self.built = True

    def break_at(self, event: ev.WallBroken) -> None:
        self.breach = event
        if event.loose:
            # The breach stack's two tiles become the loose tiles (a game without a kong box leaves it standing).
            self.present.discard((event.stack, TOP))
            self.present.discard((event.stack, BOTTOM))
        self.present.update(event.loose)
        self.kong_box = {s for s, _unused in event.kong_box} | {s for s, _unused in event.loose}

    def take(self, position: Pos) -> None:
        self.present.discard(position)

    def move(self, source: Pos, target: Pos) -> None:
        self.present.discard(source)
        self.present.add(target)

    def layout(self) -> list[tuple[bool, bool, bool]]:
        """Like :meth:`game.core.wall.Wall.layout`: bottom, top and loose tile present, per stack."""
        return [((s, BOTTOM) in self.present, (s, TOP) in self.present, (s, LOOSE) in self.present)
                for s in range(self.ring)]


def seed_of(*parts: object) -> int:
    """A stable seed from event data (``hash`` of a str changes between runs; crc32 does not)."""
    return zlib.crc32(repr(parts).encode())


class Ceremony:
    """The wall picture, the stakes while they are dealt, and the handlers that animate them."""

    def __init__(self, animator: Animator) -> None:
        self.animator = animator
        animator.ceremony = self
        self.picture = WallPicture()
        self.table_id: int | None = None
        self.east = 0
        self.hand = 0
        self.stakes: dict[int, list[int]] | None = None
        """While the tiles are dealt: each seat's tiles so far, in the order they came (None otherwise)."""
        self.dice: list[DiceRoll] = []
        """Thrown dice still lying on the table."""
        self.active_dice: DiceRoll | None = None
        self._setting_up = False
        for event_type, handler in ((ev.HandStarted, self._hand_started), (ev.WallBuilt, self._wall_built),
                                    (ev.DiceThrown, self._dice), (ev.WallBroken, self._wall_broken),
                                    (ev.TilesDealt, self._dealt), (ev.TileDrawn, self._drawn),
                                    (ev.ReplacementDrawn, self._replaced), (ev.PlayStarted, self._play_started),
                                    (ev.PassingStarted, self._play_started),
                                    (ev.KongDeclared, self._kong), (ev.KongRobbed, self._robbed),
                                    (ev.BonusExposed, self._bonus)):
            animator.register(event_type, handler)

    # -- the state (what the cues keep up to date) -------------------------------------------------------------

    @property
    def active(self) -> bool:
        """True while the hand is being set up: the stakes show the tiles dealt so far."""
        return self.stakes is not None

    def in_ceremony(self, event: ev.Event) -> bool:
        """Whether ``event`` belongs to the setting up of a hand (called once per event, in order, when fed)."""
        if isinstance(event, ev.HandStarted):
            self._setting_up = True
        inside = self._setting_up or isinstance(event, CEREMONY_EVENTS)
        if isinstance(event, ev.PlayStarted | ev.PassingStarted):  # dealt: the stakes are sorted from here on
            self._setting_up = False
        return inside

    def sync(self, table: Any) -> None:
        """Take the picture from ``table``'s wall when the table was not seen being set up (a restored game)."""
        if table is None or id(table) == self.table_id:
            return
        self.table_id = id(table)
        if not self.animator.busy and getattr(table, "wall", None) is not None and not self._fresh(table):
            self.picture = WallPicture.of_wall(table.wall)
            self.east = table.east
            self.stakes = None

    def _fresh(self, table: Any) -> bool:
        """Whether this table's HandStarted has already been applied (its ceremony is under way or done)."""
        return self.hand == getattr(table, "hand_number", None) and self.picture.built

    def apply(self, event: ev.Event) -> None:
        """Bring the picture up to date with ``event`` (at the moment its animation starts)."""
        p = self.picture
        if isinstance(event, ev.HandStarted):
            self.picture = WallPicture()
            self.east, self.hand = event.east, event.hand_number
            self.stakes = {seat: [] for seat in range(4)}
            self.dice = []
        elif isinstance(event, ev.WallBuilt):
            p.build(event.stacks_per_side, event.tiles)
        elif isinstance(event, ev.DiceThrown):
            p.throws.append((event.seat, event.dice))
        elif isinstance(event, ev.WallBroken):
            p.break_at(event)
        elif isinstance(event, ev.TilesDealt):
            self.dice = []
            for position in event.positions:
                p.take(position)
        elif isinstance(event, ev.TileDrawn):
            p.take(event.position)
        elif isinstance(event, ev.ReplacementDrawn):
            p.take(event.position)
            for source, target in event.moves:
                p.move(source, target)
        elif isinstance(event, ev.PlayStarted | ev.PassingStarted):
            self.stakes = None
            self.dice = []

    def land(self, event: ev.Event) -> None:
        """Tiles arriving on a stake while the hand is dealt (at the moment they land)."""
        if self.stakes is None:
            return
        if isinstance(event, ev.TilesDealt):
            self.stakes[event.seat].extend(event.tiles)
        elif isinstance(event, ev.ReplacementDrawn):
            self.stakes[event.seat].append(event.tile)
        elif isinstance(event, ev.BonusExposed) and event.tile in self.stakes[event.seat]:
            self.stakes[event.seat].remove(event.tile)
        elif isinstance(event, ev.KongDeclared) and event.concealed:
            for _unused in range(4):
                if event.tile in self.stakes[event.seat]:
                    self.stakes[event.seat].remove(event.tile)

    # -- geometry ---------------------------------------------------------------------------------------------

    def seat_of_side(self, side: int) -> int:
        return (self.east + side) % 4

    def wall_place(self, position: Pos) -> layout.Placed:
        stack, level = position
        per_side = max(1, self.picture.stacks_per_side)
        return layout.wall_stack_place(stack, per_side, self.seat_of_side(stack // per_side), level)

    def stake_place(self, seat: int, index: int, scenery: Scenery) -> layout.Placed:
        """Where the ``index``-th tile of a stake being dealt stands (room is kept for all thirteen)."""
        count = max(14, index + 1)
        if seat == scenery.human:
            return layout.hand_positions(count, False)[index]
        return layout.concealed_positions(seat, count)[index]

    # -- handlers ---------------------------------------------------------------------------------------------

    def _cue(self, event: ev.Event) -> Step:
        return Step(on_start=[lambda: self.apply(event)])

    def _hand_started(self, event: ev.HandStarted, scenery: Scenery) -> list[Step]:
        self.sync(scenery.table)
        return [Step(on_start=[lambda: self.apply(event)], pause=0.3)]

    def _wall_built(self, event: ev.WallBuilt, scenery: Scenery) -> list[Step]:
        seed = seed_of("wash", self.hand, event.tiles, scenery.table.wall.tiles.get((0, TOP)) if scenery.table
                       else 0)
        washing = WashActor(seed, event.tiles, self.animator)
        wash = Step(actors=[washing], on_start=[washing.begin])
        build = Step()

        def lay_out() -> None:
            self.apply(event)
            build.tweens.extend(self._build_tweens(washing))

        build.on_start.append(lay_out)
        return [wash, build]

    def _build_tweens(self, washing: WashActor) -> list[Tween]:
        """Each washed tile slides to its place in the wall; the four sides are built side by side."""
        poses = washing.poses()
        places = sorted(self.picture.present, key=lambda pos: (pos[0] % self.picture.stacks_per_side,
                                                               -pos[1], pos[0]))
        centre = layout.CENTRE

        def bearing(x: float, y: float) -> float:
            import math

            return math.atan2(y - centre[1], x - centre[0])

        # Pair washed tiles and wall places by their direction from the middle, so tiles move outwards.
        by_angle_places = sorted(places, key=lambda pos: bearing(*self.wall_place(pos).centre))
        by_angle_tiles = sorted(range(len(poses)), key=lambda i: bearing(poses[i].x, poses[i].y))
        pairs = dict(zip(by_angle_places, by_angle_tiles, strict=False))
        tweens = []
        w, h = WASH_TILE
        for pos in places:
            index = pairs.get(pos)
            if index is None:
                continue
            pose = poses[index]
            target = self.wall_place(pos)
            k = pos[0] % self.picture.stacks_per_side
            delay = k * 0.045 + (0.1 if pos[1] == TOP else 0.0)
            angle = pose.angle % 360
            angle = angle - 360 if angle > 180 else angle
            tweens.append(Tween(None, (pose.x - w / 2, pose.y - h / 2), target.pos, WASH_TILE, target.size, 0.5,
                                face_up=False, hide=("wall", pos), lift=10, delay=delay, angle0=angle,
                                ease=ease_in_out))
        return tweens

    def _dice(self, event: ev.DiceThrown, scenery: Scenery) -> list[Step]:
        seed = seed_of("dice", self.hand, event.seat, event.dice, event.purpose)
        actor = DiceActor(self, event, seed, self._relative(event.seat, scenery))
        return [Step(actors=[actor], on_start=[lambda: self.apply(event), actor.begin], on_end=[actor.rest],
                     pause=0.7)]

    def _relative(self, seat: int, scenery: Scenery) -> int:
        return (seat - scenery.human) % 4

    def _wall_broken(self, event: ev.WallBroken, scenery: Scenery) -> list[Step]:
        per_side = self.picture.stacks_per_side or 18
        counting = CountActor(self, event, per_side)
        count = Step(actors=[counting], pause=0.25)
        breaking = Step(pause=0.45)
        loose = list(event.loose)

        def lift() -> None:
            sources = [(event.stack, TOP), (event.stack, BOTTOM)]
            self.apply(event)
            for n, (source, target) in enumerate(zip(sources, loose, strict=False)):
                start, end = self.wall_place(source), self.wall_place(target)
                breaking.tweens.append(Tween(None, start.pos, end.pos, start.size, end.size, 0.55, face_up=False,
                                             hide=("wall", target), lift=22, delay=n * 0.35, ease=ease_in_out))

        breaking.on_start.append(lift)
        return [count, breaking]

    def _dealt(self, event: ev.TilesDealt, scenery: Scenery) -> list[Step]:
        step = Step(on_end=[lambda: self.land(event)])

        def fly() -> None:
            self.apply(event)
            already = len(self.stakes[event.seat]) if self.stakes is not None else 0
            face_up = event.seat == scenery.human or scenery.show_all
            for k, (tile, position) in enumerate(zip(event.tiles, event.positions, strict=True)):
                start = self.wall_place(position)
                end = self.stake_place(event.seat, already + k, scenery)
                step.tweens.append(Tween(tile if face_up else None, start.pos, end.pos, start.size, end.size, 0.26,
                                         face_up=face_up, rotate=end.rotate, lift=14, delay=k * 0.03))
            self.animator.sound("tile_drawn")

        step.on_start.append(fly)
        return [step]

    def _drawn(self, event: ev.TileDrawn | ev.ReplacementDrawn, scenery: Scenery) -> list[Step]:
        moves = list(getattr(event, "moves", ()))
        dealing = self._setting_up or (isinstance(event, ev.ReplacementDrawn) and self.active)
        step = Step(on_start=[lambda: self.apply(event)])
        for n, (source, target) in enumerate(moves):  # the next loose tiles are laid once this one is taken
            begin, end = self.wall_place(source), self.wall_place(target)
            step.tweens.append(Tween(None, begin.pos, end.pos, begin.size, end.size, 0.35, face_up=False,
                                     hide=("wall", target), lift=16, delay=0.3 + n * 0.15))
        face_up = event.seat == scenery.human or scenery.show_all
        start = self.wall_place(event.position)
        if dealing:
            end, hide = self.stake_place(event.seat, 13, scenery), None
        else:
            end, hide = scenery.stake_end(event.seat), ("drawn", event.seat)
        tween = Tween(event.tile if face_up else None, start.pos, end.pos, start.size, end.size, 0.3,
                      face_up=face_up, rotate=end.rotate, hide=hide, lift=18)
        step.tweens.append(tween)
        if dealing:
            def aim() -> None:
                # Where the tile goes is known only now: after the tiles dealt before it have landed.
                if self.stakes is not None:
                    tween.end = self.stake_place(event.seat, len(self.stakes[event.seat]), scenery).pos

            step.on_start.append(aim)
            step.on_end.append(lambda: self.land(event))
        else:
            step.on_start.append(lambda: self.animator.sound("tile_drawn"))
        return [step]

    def _replaced(self, event: ev.ReplacementDrawn, scenery: Scenery) -> list[Step]:
        return self._drawn(event, scenery)

    def _play_started(self, event: ev.PlayStarted | ev.PassingStarted, scenery: Scenery) -> list[Step]:
        return [Step(on_start=[lambda: self.apply(event)], pause=0.35)]

    def _bonus(self, event: ev.BonusExposed, scenery: Scenery) -> list[Step]:
        steps = self.animator.flower_steps(event, scenery) if scenery.table is not None else []
        if not self._setting_up:
            return steps
        steps = steps or [Step()]

        def aim() -> None:
            # The flower leaves the stake from where it stands among the tiles dealt so far.
            stake = self.stakes[event.seat] if self.stakes is not None else []
            if event.tile in stake:
                place = self.stake_place(event.seat, stake.index(event.tile), scenery)
                for tween in steps[0].tweens:
                    tween.start, tween.size0 = place.pos, place.size
            self.land(event)

        steps[0].on_start.append(aim)
        steps[-1].pause += 0.15
        return steps

    def _kong(self, event: ev.KongDeclared, scenery: Scenery) -> list[Step]:
        steps = [Step(pause=0.45)]
        table = scenery.table
        if table is not None:
            melds = table.players[event.seat].melds
            index = next((i for i in range(len(melds) - 1, -1, -1) if melds[i].tile == event.tile), len(melds) - 1)
            places = scenery.meld_places(event.seat, index)
            start = scenery.stake_middle(event.seat)
            count = 4 if event.concealed else 1
            targets = places[-count:] if places else []
            for k, target in enumerate(targets):
                face_up = not (event.concealed and k in (0, len(targets) - 1))
                steps[0].tweens.append(Tween(event.tile if face_up else None, start.pos, target.pos, start.size,
                                             target.size, 0.3, face_up=face_up, rotate=target.rotate,
                                             hide=("meld", event.seat, index) if event.concealed else None,
                                             lift=16, delay=k * 0.05))
        if self._setting_up:
            steps[0].on_start.append(lambda: self.land(event))
        return steps

    def _robbed(self, event: ev.KongRobbed, scenery: Scenery) -> list[Step]:
        table = scenery.table
        if table is None:
            return [Step(pause=0.6)]
        start = scenery.stake_middle(event.from_seat)
        end = scenery.stake_end(event.seat)
        return [Step([Tween(event.tile, start.pos, end.pos, start.size, end.size, 0.4, rotate=end.rotate, lift=30)],
                     pause=0.6)]


class WashActor:
    """The washing on the table: the tiles stirred by the physics, drawn face down at their angles."""

    def __init__(self, seed: int, count: int, animator: Animator, stir: float = 2.0, settle: float = 0.5) -> None:
        self.seed = seed
        self.count = count
        self.animator = animator
        self.stir = stir
        self.duration = stir + settle
        self.speed = 1.0
        self.wash: Wash | None = None
        self.sounded = 0.0

    def begin(self) -> None:
        area = layout.TABLE_AREA.inflate(-16, -16)
        compass = layout.COMPASS.inflate(12, 12)
        self.wash = Wash(self.seed, self.count, (area.left, area.top, area.width, area.height),
                         (compass.left, compass.top, compass.width, compass.height), WASH_TILE, self.stir)
        self.animator.sound("wall_built")

    def _washing(self) -> Wash:
        """The physics of the washing, begun the first time it is needed."""
        if self.wash is None:
            self.begin()
        assert self.wash is not None
        return self.wash

    def update(self, dt: float) -> None:
        wash = self._washing()
        wash.advance(dt * self.speed)
        self.sounded += dt
        if wash.clacks and self.sounded > 0.12:
            # The clatter of the washing, a knock at a time (never a roar of overlapping sounds).
            self.sounded = 0.0
            wash.clacks = 0
            self.animator.sound("tile_drawn")

    def poses(self) -> list[Any]:
        return self._washing().poses()

    def draw(self, surface: pygame.Surface, sprites: Any, alpha: float) -> None:
        if self.wash is None:
            return
        for x, y in self.wash.hand_positions():
            draw_palm(surface, x, y)
        for pose in self.wash.poses():
            image = turned(sprites, None, WASH_TILE, pose.angle)
            surface.blit(image, image.get_rect(center=(round(pose.x), round(pose.y))))


class DiceActor:
    """Two dice thrown from the thrower's side into the middle; they come to rest on the engine's values."""

    def __init__(self, ceremony: Ceremony, event: ev.DiceThrown, seed: int, relative: int) -> None:
        self.ceremony = ceremony
        self.event = event
        self.seed = seed
        self.relative = relative
        self.roll: DiceRoll | None = None
        self.duration = 1.6
        self.speed = 1.0
        self.time = 0.0

    def begin(self) -> None:
        arena = layout.COMPASS.inflate(-10, -10)
        cx, cy = arena.center
        # Thrown from in front of the thrower, across the compass.
        start = {0: (cx, arena.bottom - 16), 1: (arena.right - 16, cy), 2: (cx, arena.top + 16),
                 3: (arena.left + 16, cy)}[self.relative]
        target = (cx + (cx - start[0]) * 0.3, cy + (cy - start[1]) * 0.3)
        self.ceremony.dice = []  # the dice are picked up for the next throw
        self.roll = DiceRoll(self.seed, self.event.dice, start, target,
                             (arena.left, arena.top, arena.width, arena.height), DIE, self.duration * 1.0)
        self.ceremony.active_dice = self.roll
        self.ceremony.animator.sound("dice_thrown", self.event)

    def rest(self) -> None:
        if self.roll is None:
            return
        self.ceremony.active_dice = None
        self.ceremony.dice = [self.roll]  # they lie where they fell until the deal begins

    def update(self, dt: float) -> None:
        if self.roll is None:
            self.begin()
        self.time += dt * self.speed

    def draw(self, surface: pygame.Surface, sprites: Any, alpha: float) -> None:
        if self.roll is None:
            return
        draw_dice(surface, self.roll.at(self.time), sprites)
        if self.time >= self.roll.duration * 0.8:
            caption(surface, self.roll, self.event, self.ceremony)


class CountActor:
    """The player who broke the wall counts the stacks from the left end of their side to the breach."""

    def __init__(self, ceremony: Ceremony, event: ev.WallBroken, per_side: int) -> None:
        self.ceremony = ceremony
        self.event = event
        self.per_side = per_side
        self.per_stack = 0.06
        self.duration = self.per_stack * event.position + 0.3
        self.speed = 1.0
        self.time = 0.0

    def update(self, dt: float) -> None:
        self.time += dt * self.speed

    def draw(self, surface: pygame.Surface, sprites: Any, alpha: float) -> None:
        counted = min(self.event.position, int(self.time / self.per_stack) + 1)
        first = self.event.side * self.per_side
        glow = pygame.Surface((40, 40), pygame.SRCALPHA)
        for n in range(counted):
            stack = (first + n) % (4 * self.per_side)
            place = self.ceremony.wall_place((stack, TOP))
            rect = place.rect()
            strength = 170 if n == counted - 1 else 60
            glow.fill((0, 0, 0, 0))
            pygame.draw.rect(glow, (255, 226, 140, strength), glow.get_rect(), border_radius=4)
            surface.blit(pygame.transform.scale(glow, rect.inflate(2, 2).size), rect.inflate(2, 2).topleft)
        if counted:
            stack = (first + counted - 1) % (4 * self.per_side)
            rect = self.ceremony.wall_place((stack, TOP)).rect()
            label(surface, str(counted), rect.center)


# -- drawing helpers ----------------------------------------------------------------------------------------

_TURNED: dict[tuple[Any, ...], pygame.Surface] = {}


def turned(sprites: Any, tile: int | None, size: tuple[int, int], angle: float) -> pygame.Surface:
    """A tile sprite turned by ``angle`` degrees (to the nearest 4°, cached)."""
    bucket = round(angle / 4) * 4 % 360
    key = (id(sprites), tile, size, bucket)
    image = _TURNED.get(key)
    if image is None:
        base = sprites.tile(tile, size, face_up=tile is not None)
        image = pygame.transform.rotate(base, bucket) if bucket else base
        if len(_TURNED) > 2000:
            _TURNED.clear()
        _TURNED[key] = image
    return image


_BLOCKS: dict[tuple[Any, ...], pygame.Surface] = {}


def wall_block(sprites: Any, size: tuple[int, int], light: bool = False) -> pygame.Surface:
    """A face-down tile in the wall, plain: its back in the tile set's colour over the ivory face layer.

    The wall's tiles are small; the back's picture would only be noise there, so the wall shows calm blocks.
    """
    sheet = getattr(sprites, "sheet", None)
    palette = sprites.palette
    back = getattr(sheet, "back_colour", None) or palette.tile_back
    key = (back, size, light)
    image = _BLOCKS.get(key)
    if image is not None:
        return image
    w, h = size
    depth = max(2, round(h * 0.09)) + 1
    radius = max(2, min(w, h) // 5)
    image = pygame.Surface((w + 1, h + depth + 1), pygame.SRCALPHA)
    pygame.draw.rect(image, (0, 0, 0, 80), pygame.Rect(1, depth, w, h + 1), border_radius=radius)
    pygame.draw.rect(image, palette.tile_edge, pygame.Rect(0, depth - 1, w, h + 1), border_radius=radius)
    pygame.draw.rect(image, palette.tile_face, pygame.Rect(0, depth - 2, w, h), border_radius=radius)
    top = tuple(min(255, round(c * 1.12 + 14)) for c in back) if light else back
    pygame.draw.rect(image, top, pygame.Rect(0, 0, w, h), border_radius=radius)
    shine = tuple(min(255, round(c * 1.25 + 24)) for c in top)
    pygame.draw.line(image, shine, (radius, 1), (w - radius - 1, 1))
    edge = tuple(round(c * 0.6) for c in back)
    pygame.draw.rect(image, edge, pygame.Rect(0, 0, w, h), width=1, border_radius=radius)
    _BLOCKS[key] = image
    return image


def draw_palm(surface: pygame.Surface, x: float, y: float) -> None:
    """The soft shadow of a hand stirring the tiles."""
    shade = _palm()
    surface.blit(shade, shade.get_rect(center=(round(x), round(y))))


_PALM: list[pygame.Surface] = []


def _palm() -> pygame.Surface:
    if not _PALM:
        shade = pygame.Surface((96, 96), pygame.SRCALPHA)
        for r in range(46, 0, -3):
            pygame.draw.circle(shade, (0, 0, 0, 6), (48, 48), r)
        _PALM.append(shade)
    return _PALM[0]


_DIE_CACHE: dict[tuple[int, int, int], pygame.Surface] = {}
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_image(face: int, size: int, angle: float) -> pygame.Surface:
    """An ivory die showing ``face`` (red pips for 1 and 4, as on Chinese dice), turned by ``angle``."""
    bucket = round(angle / 6) * 6 % 360
    key = (face, size, bucket)
    image = _DIE_CACHE.get(key)
    if image is not None:
        return image
    big = size * 3
    base = pygame.Surface((big + 6, big + 9), pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, 70), pygame.Rect(3, 7, big, big), border_radius=big // 5)
    pygame.draw.rect(base, (196, 184, 160), pygame.Rect(0, 5, big, big), border_radius=big // 5)
    pygame.draw.rect(base, (250, 246, 234), pygame.Rect(0, 0, big, big), border_radius=big // 5)
    pygame.draw.rect(base, (214, 204, 184), pygame.Rect(0, 0, big, big), width=2, border_radius=big // 5)
    red = face in (1, 4)
    colour = (190, 40, 40) if red else (40, 36, 34)
    r = big // (5 if face == 1 else 9)
    for px, py in PIPS[face]:
        pygame.draw.circle(base, colour, (big // 2 + px * big // 4, big // 2 + py * big // 4), r)
    image = pygame.transform.smoothscale(base, ((big + 6) // 3, (big + 9) // 3))
    if bucket:
        image = pygame.transform.rotate(image, bucket)
    _DIE_CACHE[key] = image
    return image


def draw_dice(surface: pygame.Surface, frames: list[Any], sprites: Any = None) -> None:
    for frame in frames:
        image = die_image(frame.face, DIE, frame.angle)
        surface.blit(image, image.get_rect(center=(round(frame.x), round(frame.y))))


def caption(surface: pygame.Surface, roll: DiceRoll, event: ev.DiceThrown, ceremony: Ceremony) -> None:
    """The throw's total beside the resting dice."""
    frames = roll.resting()
    x = sum(f.x for f in frames) / len(frames)
    y = max(f.y for f in frames) + DIE
    total = sum(event.dice)
    if event.purpose == "breach":
        first = ceremony.picture.throws[0][1] if ceremony.picture.throws else ()
        words = f"{sum(first)} + {total} = {sum(first) + total}" if first else str(total)
    else:
        words = str(total)
    label(surface, words, (x, y))


def label(surface: pygame.Surface, words: str, centre: tuple[float, float]) -> None:
    from game.client.look import render_text

    image = render_text(words, 15, (250, 240, 214), "bold")
    box = image.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(14, 6)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (20, 24, 20, 190), panel.get_rect(), border_radius=box.height // 2)
    panel.blit(image, image.get_rect(center=panel.get_rect().center))
    surface.blit(panel, box)

"""The wall (W), seen from above at any time during a hand: the four sides two tiles high, where the wall was
broken and by which throws, the kong box and its loose tiles, how many tiles are left and which is drawn next.

Side ``w`` is faced by the player whose seat wind is ``w`` and lies in front of that player's place; stacks are
counted from the left end as that player faces them, so counting on past the right-hand corner runs into the
next player's side, as the help file describes. The picture is the table's own (:class:`WallPicture`), so the
view agrees with the wall drawn on the table, even while tiles are still on their way.
"""

from __future__ import annotations

import pygame

from game.client import layout
from game.client.ceremony import WallPicture, wall_block
from game.client.look import mix, render_text, text
from game.client.messages import WIND_SHORT
from game.client.scenes.base import Scene
from game.client.widgets import Button, draw_panel
from game.i18n import _

SCALE = 1.9
WALL_AREA = pygame.Rect(0, 0, 600, 444)
WALL_AREA.center = (640, 352)


class WallScene(Scene):
    overlay = True
    name = "wall"
    still = True

    def __init__(self, context, session, picture: WallPicture | None = None, east: int | None = None) -> None:
        super().__init__(context)
        self.session = session
        self.picture = picture
        self.box = pygame.Rect(0, 0, 1000, 700)
        self.box.center = (640, 356)
        self.close = Button(pygame.Rect(self.box.right - 150, self.box.bottom - 56, 128, 40), _("Close"),
                            lambda: context.close(self), primary=True, size=16)

    def handle(self, event: pygame.Event) -> None:
        if self.close.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_w, pygame.K_RETURN):
            self.context.close(self)

    def current_picture(self) -> WallPicture:
        """The table scene's picture of the wall when there is one, else the engine's wall itself."""
        if self.picture is not None:
            return self.picture
        table = self.session.table
        assert table is not None
        for scene in self.context.scenes:
            animator = getattr(scene, "animator", None)
            if animator is not None and getattr(scene, "session", None) is self.session:
                animator.ceremony.sync(table)
                if animator.ceremony.picture.built:
                    return animator.ceremony.picture
        return WallPicture.of_wall(table.wall)

    def seat_of_side(self, side: int) -> int:
        return self.session.table.seat_of_wind(side)

    def stack_place(self, ring_index: int, level: int = 0) -> layout.Placed:
        """Where the tile at ``(ring_index, level)`` is drawn."""
        per_side = self.session.table.wall.stacks_per_side
        seat = self.seat_of_side(ring_index // per_side)
        return layout.wall_stack_place(ring_index, per_side, seat, level, WALL_AREA, SCALE)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        table = self.session.table
        wall = table.wall
        picture = self.current_picture()
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 130))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, palette, title=_("The Wall"))
        felt = self.box.inflate(-36, -120).move(0, 6)
        pygame.draw.rect(surface, mix(palette.back_top, (0, 0, 0), 0.3), felt, border_radius=12)
        pygame.draw.rect(surface, mix(palette.felt_line, palette.back_top, 0.4), felt.inflate(-12, -12), width=1,
                         border_radius=10)
        per_side = wall.stacks_per_side
        next_draw = wall.next_draw_position() if picture.present == set(wall.tiles) else None
        next_loose = wall.next_loose_position() if picture.present == set(wall.tiles) else None
        kong_box = picture.kong_box
        items = []
        for position in picture.present:
            place = self.stack_place(*position)
            items.append((place.y + place.size[1] + position[1] * 0.5, place, position))
        items.sort(key=lambda item: item[0])
        box_tint = pygame.Surface((64, 64), pygame.SRCALPHA)
        box_tint.fill((0, 0, 0, 70))
        for _unused, place, position in items:
            image = wall_block(self.context.sprites, place.size, light=position[1] == 2)
            spot = (round(place.x), round(place.y))
            surface.blit(image, spot)
            rect = pygame.Rect(spot, place.size)
            if position[0] in kong_box and position[1] < 2:
                surface.blit(pygame.transform.scale(box_tint, rect.size), rect)
            mark = palette.highlight if position == next_draw else palette.claimable if position == next_loose \
                else None
            if mark is not None:
                pygame.draw.rect(surface, mark, rect.inflate(4, 4), width=3, border_radius=5)
        self._draw_breach(surface, picture, per_side)
        self._draw_names(surface, per_side)
        self._draw_story(surface, picture, wall)
        legend = [(palette.highlight, _("next tile")), (palette.claimable, _("next loose tile")),
                  (mix(palette.tile_back, (0, 0, 0), 0.35), _("kong box"))]
        x = self.box.left + 30
        for colour, words in legend:
            pygame.draw.rect(surface, colour, pygame.Rect(x, self.box.bottom - 44, 16, 16), border_radius=3)
            shown = text(surface, words, (x + 22, self.box.bottom - 36), 14, palette.text_dark, "sans", "midleft")
            x = shown.right + 24
        self.close.draw(surface, palette)

    def _draw_breach(self, surface: pygame.Surface, picture: WallPicture, per_side: int) -> None:
        """A marker at the opened stack and a small "1" where the counting began."""
        breach = picture.breach
        if breach is None:
            return
        palette = self.context.palette
        rect = self.stack_place(breach.stack, 0).rect()
        pygame.draw.rect(surface, palette.accent, rect.inflate(2, 2), width=2, border_radius=4)
        start = self.stack_place(breach.side * per_side, 0).rect()
        seat = self.seat_of_side(breach.side)
        # The marks sit outside the wall, on the side of the player who counted.
        offset = {0: (0, 22), 1: (24, 0), 2: (0, -22), 3: (-24, 0)}[seat]
        for r, words in ((start, "1"), (rect, str(breach.position))):
            centre = (r.centerx + offset[0], r.centery + offset[1])
            pygame.draw.circle(surface, palette.accent, centre, 10)
            text(surface, words, (centre[0], centre[1] + 1), 12, palette.text_dark, "bold", "center")

    def _draw_names(self, surface: pygame.Surface, per_side: int) -> None:
        palette = self.context.palette
        table = self.session.table
        for side in range(4):
            seat = self.seat_of_side(side)
            words = _("{names} · {WIND_SHORT}'s side").format(
                    names=self.session.names[seat], WIND_SHORT=_(WIND_SHORT[side]))
            if seat == 0:
                text(surface, words, (WALL_AREA.centerx, WALL_AREA.bottom + 30), 15, palette.text, "bold", "center")
            elif seat == 2:
                text(surface, words, (WALL_AREA.centerx, WALL_AREA.top - 22), 15, palette.text, "bold", "center")
            else:
                image = render_text(words, 15, palette.text, "bold")
                image = pygame.transform.rotate(image, 90 if seat == 3 else -90)
                x = WALL_AREA.left - 40 if seat == 3 else WALL_AREA.right + 40
                surface.blit(image, image.get_rect(center=(x, WALL_AREA.centery)))
        del table

    def _draw_story(self, surface: pygame.Surface, picture: WallPicture, wall) -> None:
        """In the middle: the throws, where the wall was broken, tiles left and loose tiles."""
        palette = self.context.palette
        names = self.session.names
        table = self.session.table
        cx, cy = WALL_AREA.center
        lines: list[tuple[str, tuple[int, int, int], str]] = []
        breach = wall.breach
        if breach is not None:
            t1, t2 = sum(breach.first_throw), sum(breach.second_throw)
            east = names[table.east]
            breaker = table.breaker_of(breach.side)
            opener = names[breaker] + (_(" (for the empty seat)") if breaker != table.seat_of_wind(breach.side) else "")
            lines.append((_('{east} (East) threw {join} = {t1}').format(
                    east=east, join=' + '.join(map(str, breach.first_throw)), t1=t1),
                          palette.text, "sans"))
            lines.append((_("{t1} counts to {WIND_SHORT}'s side").format(
                    t1=t1, WIND_SHORT=_(WIND_SHORT[breach.side])), palette.text_dim, "sans"))
            lines.append((_('{opener} threw {join}: {t1} + {t2} = {value}').format(
                    opener=opener, join=' + '.join(map(str, breach.second_throw)), t1=t1, t2=t2, value=t1 + t2),
                          palette.text, "sans"))
            lines.append((_('Broken at stack {position} from the left').format(
                    position=breach.position), palette.text_dim, "sans"))
        else:
            lines.append((_("The wall is being built"), palette.text, "sans"))
        lines.append(("", palette.text, "sans"))
        lines.append((_('{live_count} tiles left').format(live_count=wall.live_count), palette.accent, "bold"))
        lines.append((_('{replacements_left} in the kong box ({len} loose on top)').format(
                replacements_left=wall.replacements_left, len=len(wall.loose)), palette.text,
                      "sans"))
        top = cy - len(lines) * 11
        for i, (words, colour, face) in enumerate(lines):
            if words:
                text(surface, words, (cx, top + i * 22), 15, colour, face, "center")
        del picture

"""The Rules pages of a ruleset: a beginner's guide, the play options, the scoring table and the special hands.

Every page but the guide is made from the ruleset's data, so a mod's ruleset explains itself. Each special hand
is shown with an example hand drawn with the real tiles, instantiated from its pattern and checked with the
ruleset's judge (:mod:`game.rules.pattern_example`). Pages scroll with the mouse wheel, the arrow keys, Page
Up/Down, Home/End and the scroll bar; Left/Right, Tab or 1–4 change the page; Esc closes.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import pygame

from game.client import layout
from game.client.look import fit_text, mix, text, wrap
from game.client.render.pattern_tiles import draw_groups, fitting_size
from game.client.rules_text import (
    SPECIALS_ONLY,
    play_sections,
    scoring_sections,
    settlement_lines,
    special_notes,
    special_value,
    who_scores,
    win_words,
)
from game.client.scenes.base import Scene, SceneContext
from game.client.widgets import Button, draw_panel
from game.core.tiles import parse_tiles
from game.i18n import N_, _, format_number, mod_text
from game.rules.pattern_example import Example, special_hand_example

log = logging.getLogger(__name__)

BOX = pygame.Rect(0, 0, 1120, 664)
BOX.center = (640, 360)
VIEW = pygame.Rect(BOX.left + 28, BOX.top + 108, BOX.width - 76, BOX.height - 188)
BAR = pygame.Rect(VIEW.right + 10, VIEW.top, 10, VIEW.height)
PAGES = (N_("Beginner's Guide"), N_("Play"), N_("Scoring"), N_("Special Hands"))
LINE = 40
"""Pixels one arrow key or wheel notch scrolls."""

GUIDE_SETS = (
    (N_("Chow"), N_("Three tiles in a row of one suit."), "4C 5C 6C"),
    (N_("Pung"), N_("Three identical tiles."), "7D 7D 7D"),
    (N_("Kong"), N_("Four identical tiles: declare it and take a loose tile."), "GD GD GD GD"),
    (N_("Pair"), N_("Two identical tiles: every hand needs one."), "EW EW"),
)
GUIDE_HAND = ("2B 3B 4B", "6C 6C 6C", "7D 8D 9D", "RD RD RD", "EW EW")
GUIDE_TEXT = (
    (N_("The aim"),
     N_("Be the first to go Mah Jongg: to hold a complete hand of four sets and a pair, fourteen tiles (one more for "
     "each kong). A hand like the one below wins. Some special hands with their own pictures win too; they are "
     "worth much more (see Special Hands).")),
    (N_("A turn"),
     N_("East begins. On your turn you take a tile from the wall and discard one: click it, or move the cursor with "
     "the arrow keys and press Enter. Then the player on your right takes a turn, and so on around the table.")),
    (N_("Claiming a discard"),
     N_("When another player discards a tile you can use, it glows in the middle of the table: click it, or press "
     "P (pung), K (kong), C (chow) or M (Mah Jongg) before the timer bar runs out. A claimed set is laid out "
     "face up for all to see; sets you build from the wall stay hidden and score more.")),
    (N_("Going Mah Jongg"),
     N_("When the tile you draw completes your hand, press M or the Mah Jongg button. You may also claim any "
     "discard that completes it. The winner scores the sets, and everyone settles with the winner.")),
    (N_("Flowers and Seasons"),
     N_("Are not part of a set: they are laid out as soon as they come, replaced by a loose tile, and add points.")),
)
GUIDE_AIM_SPECIALS = (
    N_("Be the first to go Mah Jongg with a special hand: in this ruleset only the special hands win (each has its "
    "own picture under Special Hands). A regular hand of four sets and a pair, like the one below, does not win "
    "here, but the sets are the stuff most special hands are made of."))
GUIDE_OUT_SPECIALS = (
    N_("When the tile you draw completes a special hand, press M or the Mah Jongg button. You may also claim any "
    "discard that completes it. The winner is paid the special hand's own value, and everyone settles with the "
    "winner."))
GUIDE_KEYS = (
    (N_("Enter / Space"), N_("discard the tile under the cursor, or claim the discard")),
    (N_("← → Home End 1–9"), N_("move the cursor along your tiles")),
    ("C  P  K  M", N_("claim for a Chow, Pung or Kong, go Mah Jongg")),
    (N_("0 or right click"), N_("let the discard go at once")),
    ("F1", N_("help and rules")),
    ("F2  ·  F3  ·  F4", N_("new game  ·  next hand  ·  start the hand")),
    ("F6  ·  F8", N_("show all hands  ·  QuickTip: what the computer would discard")),
    (N_("W  ·  Esc"), N_("look at the wall  ·  the menu")),
)


def ruleset_for(context: SceneContext) -> Any:
    """The ruleset of the game being played (the top game on the stack), else the one for new games."""
    for scene in reversed(context.scenes):
        session = getattr(scene, "session", None)
        if session is not None and getattr(session, "ruleset", None) is not None:
            return session.ruleset
    from game.session.rules import load_game_rules

    ruleset, _rules, _judge = load_game_rules(context.settings.ruleset, context.mods_dir, catalog=context.catalog)
    return ruleset


class RulesScene(Scene):
    """The rules of one ruleset (the game's in progress when none is given), over whatever was on screen."""

    overlay = True
    name = "rules"
    still = True

    def __init__(self, context: SceneContext, ruleset: Any = None, page: int = 0, special: str | None = None) -> None:
        super().__init__(context)
        self.ruleset = ruleset if ruleset is not None else ruleset_for(context)
        self.page = 0
        self.scroll = 0
        self.dragging: int | None = None
        self._pages: dict[int, pygame.Surface] = {}
        self._examples: dict[str, Example | None] | None = None
        width = (VIEW.width - 3 * 10) // 4
        self.tabs = [Button(pygame.Rect(VIEW.left + i * (width + 10), BOX.top + 58, width, 36), _(title),
                            partial(self.go, i), size=16) for i, title in enumerate(PAGES)]
        self.close = Button(pygame.Rect(BOX.right - 168, BOX.bottom - 64, 140, 44), _("Close"),
                            lambda: context.close(self), primary=True, key_hint=_("Esc"))
        self.special_at: dict[str, int] = {}
        """Where each special hand's card starts on the Special Hands page (known once the page is drawn)."""
        self.go(page)
        if special is not None:
            # Opened for one special hand (the help's search): the Special Hands page, scrolled to its card.
            self.go(PAGES.index("Special Hands"))
            self.page_surface(self.page)
            self.scroll = max(0, min(self.max_scroll, self.special_at.get(special, 0)))

    # -- paging and scrolling ---------------------------------------------------------------------------------

    def go(self, page: int) -> None:
        self.page = page % len(PAGES)
        self.scroll = 0
        for i, b in enumerate(self.tabs):
            b.focused = i == self.page

    @property
    def content_height(self) -> int:
        return self.page_surface(self.page).get_height()

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - VIEW.height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def _thumb(self) -> pygame.Rect:
        total = max(1, self.content_height)
        h = max(40, round(BAR.height * min(1.0, VIEW.height / total)))
        top = BAR.top + round((BAR.height - h) * (self.scroll / self.max_scroll if self.max_scroll else 0))
        return pygame.Rect(BAR.left, top, BAR.width, h)

    def handle(self, event: pygame.Event) -> None:
        for b in [*self.tabs, self.close]:
            if b.handle(event):
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE * 2)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and BAR.inflate(12, 0).collidepoint(
                event.pos):
            thumb = self._thumb()
            if not thumb.collidepoint(event.pos):
                self.scroll_by(VIEW.height if event.pos[1] > thumb.centery else -VIEW.height)
            self.dragging = event.pos[1] - self._thumb().top
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            room = max(1, BAR.height - self._thumb().height)
            fraction = (event.pos[1] - self.dragging - BAR.top) / room
            self.scroll = max(0, min(self.max_scroll, round(fraction * self.max_scroll)))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        steps = {pygame.K_DOWN: LINE, pygame.K_UP: -LINE, pygame.K_PAGEDOWN: VIEW.height - LINE,
                 pygame.K_PAGEUP: -(VIEW.height - LINE), pygame.K_SPACE: VIEW.height - LINE}
        if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.context.close(self)
        elif key in steps:
            self.scroll_by(steps[key])
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll = self.max_scroll
        elif key in (pygame.K_RIGHT, pygame.K_TAB):
            self.go(self.page + 1)
        elif key == pygame.K_LEFT:
            self.go(self.page - 1)
        elif pygame.K_1 <= key < pygame.K_1 + len(PAGES):
            self.go(key - pygame.K_1)

    # -- drawing ----------------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        name = mod_text(getattr(self.ruleset, "name", None) or "") or _("Rules")
        draw_panel(surface, BOX, palette, title=fit_text(_('Rules · {name}').format(
                name=name), BOX.width - 80, 22, "serif_bold"))
        for b in self.tabs:
            b.draw(surface, palette)
        page = self.page_surface(self.page)
        visible = pygame.Rect(0, self.scroll, VIEW.width, min(VIEW.height, page.get_height() - self.scroll))
        surface.blit(page, VIEW.topleft, visible)
        self._draw_edges(surface)
        if self.max_scroll:
            pygame.draw.rect(surface, palette.panel_shade, BAR, border_radius=5)
            pygame.draw.rect(surface, palette.accent_dark if self.dragging is None else palette.accent,
                             self._thumb(), border_radius=5)
        hint = _("Wheel, ↑ ↓ or Page Up/Down to scroll  ·  ← → or 1–4 for the pages")
        text(surface, hint, (BOX.left + 30, BOX.bottom - 42), 14, mix(palette.text_dark, palette.panel, 0.35),
             "sans", "midleft")
        self.close.draw(surface, palette)

    def _draw_edges(self, surface: pygame.Surface) -> None:
        """Soft fades where the page runs on above or below the view, so the cut never looks like an accident."""
        panel = self.context.palette.panel
        for i in range(14):
            a = round(255 * (1 - i / 14) ** 2)
            line = pygame.Surface((VIEW.width, 1), pygame.SRCALPHA)
            line.fill((*panel, a))
            if self.scroll > 0:
                surface.blit(line, (VIEW.left, VIEW.top + i))
            if self.scroll < self.max_scroll:
                surface.blit(line, (VIEW.left, VIEW.bottom - 1 - i))

    def page_surface(self, page: int) -> pygame.Surface:
        """The whole page drawn once (cached): the view shows a window of it."""
        if page not in self._pages:
            canvas = pygame.Surface((VIEW.width, 9000), pygame.SRCALPHA)
            builders = (self._guide, self._play, self._scoring, self._specials)
            try:
                height = builders[page](canvas)
            except Exception:  # a ruleset (a mod's file) the page cannot describe must not close the game
                log.exception("rules page %r could not be drawn from ruleset %r", PAGES[page],
                              getattr(self.ruleset, "id", None))
                canvas.fill((0, 0, 0, 0))
                height = self._paragraph(canvas, 0, _("This page could not be made from the ruleset's data."))
            self._pages[page] = canvas.subsurface((0, 0, VIEW.width, max(1, min(9000, height + 12)))).copy()
        return self._pages[page]

    # -- page builders: each draws on the canvas from y = 0 and returns the height used --------------------------

    def _heading(self, canvas: pygame.Surface, y: int, title: str) -> int:
        palette = self.context.palette
        rect = text(canvas, _(title), (0, y), 21, palette.accent_dark, "serif_bold")
        pygame.draw.line(canvas, mix(palette.accent, palette.panel, 0.4), (rect.right + 14, rect.centery + 2),
                         (VIEW.width - 4, rect.centery + 2), 1)
        return y + 36

    def _paragraph(self, canvas: pygame.Surface, y: int, body: str, x: int = 0, size: int = 16,
                   width: int | None = None, colour: tuple[int, int, int] | None = None) -> int:
        for line in wrap(_(body), (width or VIEW.width - 8) - x, size):
            text(canvas, line, (x, y), size, colour or self.context.palette.text_dark)
            y += size + 7
        return y

    def _tiles(self, canvas: pygame.Surface, codes: tuple[str, ...] | str, pos: tuple[int, int],
               size: tuple[int, int] = (32, 43)) -> pygame.Rect:
        groups = tuple(tuple(parse_tiles(c)) for c in ((codes,) if isinstance(codes, str) else codes))
        return draw_groups(canvas, self.context.sprites, self.context.palette, groups, pos, size=size)

    def _guide(self, canvas: pygame.Surface) -> int:
        palette = self.context.palette
        y = 0
        specials_only = getattr(self.ruleset, "special_hands_required", False)
        for title, body in GUIDE_TEXT[:1]:
            y = self._heading(canvas, y, title)
            y = self._paragraph(canvas, y, GUIDE_AIM_SPECIALS if specials_only else body)
        rect = self._tiles(canvas, GUIDE_HAND, (24, y + 8), (36, 48))
        text(canvas, _("four sets and a pair") + (_(": not a win here") if specials_only else ""),
             (rect.right + 24, rect.centery), 15, palette.text_dark, "sans", "midleft")
        y = rect.bottom + 26
        y = self._heading(canvas, y, _("The sets"))
        column = (VIEW.width - 16) // 2
        base = y + 4
        for i, (name, words, codes) in enumerate(GUIDE_SETS):
            x = (i % 2) * column
            top = base + (i // 2) * 74
            self._tiles(canvas, codes, (x + 8, top), (32, 43))
            text(canvas, _(name), (x + 8 + 4 * 32 + 20, top), 18, palette.text_dark, "bold")
            y = max(y, self._paragraph(canvas, top + 26, words, x + 8 + 4 * 32 + 20, 15, x + column - 10))
        y += 24
        for title, body in GUIDE_TEXT[1:]:
            if title == "Flowers and Seasons" and not self.ruleset.play.flowers:
                continue
            if title == "Going Mah Jongg" and specials_only:
                body = GUIDE_OUT_SPECIALS
            y = self._heading(canvas, y, title)
            y = self._paragraph(canvas, y, body) + 10
            if title == "Flowers and Seasons":
                y = self._tiles(canvas, ("F1 F2 F3 F4", "S1 S2 S3 S4"), (24, y), (32, 43)).bottom + 18
        y = self._heading(canvas, y, _("The keys"))
        for i, (keys, words) in enumerate(GUIDE_KEYS):
            band = pygame.Rect(0, y - 3, VIEW.width - 4, 28)
            if i % 2 == 0:
                pygame.draw.rect(canvas, palette.panel_shade, band, border_radius=6)
            text(canvas, _(keys), (12, y), 16, palette.text_dark, "bold")
            text(canvas, fit_text(_(words), VIEW.width - 260, 16), (250, y), 16, palette.text_dark)
            y += 30
        return y

    def _play(self, canvas: pygame.Surface) -> int:
        palette = self.context.palette
        y = 0
        description = getattr(self.ruleset, "description", "")
        if description:
            y = self._paragraph(canvas, y, mod_text(description), size=16) + 14
        for title, rules in play_sections(self.ruleset.play):
            y = self._heading(canvas, y, title)
            for rule in rules:
                mark, colour = {True: ("✓", (46, 130, 70)), False: ("✗", palette.east_stake),
                                None: ("•", palette.accent_dark)}[rule.yes]
                text(canvas, mark, (10, y - 1), 17, colour, "bold")
                dim = mix(palette.text_dark, palette.panel, 0.45) if rule.yes is False else None
                y = self._paragraph(canvas, y, rule.text, x=36, colour=dim) + 4
            y += 12
        return y

    def _scoring(self, canvas: pygame.Surface) -> int:
        palette = self.context.palette
        y = 0
        y = self._paragraph(canvas, y, _("Every player scores their hand: the points of the lines that apply, "
                            "doubled once for every double. The \"Mah Jongg hand only\" lines count only for "
                            "the winner.")) + 10
        col_points, col_doubles, col_who = VIEW.width - 390, VIEW.width - 290, VIEW.width - 180
        for title, items in scoring_sections(self.ruleset):
            y = self._heading(canvas, y, title)
            text(canvas, _("Points"), (col_points, y), 14, palette.accent_dark, "bold", "midtop")
            text(canvas, _("Doubles"), (col_doubles, y), 14, palette.accent_dark, "bold", "midtop")
            text(canvas, _("Counts for"), (col_who, y), 14, palette.accent_dark, "bold", "midtop")
            y += 24
            for i, item in enumerate(items):
                band = pygame.Rect(0, y - 3, VIEW.width - 4, 27)
                if i % 2 == 0:
                    pygame.draw.rect(canvas, palette.panel_shade, band, border_radius=6)
                colour = palette.text_dark if item.allowed else mix(palette.text_dark, palette.panel, 0.5)
                text(canvas, fit_text(mod_text(item.name), col_points - 60, 16), (12, y), 16, colour)
                text(canvas, format_number(item.points) if item.points else "–", (col_points, y), 16, colour, "bold",
                     "midtop")
                text(canvas, str(item.doubles) if item.doubles else "–", (col_doubles, y), 16, colour, "bold",
                     "midtop")
                text(canvas, who_scores(item), (col_who, y), 14, colour, "sans", "midtop")
                y += 28
            y += 16
        y = self._heading(canvas, y, _("Paying"))
        for line in settlement_lines(self.ruleset):
            y = self._paragraph(canvas, y, line) + 6
        return y

    def examples(self) -> dict[str, Example | None]:
        """One example per special hand (made once: each is checked by scoring it)."""
        if self._examples is None:
            from game.core.scoring import RulesetJudge

            judge = RulesetJudge(self.ruleset)
            found: dict[str, Example | None] = {}
            for special in self.ruleset.special_hands:
                try:
                    found[special.id] = special_hand_example(judge, special)
                except Exception:  # one odd pattern (a mod's file) must not hide the other hands
                    log.exception("no example for special hand %r of ruleset %r", special.id,
                                  getattr(self.ruleset, "id", None))
                    found[special.id] = None
            self._examples = found
        return self._examples

    def _specials(self, canvas: pygame.Surface) -> int:
        palette = self.context.palette
        rs = self.ruleset
        y = 0
        intro = (_("A special hand is worth its own value instead of the sets' points, unless it says it is added to "
                 "the hand's score. Every way of reading a winning hand is tried and the best counts. Each example "
                 "below is a real winning hand; the lit tile is the one it was won with."))
        if not rs.special_hands_allowed:
            intro = _("Special hands are switched off in this ruleset.")
        elif rs.special_hands_required:
            intro = f"{SPECIALS_ONLY} {intro}"
        y = self._paragraph(canvas, y, intro) + 14
        if not rs.special_hands_allowed:
            return y
        for i, special in enumerate(rs.special_hands):
            self.special_at[special.id] = y
            card = self._special_card(special, self.examples().get(special.id))
            if i % 2 == 0:
                pygame.draw.rect(canvas, palette.panel_shade, card.get_rect(topleft=(0, y)), border_radius=10)
            canvas.blit(card, (0, y))
            y += card.get_height() + 6
        return y

    def _special_card(self, special: Any, example: Example | None) -> pygame.Surface:
        """One special hand: name, value, notes and rule text on the left, the example hand on the right."""
        palette = self.context.palette
        card = pygame.Surface((VIEW.width - 4, 400), pygame.SRCALPHA)
        text_w = 400
        tiles_x = text_w + 30
        rect = text(card, fit_text(mod_text(special.name), text_w - 4, 18, "serif_bold"), (14, 10), 18,
                    palette.text_dark, "serif_bold")
        text(card, special_value(special, self.ruleset), (14, rect.bottom + 3), 16, palette.accent_dark, "bold")
        y = rect.bottom + 28
        notes = special_notes(special)
        if notes:
            y = self._paragraph(card, y, " · ".join(notes), 14, 13, text_w,
                                colour=mix(palette.text_dark, palette.panel, 0.3)) + 2
        bottom = self._paragraph(card, y, mod_text(special.description or ""), 14, 14, text_w)
        if example is not None:
            size = fitting_size(example.groups, card.get_width() - tiles_x - 14)
            drawn = draw_groups(card, self.context.sprites, palette, example.groups, (tiles_x, 16), size=size,
                                exposed=example.exposed, winning=example.context.winning_tile)
            caption = fit_text(win_words(example), card.get_width() - tiles_x - 14, 13)
            text(card, caption, (tiles_x, drawn.bottom + 8), 13, mix(palette.text_dark, palette.panel, 0.3))
            bottom = max(bottom, drawn.bottom + 28)
        return card.subsurface((0, 0, card.get_width(), bottom + 10)).copy()


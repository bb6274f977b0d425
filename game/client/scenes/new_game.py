"""New Game: choose the ruleset, the three computer opponents and their names, your name and the starting score.

The choices become the settings for the next games too (F2 at the table starts one with them), except the
starting score, which defaults to the ruleset's own. The ruleset list has the player's own presets too; Presets…
opens the settings' Rules page to make, rename or delete one. Start (Enter) opens the table; Cancel (Esc) goes back.
Tab and Shift+Tab move between the fields; Left/Right change the focused choice; typing edits a focused name.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pygame

from game.client import layout
from game.client.forms import NAME_LENGTH, Chooser, NameField
from game.client.look import fit_text, mix, parse_colour, text, wrap
from game.client.scenes import games
from game.client.scenes.base import Scene, SceneContext
from game.client.scenes.dialogs import ERROR
from game.client.widgets import Button, caret_wake, draw_panel
from game.i18n import N_, _, format_number, mod_text
from game.mods.personalities import type_word
from game.session.options import DEFAULT_NAMES, DEFAULT_OPPONENTS, seat_names, seat_opponents

log = logging.getLogger(__name__)

BOX = pygame.Rect(0, 0, 1060, 650)
BOX.center = (640, 360)
SEATS = (N_("On your right"), N_("Opposite you"), N_("On your left"))
SCORE_STEP = 100
EMPTY_SEAT_NOTE = (N_("This ruleset is for three players: the seat opposite you stays empty (the Dummy). It is never "
                   "East, and play passes over it."))
SCORE_RANGE = (100, 100_000)
HOST_PORT = 8765
"""The port a hosted table listens on when it is free (``sparrow serve``'s): the one to forward on a router."""


@dataclass
class Choices:
    """What the player chose: everything a new game needs."""

    ruleset: str
    opponents: list[str]
    names: list[str]
    """Four names, the player's first."""
    start_score: int
    seed: int | None = None


def personalities(context: SceneContext) -> list[Any]:
    """Every computer personality the loaded mods offer (ids in load order); empty without mods."""
    catalog = context.catalog
    return [record.data for record in catalog.list("ai")] if catalog is not None else []


def rulesets(context: SceneContext) -> list[Any]:
    """Every ruleset that loads (``RulesetInfo``: id, name); empty without mods (the classic game is offered)."""
    from game.mods.rulesets import ruleset_infos

    return list(ruleset_infos(context.catalog)[0]) if context.catalog is not None else []


def new_session(context: SceneContext, choices: Choices) -> Any:
    """A session for ``choices``, made as the title's quick New Game makes one, with the chosen start score."""
    from game.session.driver import Session
    from game.session.options import Options

    return Session.create(choices.ruleset, choices.seed, context.mods_dir, catalog=context.catalog,
                          start_score=choices.start_score, opponents=list(choices.opponents),
                          names=list(choices.names), options=Options.from_settings(context.settings))


def remember(context: SceneContext, choices: Choices) -> None:
    """Keep the choices for the next games (a local one or a hosted table)."""
    settings = context.settings
    settings.ruleset, settings.opponents = choices.ruleset, list(choices.opponents)
    # The default name is kept as the game's word ("You"), so it follows the language; a typed name stays as typed.
    player = DEFAULT_NAMES[0] if choices.names[0] == _(DEFAULT_NAMES[0]) else choices.names[0]
    settings.player_name, settings.opponent_names = player, list(choices.names[1:])
    context.save_settings()


def start_game(context: SceneContext, choices: Choices) -> Scene:
    """Remember the choices for the next games, then open the table on a new session; returns the table scene."""
    remember(context, choices)
    return games.play(context, new_session(context, choices))


class NewGameScene(Scene):
    overlay = True
    name = "new_game"
    still = True

    def __init__(self, context, seed: int | None = None) -> None:
        super().__init__(context)
        self.seed = seed
        self._before_presets: Any = _UNSET
        """The settings' ruleset when Presets… opened; a new one saved there is chosen on return."""
        self.rulesets = rulesets(context) or [_Fallback("classic", _("Classic"))]
        self.people = personalities(context)
        self._start_scores: dict[str, int] = {}
        self._empty_seats: dict[str, int | None] = {}
        self.empty_seat: int | None = None
        """The seat the chosen ruleset leaves empty (a three-handed game), or None."""
        self.fields: list[Any] = []
        wanted = context.settings.ruleset
        ruleset_index = next((i for i, r in enumerate(self.rulesets) if r.id == wanted), 0)
        x0 = BOX.left + 40
        # The two buttons are as wide as their names ('Voorinstellingen…'); the ruleset chooser gives them the room.
        rules_width, presets_width = (max(140, Button.width_for(label, 17)) for label in (_("Rules…"), _("Presets…")))
        chooser_width = BOX.right - 40 - (x0 + 170) - rules_width - presets_width - 26
        self.ruleset = Chooser(pygame.Rect(x0 + 170, BOX.top + 80, chooser_width, 44),
                               [mod_text(r.name) for r in self.rulesets], ruleset_index,
                               on_change=self._ruleset_changed)
        self.rules_button = Button(pygame.Rect(self.ruleset.rect.right + 14, BOX.top + 80, rules_width, 44),
                                   _("Rules…"), self.show_rules, size=17)
        self.presets_button = Button(pygame.Rect(self.rules_button.rect.right + 12, BOX.top + 80, presets_width, 44),
                                     _("Presets…"), self.show_presets, size=17)
        self.player = NameField(pygame.Rect(x0 + 170, BOX.top + 140, 300, 44),
                                seat_names(context.settings)[0][:NAME_LENGTH])
        self.score = Chooser(pygame.Rect(x0 + 740, BOX.top + 140, 240, 44), [], 0, on_step=self._step_score)
        self.start_score = 0
        self.score_edited = False
        self._ruleset_changed(ruleset_index)
        self._build_seats()
        self.start = Button(pygame.Rect(BOX.right - 334, BOX.bottom - 66, 150, 46), _("Start"), self.begin,
                            primary=True, key_hint=_("Enter"))
        self.cancel = Button(pygame.Rect(BOX.right - 170, BOX.bottom - 66, 140, 46), _("Cancel"),
                             lambda: context.close(self), key_hint=_("Esc"))
        self.host_button = Button(pygame.Rect(BOX.left + 40, BOX.bottom - 66, 270, 46), _("Host a Network Game"),
                                  self.host, key_hint=_("Ctrl+H"), size=17)
        self.host_error = ""
        """Why the network table could not be hosted, in words."""
        self._list_fields()
        self.focus = 1
        self._set_focus(1)

    def _list_fields(self) -> None:
        """The fields Tab moves through: an empty seat's card has none."""
        self.fields = [self.ruleset, self.player, self.score]
        for seat, (chooser, name) in enumerate(zip(self.seat_choosers, self.seat_names, strict=True), start=1):
            if seat != self.empty_seat:
                self.fields += [chooser, name]

    # -- the choices ------------------------------------------------------------------------------------------

    def _build_seats(self) -> None:
        ids = [p.id for p in self.people]
        chosen = seat_opponents(self.context.settings)
        named = self.context.settings.opponent_names
        width = (BOX.width - 80 - 2 * 20) // 3
        self.cards = [pygame.Rect(BOX.left + 40 + i * (width + 20), BOX.top + 248, width, 296) for i in range(3)]
        self.seat_choosers: list[Chooser] = []
        self.seat_names: list[NameField] = []
        labels, swatches = self._seat_choices()
        for seat, card in enumerate(self.cards):
            index = ids.index(chosen[seat]) if chosen[seat] in ids else min(seat, max(0, len(ids) - 1))
            chooser = Chooser(pygame.Rect(card.left + 16, card.top + 148, card.width - 32, 42), labels, index,
                              swatches=swatches, size=15)
            chooser.on_change = lambda i, seat=seat: self._personality_changed(seat, i)
            default = mod_text(self.people[index].name) if self.people else _('Player {value}').format(value=seat + 2)
            name = str(named[seat]) if isinstance(named, list) and seat < len(named) else default
            self.seat_choosers.append(chooser)
            self.seat_names.append(NameField(pygame.Rect(card.left + 16, card.top + 70, card.width - 32, 42),
                                             name[:NAME_LENGTH], edited=name != default))

    def _personality_changed(self, seat: int, index: int) -> None:
        field_ = self.seat_names[seat]
        if not field_.edited and self.people:
            # An unedited name follows the personality: the opponent is called what it is.
            field_.value = mod_text(self.people[index].name)[:NAME_LENGTH]

    def _ruleset_changed(self, index: int) -> None:
        ruleset_id = self.rulesets[index].id
        start_score = self._ruleset_start_score(ruleset_id)  # reads the empty seat too
        if not self.score_edited:
            self.start_score = start_score
        self._refresh_score()
        self.empty_seat = self._empty_seats.get(ruleset_id)
        if self.fields:
            focused = self.fields[self.focus]
            self._list_fields()
            self._set_focus(self.fields.index(focused) if focused in self.fields else 0)

    def _ruleset_start_score(self, ruleset_id: str) -> int:
        if ruleset_id not in self._start_scores:
            from game.session.rules import load_game_rules

            _ruleset, rules, _judge = load_game_rules(ruleset_id, self.context.mods_dir, catalog=self.context.catalog)
            self._start_scores[ruleset_id] = rules.start_score
            self._empty_seats[ruleset_id] = rules.empty_seat
        return self._start_scores[ruleset_id]

    def _step_score(self, by: int) -> None:
        low, high = SCORE_RANGE
        self.start_score = max(low, min(high, self.start_score + by * SCORE_STEP))
        self.score_edited = True
        self._refresh_score()

    def _refresh_score(self) -> None:
        self.score.labels = [format_number(self.start_score)]
        self.score.index = 0

    def choices(self) -> Choices:
        ids = [self.people[c.index].id for c in self.seat_choosers] if self.people else list(DEFAULT_OPPONENTS)
        names = [self.player.value.strip() or _("You")]
        names += [f.value.strip() or (mod_text(self.people[c.index].name) if self.people
                                      else _("Player {value}").format(value=i + 2))
                  for i, (c, f) in enumerate(zip(self.seat_choosers, self.seat_names, strict=True))]
        return Choices(self.rulesets[self.ruleset.index].id, ids, names, self.start_score, self.seed)

    def begin(self) -> None:
        start_game(self.context, self.choices())

    def host(self) -> None:
        """Host a network table with the chosen ruleset, opponents and starting score, served from this window:
        the waiting room shows the address to share; the host plays the first seat, friends take the others, and
        the chosen computer players (with their names) play the seats nobody takes."""
        from game.net.client import name_problem  # the network code only when a table is hosted

        choices = self.choices()
        self.host_error = name_problem(self.player.value)
        if self.host_error:
            self._set_focus(1)  # the name field
            return
        remember(self.context, choices)
        from game.net.in_process import host_in_process

        folders = self.context.folders
        hosted = None
        for port in (HOST_PORT, 0):  # the usual port (easy to forward), else any free one
            hosted = host_in_process(choices.ruleset, catalog=self.context.catalog, mods_dir=self.context.mods_dir,
                                     config_dir=self.context.config_dir, saves=folders.saves if folders else None,
                                     seed=choices.seed, port=port, opponents=choices.opponents,
                                     names=choices.names, start_score=choices.start_score)
            if hosted.start():
                break
        assert hosted is not None
        if hosted.error:
            self.host_error = hosted.error
            return
        self.context.close(self)
        self.context.open("waiting_room", address=hosted.local_address, player=choices.names[0][:24], host=hosted)

    def show_rules(self) -> None:
        from game.session.rules import load_game_rules

        ruleset, _rules, _judge = load_game_rules(self.rulesets[self.ruleset.index].id, self.context.mods_dir,
                                                  catalog=self.context.catalog)
        if ruleset is not None:
            self.context.open("rules", ruleset=ruleset)

    def show_presets(self) -> None:
        """The settings' Rules page; the ruleset list is read again when it closes (see :meth:`resume`)."""
        self._before_presets = self.context.settings.ruleset
        self.context.open("settings", page="Rules")

    def resume(self) -> None:
        """Back from the presets: list the rulesets again, keeping the one chosen (or the one just saved)."""
        if self._before_presets is _UNSET:
            return
        before, self._before_presets = self._before_presets, _UNSET
        now = self.context.settings.ruleset
        self._list_rulesets(now if now != before else None)

    def mods_changed(self) -> None:
        """Mods were installed or switched while the box was open (one dropped on the window): offer the
        rulesets and opponents they offer now, keeping every choice that is still there."""
        self._list_rulesets()
        chosen = [self.people[c.index].id if self.people else None for c in self.seat_choosers]
        self.people = personalities(self.context) or self.people
        ids = [p.id for p in self.people]
        for chooser, person in zip(self.seat_choosers, chosen, strict=True):
            chooser.labels, chooser.swatches = self._seat_choices()
            chooser.index = ids.index(person) if person in ids else 0

    def _seat_choices(self) -> tuple[list[str], list[Any]]:
        """The opponent choosers' labels and colour swatches, one per personality: its name and the kind of player
        (a personality that thinks ahead at decision time is a master, whatever its knobs are built on)."""
        return ([f"{mod_text(p.name)} · {type_word(p.player_type)}" for p in self.people],
                [parse_colour(p.colour) for p in self.people])

    def _list_rulesets(self, wanted: str | None = None) -> None:
        """Read the rulesets again; show ``wanted``, else the one shown before, else the first."""
        shown = self.rulesets[self.ruleset.index].id if self.rulesets else None
        self.rulesets = rulesets(self.context) or self.rulesets
        ids = [r.id for r in self.rulesets]
        index = ids.index(wanted) if wanted in ids else ids.index(shown) if shown in ids else 0
        self.ruleset.labels = [mod_text(r.name) for r in self.rulesets]
        self.ruleset.index = index
        self._ruleset_changed(index)

    # -- input ------------------------------------------------------------------------------------------------

    def _set_focus(self, index: int) -> None:
        self.focus = index % len(self.fields)
        for i, f in enumerate(self.fields):
            f.focused = i == self.focus

    def handle(self, event: pygame.Event) -> None:
        for b in (self.start, self.cancel, self.rules_button, self.presets_button, self.host_button):
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and event.mod & pygame.KMOD_CTRL:
            self.host()
            return
        for i, f in enumerate(self.fields):
            if f.handle(event):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    self._set_focus(i)
                return
        if event.type != pygame.KEYDOWN:
            return
        focused = self.fields[self.focus]
        if event.key == pygame.K_TAB:
            self._set_focus(self.focus + (-1 if event.mod & pygame.KMOD_SHIFT else 1))
        elif event.key in (pygame.K_DOWN, pygame.K_UP):
            self._set_focus(self.focus + (1 if event.key == pygame.K_DOWN else -1))
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(focused, Chooser):
            focused.step(-1 if event.key == pygame.K_LEFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.begin()
        elif event.key == pygame.K_ESCAPE:
            self.context.close(self)

    # -- drawing ----------------------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return caret_wake([self.player, *self.seat_names])

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.context.palette
        shade = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, BOX, palette, title=_("New Game"))
        x0 = BOX.left + 40
        for label, rect in ((_("Ruleset"), self.ruleset.rect), (_("Your name"), self.player.rect)):
            text(surface, label, (x0, rect.centery), 18, palette.text_dark, "bold", "midleft")
        text(surface, _("Starting score"), (self.score.rect.left - 16, self.score.rect.centery), 18, palette.text_dark,
             "bold", "midright")
        self.ruleset.draw(surface, palette)
        self.rules_button.draw(surface, palette)
        self.presets_button.draw(surface, palette)
        self.player.draw(surface, palette)
        self.score.draw(surface, palette)
        heading = text(surface, _("Your opponents"), (x0, BOX.top + 208), 21, palette.accent_dark, "serif_bold")
        pygame.draw.line(surface, mix(palette.accent, palette.panel, 0.4), (heading.right + 14, heading.centery + 2),
                         (BOX.right - 40, heading.centery + 2), 1)
        for seat, card in enumerate(self.cards):
            if seat + 1 == self.empty_seat:
                self._draw_empty_card(surface, seat, card)
            else:
                self._draw_card(surface, seat, card)
        # Between the host button and Start, on two lines when the words are long (German).
        left = self.host_button.rect.right + 18
        hint = wrap(_("Tab: next field  ·  ← →: change  ·  type to rename"), self.start.rect.left - 18 - left, 14)
        for i, line in enumerate(hint[:2]):
            text(surface, line, (left, BOX.bottom - 43 + (i * 2 - len(hint[:2]) + 1) * 9), 14,
                 mix(palette.text_dark, palette.panel, 0.35), "sans", "midleft")
        if self.host_error:
            text(surface, fit_text(self.host_error, BOX.width - 80, 15, "bold"), (x0, BOX.bottom - 84), 15,
                 ERROR, "bold", "midleft")
        self.host_button.draw(surface, palette)
        self.start.draw(surface, palette)
        self.cancel.draw(surface, palette)

    def _draw_empty_card(self, surface: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        """The seat a three-handed game leaves empty: no opponent to choose, and why."""
        palette = self.context.palette
        edge = mix(palette.text_dark, palette.panel, 0.55)
        pygame.draw.rect(surface, mix(palette.panel_shade, palette.panel, 0.5), card, border_radius=12)
        pygame.draw.rect(surface, edge, card, width=2, border_radius=12)
        text(surface, SEATS[seat], (card.left + 16, card.top + 22), 17, edge, "bold", "midleft")
        text(surface, _("Empty seat"), (card.centerx, card.top + 100), 21, palette.text_dark, "serif_bold", "center")
        y = card.top + 140
        for line in wrap(EMPTY_SEAT_NOTE, card.width - 36, 14):
            text(surface, line, (card.left + 18, y), 14, palette.text_dark)
            y += 20

    def _draw_card(self, surface: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        palette = self.context.palette
        chooser = self.seat_choosers[seat]
        person = self.people[chooser.index] if self.people else None
        colour = parse_colour(person.colour) if person is not None else None
        colour = colour or palette.accent_dark
        pygame.draw.rect(surface, palette.panel_shade, card, border_radius=12)
        plate = pygame.Rect(card.left, card.top, card.width, 44)
        pygame.draw.rect(surface, colour, plate, border_top_left_radius=12, border_top_right_radius=12)
        pygame.draw.rect(surface, mix(colour, (0, 0, 0), 0.35), card, width=2, border_radius=12)
        bright = sum(colour) / 3 > 150
        label_colour = palette.text_dark if bright else (252, 246, 232)
        text(surface, _(SEATS[seat]), (plate.left + 16, plate.centery), 17, label_colour, "bold", "midleft")
        shown = self.seat_names[seat].value.strip()
        if shown:
            text(surface, fit_text(shown, plate.width // 2 - 10, 17, "serif_bold"), (plate.right - 16,
                 plate.centery), 17, label_colour, "serif_bold", "midright")
        text(surface, _("Name at the table"), (card.left + 16, card.top + 50), 13, palette.text_dark, "bold")
        self.seat_names[seat].draw(surface, palette)
        text(surface, _("Plays like"), (card.left + 16, card.top + 128), 13, palette.text_dark, "bold")
        chooser.draw(surface, palette)
        if person is not None:
            y = card.top + 202
            room = (card.bottom - 10 - y) // 20  # the lines that fit inside the card (four)
            for line in wrap(mod_text(person.description), card.width - 36, 14)[:room]:
                text(surface, line, (card.left + 18, y), 14, palette.text_dark)
                y += 20


_UNSET = object()


@dataclass(frozen=True)
class _Fallback:
    """The ruleset shown when none can be listed: the game falls back to the built-in classic play."""

    id: str
    name: str

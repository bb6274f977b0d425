"""The waiting room of a network table: who sits where, the ruleset and the mods it needs, and the host's Start.

It opens when the player joins a table (Join a Table) or hosts one (New Game ▸ Host a Network Game) and connects
at once; what the connection does is said on its status line in words: connecting, no table there, refused,
dropped and reconnecting. A ruleset whose mod is not installed here is named with the mod; where the table sent
the ruleset's data the game is played by that. When the game starts the table opens on a
:class:`~game.net.remote.RemoteSession`. Esc (Leave) goes back to the title; the host's leaving closes the table.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client.look import fit_text, mix, text, wrap
from game.client.messages import is_you
from game.client.scenes.base import Scene
from game.client.scenes.dialogs import ERROR
from game.client.widgets import Button, draw_panel
from game.i18n import N_, _, format_list, format_number, mod_text
from game.mods.personalities import type_word

BOX = pygame.Rect(0, 0, 900, 600)
BOX.center = (640, 360)
KIND_WORDS = {"player": N_("Player"), "computer": N_("Computer player"), "open": N_("Open seat: waiting for a player")}
WIND_ORDER = (N_("Seat 1"), N_("Seat 2"), N_("Seat 3"), N_("Seat 4"))


class WaitingRoomScene(Scene):
    name = "waiting_room"

    def __init__(self, context: Any, address: str, player: str, token: str | None = None,
                 host: Any = None, lobby: Any = None) -> None:
        super().__init__(context)
        self.address = address
        self.player = player
        self.host = host
        """The table server this window runs (New Game ▸ Host), or None when joining someone else's."""
        self.lobby: Any = None
        self.error = ""
        self.table_rules: Any = None
        self._room_seen: Any = None
        self._token_sent = token
        self.start_button = Button(pygame.Rect(BOX.right - 334, BOX.bottom - 66, 150, 46), _("Start"), self.start,
                                   primary=True, key_hint=_("Enter"))
        self.leave_button = Button(pygame.Rect(BOX.right - 170, BOX.bottom - 66, 140, 46), _("Leave"), self.leave,
                                   key_hint=_("Esc"))
        if lobby is not None:  # already joined (a staged room, or one handed over)
            self.lobby = lobby
        else:
            self._connect(token)

    def _connect(self, token: str | None) -> None:
        from game.net.remote import join  # the network code only when a table is joined

        self._token_sent = token
        try:
            self.lobby = join(self.address, self.player, token)
        except ValueError as exc:
            self.error = str(exc)

    # -- what the table says ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        lobby.poll()
        if lobby.state == "failed" and self._token_sent and lobby.seat is None:
            self._connect(None)  # the seat kept for this player has gone: sit down afresh
            return
        if lobby.state in ("failed", "closed"):
            self.error = lobby.reason
        if lobby.token and self.host is None and self.context.settings.join_token != lobby.token:
            self.context.settings.join_token = lobby.token  # a crash can take the seat back with it
            self.context.save_settings()
        if lobby.room is not None and lobby.room is not self._room_seen:
            self._room_seen = lobby.room
            from game.net.remote import table_rules

            self.table_rules = table_rules(lobby.room, self.context.catalog)
        if lobby.table_messages and self.table_rules is not None and self.table_rules.rules is not None:
            self._open_table()

    def _open_table(self) -> None:
        from game.net.remote import remote_session
        from game.session.options import Options

        session = remote_session(self.lobby, self.table_rules.rules, Options.from_settings(self.context.settings))
        session.hosting = self.host
        self.context.resources.apply_voices(session)
        self.lobby = self.host = None  # the table has the link, and the server, now
        self.context.reset_to("table", session=session)

    def start(self) -> None:
        lobby = self.lobby
        if lobby is not None and lobby.is_host and lobby.state == "connected" and self._playable():
            lobby.start()

    def leave(self) -> None:
        if self.lobby is not None:
            self.lobby.close(leave=True)
            self.lobby = None
        if self.host is not None:
            self.host.stop()
            self.host = None
        self.context.reset_to("title")

    def exit(self) -> None:
        if self.lobby is not None:  # the window closes with the room open
            self.lobby.close(leave=True)
        if self.host is not None:
            self.host.stop()

    def _playable(self) -> bool:
        return self.table_rules is not None and self.table_rules.rules is not None

    def handle(self, event: pygame.Event) -> None:
        for b in self.buttons():
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def buttons(self) -> list[Button]:
        lobby = self.lobby
        hosting = lobby is not None and lobby.is_host
        self.start_button.enabled = hosting and lobby.state == "connected" and self._playable()
        return [self.start_button, self.leave_button] if hosting else [self.leave_button]

    # -- words ------------------------------------------------------------------------------------------------

    def status_line(self) -> tuple[str, bool]:
        """What the room is waiting for, or what went wrong (True: an error, drawn in red)."""
        lobby = self.lobby
        if self.error:
            return self.error, True
        if lobby is None or lobby.state == "connecting" or lobby.room is None:
            return _('Connecting to {address}…').format(address=self.address), False
        if lobby.state == "dropped":
            return lobby.reason or _("The connection dropped: reconnecting…"), True
        rules = self.table_rules
        if rules is not None and rules.rules is None:
            if rules.problem:
                return _("The table's rules could not be read here: {problem}").format(problem=rules.problem), True
            named = ", ".join(repr(m) for m in rules.missing)
            return (_('This table plays {ruleset_name}, from the mod {named}, which is not '
                      'installed here: install it under Mods, then join again.').format(
                              ruleset_name=mod_text(lobby.room.ruleset_name), named=named)), True
        if lobby.is_host:
            return _("Start when your friends have joined: computer players take the open seats."), False
        return _("Waiting for the host to start the game."), False

    def seat_lines(self) -> list[tuple[str, str, str, str]]:
        """Each seat: its label, who sits there, what kind of player that is and, where a computer plays or
        will play it, the personality the host chose for it ("" where there is none)."""
        lobby = self.lobby
        if lobby is None or lobby.room is None:
            return []
        out = []
        for info in lobby.room.seats:
            kind = _(KIND_WORDS.get(info.kind, info.kind))
            if info.kind == "player" and not info.connected:
                kind = _("Player (away: a computer plays meanwhile)")
            yours = info.seat == lobby.seat and not is_you(info.name)  # not "You (you)"
            marks = [m for on, m in ((yours, _("you")), (info.host, _("host"))) if on]
            name = (_("You") if is_you(info.name) else info.name) if info.kind != "open" else "—"
            out.append((_(WIND_ORDER[info.seat]), name + (f" ({', '.join(marks)})" if marks else ""), kind,
                        self._computer_line(info)))
        return out

    @staticmethod
    def _computer_line(info: Any) -> str:
        """Who the computer player at seat ``info`` is, when the host chose a personality for it."""
        if not info.personality or info.kind == "empty" or (info.kind == "player" and info.connected):
            return ""  # nobody, or a player at the table: no computer plays it now
        who = mod_text(info.personality) + (f" · {type_word(info.strategy)}" if info.strategy else "")
        if info.kind != "open":
            return _("Plays like {personality}").format(personality=who)
        if info.name in ("", info.personality, mod_text(info.personality)):  # the name the personality gives
            return _("If nobody joins: {personality}").format(personality=who)
        return _("If nobody joins: {name} ({personality})").format(name=info.name, personality=who)

    def rules_line(self) -> str:
        """The ruleset and the starting score the host chose."""
        room = self.lobby.room if self.lobby is not None else None
        # The host sends the ruleset's own (English) name: each player reads it in their own language.
        line = _("Ruleset: {ruleset}").format(ruleset=mod_text(room.ruleset_name) if room is not None else "…")
        if room is not None and room.start_score is not None:
            line += "  ·  " + _("Everybody starts with {start_score} points.").format(
                start_score=format_number(room.start_score))
        return line

    def mods_line(self) -> str:
        lobby, rules = self.lobby, self.table_rules
        if lobby is None or lobby.room is None:
            return ""
        mods = ", ".join(f"{m.id} {m.version}".strip() for m in lobby.room.mods) or _("none")
        if rules is not None and rules.from_table:
            missing = ", ".join(repr(m) for m in rules.missing)
            return _('Mods: {mods}. Not installed here: {missing}; the table sent its '
                     'rules, so you can play.').format(mods=mods, missing=missing)
        return _('Mods: {mods}').format(
                mods=mods) + (_(" (all installed here).") if rules is not None and rules.rules else ".")

    def timers_line(self) -> str:
        lobby = self.lobby
        if lobby is None or lobby.room is None:
            return ""
        timers = lobby.room.timers
        parts = []
        if "claim_window" in timers:
            parts.append(_('{timers} s to claim a discard').format(timers=_seconds(timers['claim_window'])))
        if timers.get("turn"):
            parts.append(_('{timers} s for each turn').format(timers=_seconds(timers['turn'])))
        if "discard_delay" in timers:
            parts.append(_('computer players wait {timers} s').format(timers=_seconds(timers['discard_delay'])))
        if "reconnect" in timers:
            parts.append(_('a dropped player has {timers} s to come back').format(timers=_seconds(timers['reconnect'])))
        return _("Timers: {timers}.").format(timers=format_list(parts, "plain")) if parts else ""

    # -- drawing ----------------------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return 0.0  # the table may speak at any moment

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        context = self.context
        palette = context.palette
        surface.blit(context.background(), (0, 0))
        content = draw_panel(surface, BOX, palette, title=_("Waiting Room"))
        x, y = content.left + 8, content.top + 6
        lobby = self.lobby
        room = lobby.room if lobby is not None else None
        if self.host is not None:
            shared = text(surface, _("Share this address with your friends:"), (x, y + 12), 16, palette.text_dark,
                          "bold", "midleft")
            text(surface, self.host.share_address, (shared.right + 14, shared.centery), 24, palette.accent_dark,
                 "serif_bold", "midleft")
            y += 36
        else:
            text(surface, fit_text(_('Table at {address}').format(
                    address=self.address), content.width - 16, 16, "bold"), (x, y), 16,
                 palette.text_dark, "bold")
            y += 30
        if room is not None or not self.error:  # with no table there, there is no ruleset to speak of
            text(surface, fit_text(self.rules_line(), content.width - 16, 16), (x, y), 16, palette.text_dark,
                 "sans")
        y += 40
        for i, (label, name, kind, computer) in enumerate(self.seat_lines()):
            row = pygame.Rect(x, y + i * 52, content.width - 16, 44)
            you = lobby is not None and room is not None and room.seats[i].seat == lobby.seat
            pygame.draw.rect(surface, mix(palette.panel, palette.accent, 0.25 if you else 0.08), row,
                             border_radius=8)
            text(surface, label, (row.left + 14, row.centery), 16, palette.compass_dark, "bold", "midleft")
            text(surface, fit_text(name, 300, 19, "serif_bold"), (row.left + 110, row.centery), 19,
                 palette.text_dark, "serif_bold", "midleft")
            if computer:  # the kind above, the chosen computer player under it
                text(surface, fit_text(kind, 410, 15), (row.right - 14, row.centery - 9), 15, palette.compass_dark,
                     "sans", "midright")
                text(surface, fit_text(computer, 410, 13), (row.right - 14, row.centery + 10), 13,
                     mix(palette.compass_dark, palette.panel, 0.2), "sans", "midright")
            else:
                text(surface, fit_text(kind, 410, 15), (row.right - 14, row.centery), 15, palette.compass_dark,
                     "sans", "midright")
        y += 4 * 52 + 12
        for line in (self.mods_line(), self.timers_line()):
            for part in wrap(line, content.width - 16, 15)[:2]:
                text(surface, part, (x, y), 15, palette.compass_dark, "sans")
                y += 20
        message, bad = self.status_line()
        for i, part in enumerate(wrap(message, content.width - 16, 16, "bold")[:3]):
            text(surface, part, (x, BOX.bottom - 150 + i * 21), 16, ERROR if bad else palette.text_dark, "bold")
        for b in self.buttons():
            b.draw(surface, palette)


def _seconds(value: float) -> str:
    """A timer's seconds the language's way, without needless decimals (``1.5``, ``1,5``, ``30``)."""
    return format_number(value, None if value % 1 else 0)

"""Everything the player can do at the table, as commands: discard, claim, declare, pass tiles on, start, the
next hand, undo, the floating menu, pause, Show All Hands, save, open, replays, a new game, and the toggles the
function keys flip.

The key table (:mod:`.table_keys`) names these methods; the mouse, the buttons and the menus call them too. Each
works on the table scene's session and shared state (the cursor, the chosen tiles, the open prompt) and leaves
the scene to take in what it did (``table.pump()``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game import timing
from game.client import status
from game.client.scenes import games
from game.client.scenes.help_pages import help_topic
from game.client.scenes.table_draw import tip_places
from game.client.widgets import MenuItem, PopupMenu
from game.config import STATUS_TEXTS
from game.core.actions import CLAIM_NAMES, ClaimType, DeclareKong, MahJongg
from game.core.refusals import NOT_MAH_JONGG, Refusal
from game.core.tiles import JOKER, tile_name
from game.i18n import N_, _, ngettext
from game.session import notes
from game.session.driver import HUMAN
from game.session.notes import Note
from game.session.options import SETTING_OF_OPTION

if TYPE_CHECKING:
    from game.client.scenes.table_state import SharedTable
    from game.session.driver import Session


def joker_choice(tiles: tuple[int, ...]) -> str:
    """A way to fill a claimed set, as its button says it: natural tiles only, or how many jokers."""
    jokers = tiles.count(JOKER)
    return _("Natural tiles") if jokers == 0 else ngettext("{jokers} Joker", "{jokers} Jokers", jokers).format(
        jokers=jokers)


OFFER_BANNER = N_("Mah Jongg! {name}'s {tile} completes your hand — M to go out, 0 to pass")
OFFER_QUESTION = N_("{name}'s {tile} completes your hand. Go Mah Jongg?")


def mah_jongg_offer(session: Session, words: str) -> str:
    """``words`` (:data:`OFFER_BANNER` or :data:`OFFER_QUESTION`) naming the discard that would give the human
    Mah Jongg and its discarder (always another player): ``Eric's 5 Dots completes your hand …``."""
    assert session.table is not None and session.table.last_discard is not None
    seat, tile = session.table.last_discard
    return _(words).format(name=session.names[seat], tile=tile_name(tile))


LOCAL_ONLY = {
    "undo": N_("a discard cannot be taken back"),
    "save_dialog": N_("the host's computer saves the game after every hand"),
    "open_dialog": N_("another game opens once you leave the table (Esc)"),
    "start_or_restart": N_("the table starts every hand and deals it only once"),
    "toggle_show_all": N_("the other hands are not on this computer to show"),
    "show_replays": N_("the replays are the host's"),
    "show_wall": N_("the wall is the host's secret"),
    "show_why": N_("the other players' reasons are their own"),
    "toggle_pause": N_("the game goes on for the other players: it cannot be paused"),
    "demo": N_("Auto Play (F5) plays your seat, and the scores wait for you"),
    "replay_deal": N_("a hand is dealt only once"),
}
"""The commands a network table declines, with why (words that follow "At a network table")."""


class TableCommands:
    """The commands of one table scene."""

    def __init__(self, table: SharedTable) -> None:
        self.table = table

    @property
    def session(self) -> Session:
        return self.table.session

    def run(self, command: str, argument: Any = None) -> None:
        """Carry out ``command`` (a method name from the key table) with its ``argument``; at a network table
        the commands only a local game has are declined, saying why."""
        if self.session.network and command in LOCAL_ONLY:
            self.session.tell(Note(status.NOT_AT_NETWORK_TABLE, {"what": LOCAL_ONLY[command]}))
            return
        method: Callable[..., None] = getattr(self, command)
        if argument is None:
            method()
        else:
            method(argument)

    def _ask(self, title: str, message: str, choices: list[tuple[str, Callable[[], object]]],
             cancel: tuple[str, Callable[[], object]] | None = None) -> None:
        self.table.prompts.ask(title, message, choices, cancel)

    def _do(self, fn: Callable[[], object]) -> None:
        fn()
        self.table.pump()

    # -- the hand ---------------------------------------------------------------------------------------------

    def discard_index(self, index: int) -> None:
        """The stake tile ``index`` was clicked or chosen with Enter: discard it (asking first where a
        declaration may come with it), or choose it for a chow or for passing on."""
        t = self.table
        s = self.session
        tiles = t.hand_tiles()
        if not (0 <= index < len(tiles)):
            return
        tile = tiles[index]
        if t.chow_pick is not None:
            self._pick_chow_tile(tile)
            return
        if s.human_to_pass:
            self.toggle_pass(index)
            return
        table = t.game_table
        if not s.human_to_discard:
            if table.phase == "dealt":
                self.start()
            elif s.human_may_claim:
                s.tell(Note(status.CLAIM_HINT))
            else:
                s.tell(Note(status.WAIT_FOR_TURN))
            return
        if s.options.ask_first and s.can_mah_jongg() and ("mj", len(table.events)) not in t.asked:
            self.ask_first_checks()  # a winning tile is never discarded unasked, however quick the keys
            if t.prompt is not None:
                return
        me = table.players[HUMAN]
        if me.locked and table.drawn_tile is not None and tile != table.drawn_tile:
            s.tell(Note(status.LOCKED_DISCARD, {"tile": table.drawn_tile, "standing": me.standing}))
            return
        if t.declaring:
            if tile not in s.declaration_tiles():
                s.tell(Note(notes.NO_DECLARING_DISCARD, {"tile": tile, "kind": s.declaration}))
                return
            t.declaring = False
            self._discard(tile, True)
            return
        prompt = self.declaration_prompt(tile)
        if s.options.ask_first and prompt and ("standing", len(table.events)) not in t.asked:
            t.asked.add(("standing", len(table.events)))
            title, question, yes = prompt
            self._ask(title, question, [(yes, lambda: self._discard(tile, True)),
                                        (_("Just discard"), lambda: self._discard(tile))])
            return
        self._discard(tile)

    def declaration_prompt(self, tile: int) -> tuple[str, str, str] | None:
        """The question to ask before discarding ``tile`` when it may come with a declaration, in the words of
        the ruleset's ready rule; None when there is nothing worth asking (a ready declaration is only offered
        when the hand would really be ready, though the rules would allow a bluff)."""
        s = self.session
        if not s.standing_possible(tile):
            return None
        rule = self.table.game_table.rules.ready_rule
        name = tile_name(tile)
        if rule == "none":
            return (_("Standing Hand"), _('Discard {name} and call a Standing Hand? You will need one tile to go '
                                       'Mah Jongg and may not change your hand.').format(name=name), _("Call it"))
        if not s.ready_discard(tile):
            return None
        if rule == "riichi":
            return (_("Riichi"), _('Discard {name} and declare Riichi? Your hand is locked, you pay the '
                                'deposit to the winner, and you must go out on the first tile that '
                                'completes it.').format(name=name), _("Riichi!"))
        return (_("Ready Hand"), _('Discard {name} and declare a ready hand? You may only go out after '
                                'declaring.').format(name=name),
                _("Declare"))

    def declare_ready(self) -> None:
        """R or Ctrl+R, or the declaration's button (P-121, F-15, F-18): the next discard declares the ruleset's
        ready hand (a Standing Hand, a ready hand or Riichi); asked again, it does not. Under "declare" any tile
        may go with it, a bluff included (A29)."""
        t = self.table
        s = self.session
        kind = s.declaration
        if t.declaring:
            t.declaring = False
            s.tell(Note(notes.NOT_DECLARING, {"kind": kind}))
            return
        why = s.declaration_refused()
        if why:
            s.tell(Note(notes.NO_DECLARATION, {"kind": kind, "why": why}))
            return
        t.declaring = True
        s.tell(Note(notes.DECLARING, {"kind": kind, "bluff": t.bluff_allowed(), "ready": bool(t.usable())}))

    def _discard(self, tile: int, standing: bool = False) -> None:
        t = self.table
        t.record_slots()
        if self.session.discard(tile, standing):
            t.cursor = min(t.cursor, max(0, len(t.hand_tiles()) - 1))
            t.last_discard_live = True
        t.pump()

    def toggle_pass(self, index: int) -> None:
        """Choose or unchoose a tile to pass on; a joker never goes."""
        t = self.table
        s = self.session
        step = t.game_table.pass_step
        if step is None:
            return
        count = step[1]
        if t.hand_tiles()[index] == JOKER:
            s.tell(Note(status.NO_PASSING_JOKER, {"wild": t.game_table.wild_tile is not None}))
            return
        if index in t.pass_pick:
            t.pass_pick.discard(index)
        elif len(t.pass_pick) < count:
            t.pass_pick.add(index)
        self._tell_pass_chosen(step)

    def _tell_pass_chosen(self, step: tuple[str, int]) -> None:
        """The status bar: how many of the passing ``step``'s tiles are chosen, and which way they go."""
        direction, count = step
        self.session.tell(Note(status.PASS_CHOSEN, {"count": count, "chosen": len(self.table.pass_pick),
                                                    "direction": direction}))

    def pass_selected(self) -> None:
        """Pass the chosen tiles on (Enter or the Pass button), when as many as the step asks are chosen."""
        t = self.table
        s = self.session
        step = t.game_table.pass_step
        if step is None or not s.human_to_pass:
            return
        tiles = t.hand_tiles()
        if len(t.pass_pick) != step[1]:
            s.tell(Note(status.PASS_COUNT, {"count": step[1], "chosen": len(t.pass_pick)}))
            return
        if s.pass_tiles([tiles[i] for i in sorted(t.pass_pick)]):
            t.pass_pick.clear()
        t.pump()

    def start(self) -> None:
        """Start! (a click, Enter): East takes the first tile, once the ceremony has been seen."""
        if self.table.game_table.phase == "dealt":
            self.table.animator.finish()
            self.session.start()
            self.table.pump()

    def start_or_restart(self) -> None:
        """F4 (P-47, P-77, P-100): starts the dealt hand; during a hand, asks, then deals the same hand again
        (the same wall, seats and winds) so the player can try another line of play. Not at the end of a hand."""
        s = self.session
        if self.table.game_table.phase == "dealt":
            self.start()
        elif s.hand_over:
            s.tell(Note(notes.NO_RESTART))
        else:
            self._ask(_("Restart Hand"), _("Deal this hand again? The same tiles come back in the same places, and "
                      "the play so far is forgotten."), [(_("Restart"), self.restart_hand)],
                      cancel=(_("Play on"), lambda: None))

    def replay_deal(self, counted: bool = False) -> None:
        """Replay this deal (the scores box): the finished hand's deal again, as a hand that is not counted, or
        (``counted``) as the hand the match keeps in place of the one just played."""
        s = self.session
        if not s.hand_over or not s.match.history:
            return
        self._fresh_table(lambda: s.replay_deal(counted=counted))
        self.table.toast(_("The same deal again — this hand counts instead of the last one") if counted
                         else _("The same deal again — this hand is not counted"))

    def restart_hand(self) -> None:
        t = self.table
        self._fresh_table(self.session.restart_hand)
        t.toast(_("The hand starts again"))

    def claim_discard(self) -> None:
        """A click or Enter on the discard in the middle (P-29)."""
        s = self.session
        if not s.human_may_claim:
            s.refuse_pickup()
            return
        types = s.claim_types()
        if not types:
            s.refuse_pickup()
            return
        if len(types) > 1 and s.options.ask_first:
            last = self.table.game_table.last_discard
            name = tile_name(last[1]) if last else _("Kong")
            self._ask(name, _("Claim the tile for:"), [(_(CLAIM_NAMES[c]), partial(self.claim, c)) for c in types],
                      cancel=(_("Pass"), s.pass_claim))
            return
        self.claim(types[0])

    def claim(self, claim_type: ClaimType) -> None:
        """Claim the discard as ``claim_type``; a chow that can be made in several ways asks which tiles first,
        and so does a pung or kong that jokers could fill (W-3)."""
        s = self.session
        table = self.table.game_table
        ways = [c.tiles for c in s.claim_options() if c.type == claim_type]
        if claim_type in ("pung", "kong") and len(ways) > 1 and table.last_discard is not None:
            name = tile_name(table.last_discard[1])
            self._ask(f"{_(CLAIM_NAMES[claim_type])}: {name}", _('Which of your tiles go with the {name}?').format(
                    name=name),
                      [(joker_choice(way), partial(self._claim_with, claim_type, way)) for way in ways],
                      cancel=(_("Not now"), lambda: None))
            return
        if claim_type == "chow":
            chows = [tuple(sorted(c.tiles)) for c in s.claim_options() if c.type == "chow"]
            if len(chows) > 1 and s.options.ask_first and table.last_discard is not None:
                self.table.chow_pick = chows
                self.table.chow_first = None
                s.tell(Note(status.CHOW_PICK, {"tile": table.last_discard[1]}))
                return
        s.claim(claim_type)
        self.table.pump()

    def _claim_with(self, claim_type: ClaimType, tiles: tuple[int, ...]) -> None:
        self.session.claim(claim_type, tiles)
        self.table.pump()

    def _pick_chow_tile(self, tile: int) -> None:
        t = self.table
        s = self.session
        last = t.game_table.last_discard
        if last is None:
            return
        claimed = last[1]
        left = [c for c in t.chow_pick or [] if tile in c]
        if not left:
            s.tell(Note(status.CHOW_MISMATCH, {"tile": tile, "claimed": claimed}))
            return
        if len(left) == 1:
            t.chow_pick = None
            s.claim("chow", left[0])
            t.pump()
            return
        t.chow_pick = left
        t.chow_first = tile
        others = sorted({x for c in left for x in c if x != tile})
        low, high = sorted((tile, claimed))
        s.tell(Note(status.CHOW_COMPLETE, {"low": low, "high": high, "others": others, "claimed": claimed}))

    def claim_key(self, claim_type: ClaimType) -> None:
        """C, P, K or M: Mah Jongg and Kong whenever they are possible, Chow and Pung on a discard."""
        s = self.session
        if claim_type == "mah_jongg":
            self.mah_jongg()
        elif claim_type == "kong":
            self.declare_kong()
        elif s.human_may_claim and claim_type in s.claim_types():
            self.claim(claim_type)
        elif s.human_may_claim:
            s.refuse_pickup()

    def declare_kong(self) -> None:
        """K or the Kong button: a kong on the discard, or of tiles in hand (asking which when there are two)."""
        s = self.session
        tiles = s.kong_tiles()
        if not tiles:
            if s.human_may_claim and "kong" in s.claim_types():
                self.claim("kong")
            else:
                s.tell(Note(status.NO_KONG))
            return
        if len(tiles) == 1:
            self._do(lambda: s.act(DeclareKong(tiles[0])))
            return
        self._ask(_("Kong!"), _("Which Kong do you expose?"),
                  [(tile_name(k), partial(self._do, partial(s.act, DeclareKong(k)))) for k in tiles],
                  cancel=(_("Not now"), lambda: None))

    def mah_jongg(self) -> None:
        """M or the Mah Jongg button; a declaration the ruleset would punish is asked about first."""
        s = self.session
        if s.human_may_claim and "mah_jongg" in s.claim_types():
            self.claim("mah_jongg")
        elif s.can_mah_jongg():
            self._do(lambda: s.act(MahJongg()))
        elif s.may_declare_faulty():
            declare = (lambda: s.claim("mah_jongg")) if s.human_may_claim else (lambda: s.act(MahJongg()))
            self._ask(_("Mah Jongg?"), _("Your hand is not a complete Mah Jongg hand. Declaring it anyway is a faulty "
                                    "declaration: the hand ends and you pay the penalty."),
                      [(_("Declare"), declare)], cancel=(_("Cancel"), lambda: None))
        else:
            s.tell(Refusal(NOT_MAH_JONGG))

    def ask_first_checks(self) -> None:
        """Ask First: offer Mah Jongg and a kong when a drawn tile makes them possible (P-115, P-118), and Mah
        Jongg when a discard does (the same Can Go Mah Jongg box)."""
        t = self.table
        s = self.session
        if t.prompt is not None or t.animator.busy or not s.options.ask_first:
            return
        table = t.game_table
        key = len(table.events)
        if s.claim_unlimited and ("mj", key) not in t.asked:
            t.asked.add(("mj", key))
            self._offer_mah_jongg_on_discard()
            return
        if not s.human_to_discard:
            return
        if s.can_mah_jongg() and ("mj", key) not in t.asked:
            t.asked.add(("mj", key))
            self._ask(_("Can Go Mah Jongg"), _("The tile you got completes your hand. Go Mah Jongg?"),
                      [(_("Mah Jongg!"), lambda: s.act(MahJongg()))], cancel=(_("No"), lambda: None))
            return
        drawn = table.drawn_tile
        if drawn is not None and drawn in s.kong_tiles() and ("kong", key) not in t.asked:
            t.asked.add(("kong", key))
            concealed = table.players[HUMAN].concealed.count(drawn) == 4
            title = _("Concealed Kong") if concealed else _("Exposed Kong")
            self._ask(title, _('Make a Kong of {tile_name}? You get a loose tile for it.').format(
                    tile_name=tile_name(drawn)),
                      [(_("Kong!"), lambda: s.act(DeclareKong(drawn)))], cancel=(_("No"), lambda: None))

    def _offer_mah_jongg_on_discard(self) -> None:
        """The Can Go Mah Jongg box for a discard: Mah Jongg first, the other claims it allows, or Pass."""
        s = self.session
        others = [(_(CLAIM_NAMES[c]), partial(self.claim, c)) for c in s.claim_types() if c != "mah_jongg"]
        self._ask(_("Can Go Mah Jongg"), mah_jongg_offer(s, OFFER_QUESTION),
                  [(_("Mah Jongg!"), lambda: self.claim("mah_jongg")), *others], cancel=(_("Pass"), s.pass_claim))

    def enter(self) -> None:
        """Enter or Space: whatever the moment asks (pass the tiles, start, the next hand, claim, take back,
        discard the tile under the cursor)."""
        t = self.table
        s = self.session
        if s.human_to_pass:
            if t.keyboard_active and len(t.pass_pick) < (t.game_table.pass_step or ("", 0))[1]:
                self.toggle_pass(t.cursor)  # the keyboard chooses the tile under the cursor first
            else:
                self.pass_selected()
        elif t.game_table.phase == "dealt":
            self.start()
        elif s.hand_over:
            self.next_hand()
        elif s.human_may_claim and t.chow_pick is None:
            self.claim_discard()
        elif s.can_undo and not s.human_to_discard:
            self.undo()  # P-103: Enter or Space on your own discard takes it back
        elif t.hand_tiles():
            t.keyboard_active = True
            self.discard_index(t.cursor)

    def skip(self) -> None:
        """0 (or a right click on the discard): play goes on at once."""
        self.session.skip_wait()

    def undo(self) -> None:
        """Take back the discard (Ctrl+Z, a click on it, the Undo button or the floating menu)."""
        if self.session.undo():
            self.table.last_discard_live = False
        self.table.pump()

    def next_hand(self) -> None:
        """F3, Enter or the Next Hand button after a hand: the scores are settled and the next hand dealt."""
        t = self.table
        s = self.session
        if not s.hand_over:
            return
        if s.outcome is None:
            s.finish_hand()
        if s.match.is_over:
            t.context.open("scores", table_scene=t, outcome=s.outcome)
            return
        self._fresh_table(s.deal)

    def _fresh_table(self, deal: Callable[[], object]) -> None:
        """A new deal on the table (the next hand, or the same one again): what the last one left is cleared."""
        t = self.table
        t.animator.finish()
        t.balloons.clear()
        t.scores_shown = False
        t.asked.clear()
        t.declaring = False
        t.chow_pick = None
        t.pass_pick.clear()
        deal()
        t.scenery.table = self.session.table
        t.cursor = 0
        t.pump()

    def show_scores(self) -> None:
        """The Scores button after a hand: the scores box again."""
        if self.session.outcome is not None:
            self.table.context.open("scores", table_scene=self.table, outcome=self.session.outcome)

    # -- the cursor on the stake ------------------------------------------------------------------------------

    def move_cursor(self, by: int) -> None:
        t = self.table
        count = len(t.hand_tiles())
        if count:
            t.keyboard_active = True
            t.cursor = max(0, min(count - 1, t.cursor + by))

    def cursor_to(self, index: int) -> None:
        """Home (0), End (-1) or 1–9: the cursor to that tile of the stake."""
        t = self.table
        count = len(t.hand_tiles())
        if count:
            t.keyboard_active = True
            t.cursor = count - 1 if index < 0 else min(count - 1, index)

    def cursor_to_tip(self) -> None:
        """Q: the cursor to the tile QuickTip suggests discarding; in a Charleston or goulash step, the tiles it
        suggests passing on chosen (Enter passes them)."""
        t = self.table
        s = self.session
        tiles = t.hand_tiles()
        if s.human_to_pass:
            step = t.game_table.pass_step
            picked = tip_places(tiles, s.quick_tip_tiles())
            if step is not None and picked and len(picked) == step[1]:
                t.pass_pick.clear()
                t.pass_pick.update(picked)
                t.keyboard_active, t.cursor = True, min(picked)
                self._tell_pass_chosen(step)
            return
        tip = s.quick_tip()
        if tip is not None and tip in tiles:
            t.keyboard_active, t.cursor = True, tiles.index(tip)

    # -- boxes over the table ---------------------------------------------------------------------------------

    def open_menu(self, pos: tuple[int, int]) -> None:
        """The floating menu (right click, P-33, P-96–P-98), with this game's other commands under it."""
        s = self.session
        local = not s.network  # a network table has none of these but Close Menu (see LOCAL_ONLY)
        items = [MenuItem(_("Undo"), self.undo, s.can_undo, _("Ctrl+Z")),
                 MenuItem(_("Continue") if self.table.paused else _("Pause"), self.toggle_pause, local, "F9"),
                 MenuItem(_("Hide All Hands") if s.options.show_all else _("Show All Hands"),
                          self.toggle_show_all, local, "F6"),
                 MenuItem(_("Save Game…"), self.save_dialog, local, _("Alt+F3")),
                 MenuItem(_("Replays…"), self.show_replays, local and bool(s.match.history), _("Alt+R")),
                 MenuItem(_("Close Menu"), lambda: None)]
        self.table.menu = PopupMenu(pos, items)

    def escape(self) -> None:
        """Esc: a chow being picked is cancelled; otherwise the game menu opens."""
        t = self.table
        if t.chow_pick is not None:
            t.chow_pick = None
            self.session.tell(Note(status.CHOW_CANCELLED))
        else:
            t.context.open("menu", table_scene=t)

    def save_dialog(self) -> None:
        self.table.context.open("saves", mode="save", session=self.session)

    def open_dialog(self) -> None:
        self.table.context.open("saves", mode="open", session=self.session)

    def show_replays(self) -> None:
        s = self.session
        if not s.match.history:
            s.tell(Note(status.NO_REPLAY_YET))
            return
        self.table.context.open("replay", session=s, hand=len(s.match.history) - 1)

    def show_wall(self) -> None:
        self.table.context.open("wall", session=self.session)

    def show_why(self) -> None:
        """Y: why QuickTip suggests its tile, and why each computer player made its last discard or claim."""
        self.table.context.open("why", session=self.session)

    def show_help(self) -> None:
        self.table.context.open("help", topic=help_topic(self.table))

    def new_game(self) -> None:
        """F2: a game in progress is offered for saving first (P-42)."""
        s = self.session
        context = self.table.context
        if not s.match.history and self.table.game_table.phase == "dealt":
            games.new_game(context)
            return
        self._ask(_("New Game"), _("Start a new game? The game in progress is kept in the autosave; save it under a "
                  "name to keep it for good."),
                  [(_("New Game"), lambda: games.new_game(context)), (_("Save first"), self.save_dialog)],
                  cancel=(_("Cancel"), lambda: None))

    # -- options ----------------------------------------------------------------------------------------------

    def toggle_pause(self) -> None:
        """F9: while paused a banner says so; going on (F9, or any key or click) is acknowledged with a notice."""
        t = self.table
        if t.paused:
            t.paused = False
            t.toast(_("Continue!"))
        else:
            self.pause()

    def pause(self, away: bool = False) -> None:
        """Everything at the table waits: the computers' turns, the claim window, Auto Play. ``away``: the window
        lost the focus or was minimised (F-55), so voices stop too."""
        t = self.table
        t.paused = True
        audio = t.context.resources.audio
        if away and audio is not None:
            audio.stop()

    def toggle_show_all(self) -> None:
        """F6: every hand face up; a hand during which they were is scored without settlement (M13)."""
        self.toggle(("show_all", _("Show All Hands")))
        s = self.session
        if s.options.show_all and not s.hand_over:
            s.show_all_used = True
            s.tell(Note(status.SHOW_ALL_ON))

    def status_text(self, step: int) -> None:
        """Ctrl+Alt+Keypad + or − (P-26, P-62): the status bar's text one size larger or smaller, of three."""
        context = self.table.context
        at = STATUS_TEXTS.index(context.settings.status_text) + step
        context.settings.status_text = STATUS_TEXTS[max(0, min(len(STATUS_TEXTS) - 1, at))]
        context.save_settings()
        self.table.toast(_('Status text: {status_text}').format(status_text=context.settings.status_text))

    def toggle(self, what: tuple[str, str]) -> None:
        """Flip the option named first in ``what`` (its label second); one the Settings box also holds is saved,
        so it lasts (Show All Hands belongs to this game only)."""
        option, label = what
        options = self.session.options
        value = not getattr(options, option)
        setattr(options, option, value)
        if option in SETTING_OF_OPTION:
            context = self.table.context
            setattr(context.settings, SETTING_OF_OPTION[option], value)
            context.save_settings()
        self.table.toast(f"{label} {'on' if value else 'off'}")

    def toggle_quick_tip(self) -> None:
        """F8: QuickTip's tile marked on the stake and its advice on the status bar."""
        self.toggle(("quick_tip", _("QuickTip")))
        s = self.session
        self.table.tip_tiles = s.quick_tip_tiles() if s.options.quick_tip else ()
        s.show_quick_tip()

    def auto_play(self) -> None:
        """F5: the computer plays your seat until F5, Enter, Space or a click."""
        self.session.options.auto_play = True
        self.table.toast(_("Auto Play on — press F5, Enter or click to stop"))

    def demo(self) -> None:
        """Alt+F5 (P-217, P-219): Auto Play that also goes on through the scores boxes, hand after hand, as the
        original's demo did."""
        self.session.options.auto_play = self.session.options.demo = True
        self.table.toast(_("Demo on — press F5, Enter or click to stop"))

    def stop_auto_play(self) -> None:
        """F5, Enter, Space or a left click during Auto Play (or the demo): your seat is yours again."""
        self.session.options.auto_play = self.session.options.demo = False
        self.table.toast(_("Auto Play off"))

    def toggle_movements(self) -> None:
        """F7: tile movements off (instant), or back on at the speed they had (normal when they never moved)."""
        t = self.table
        options = self.session.options
        if options.animation_speed > 0:
            t.moving_speed = options.animation_speed
            speed = 0.0
        else:
            speed = t.moving_speed
        options.animation_speed = t.animator.speed = speed
        t.context.settings.animation_speed = speed
        t.context.save_settings()
        t.toast(_('Tile movements {value}').format(value='on' if speed else 'off'))

    def change_tile_speed(self, steps: int) -> None:
        """Ctrl+Keypad +/- (P-61): tile movements faster or slower by a quarter, kept for the next game too; from
        off (F7) + turns them on at the slowest."""
        t = self.table
        options = self.session.options
        step = timing.ANIMATION_SPEED_STEP
        speed = max(step, min(timing.ANIMATION_SPEED_MAX, options.animation_speed + steps * step))
        if options.animation_speed == 0 and steps < 0:
            speed = 0.0  # off stays off
        options.animation_speed = t.animator.speed = speed
        t.context.settings.animation_speed = speed
        t.context.save_settings()
        t.toast(_('Tile speed {speed:g}×').format(speed=speed) if speed else _("Tile movements off"))

    def toggle_direction(self) -> None:
        """F11, the original's "tile movement direction" (P-55, P-167): where an opponent's kept tile goes in its
        stake (and its discard leaves from), and a fading trail behind every moving tile."""
        t = self.table
        t.show_direction = not t.show_direction
        t.context.settings.movement_direction = t.show_direction
        t.context.save_settings()
        t.toast(_('Tile movement direction {value}').format(value='on' if t.show_direction else 'off'))

    def change_wait_time(self, steps: int) -> None:
        """Keypad +/-: the wait time by a quarter second (0-10 s, Q-01), kept for the next game too."""
        options = self.session.options
        wait = options.wait_time + steps * timing.WAIT_TIME_STEP
        options.wait_time = max(0.0, min(timing.WAIT_TIME_MAX, wait))
        context = self.table.context
        context.settings.wait_time = options.wait_time
        context.save_settings()
        self.session.tell(Note(status.WAIT_TIME, {"seconds": options.wait_time}))

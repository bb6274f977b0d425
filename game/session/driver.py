"""The session: one game with the human at seat 0 and computer players at seats 1–3, driven without a screen.

The session never draws and never words anything. It asks the table what may be done, lets the computer seats
decide (after a visible pause: the discard delay, not their thinking time), runs the claim window's timer for the
human and passes for them when it runs out, holds the finished hand on the table for the end-of-hand pause, and
queues every event for a client to animate. What the player should be told is kept in :attr:`Session.told`, as
data (events, refusals, :class:`~game.session.notes.Note`); the client words it. Time comes in through
``update(dt)``; nothing here reads a clock, so tests play whole hands in milliseconds. The pauses are named in
:mod:`game.timing`. A computer player that searches at decision time (the Master) decides on a worker thread, so
the table keeps animating while it thinks.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from game import gcpolicy, timing
from game.ai.base import Player
from game.core import events as ev
from game.core.actions import Action, Claim, ClaimType, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.match import HandRecord, Match
from game.core.play_rules import PlayRules
from game.core.refusals import TAKE_BACK_TOO_LATE, Refusal, refusal
from game.core.table import Table
from game.errors import IllegalActionError
from game.i18n import _
from game.session import notes
from game.session.notes import Note
from game.session.options import DEFAULT_NAMES, Options
from game.session.outcome import HandOutcome
from game.session.players import make_computer, personalities_of, play_decision
from game.session.rules import load_game_rules
from game.session.statistics import record_statistics

log = logging.getLogger(__name__)

HUMAN = 0
CLAIM_ORDER: tuple[ClaimType, ...] = ("mah_jongg", "kong", "pung", "chow")

Told = ev.Event | Refusal | Note
"""Something the player was told: an engine event, a refusal of the table, or a note."""


class Session:
    """One game: the match, the current hand, the seats, the timers and what the player was told."""

    network = False
    """The table is a server's (:class:`game.net.remote.RemoteSession`): it deals, times and scores the hands."""

    def __init__(self, *, ruleset: Any, rules: PlayRules, judge: Any, seed: int,
                 opponents: Sequence[str] = ("efficient", "efficient", "efficient"),
                 names: Sequence[str] = DEFAULT_NAMES, options: Options | None = None,
                 match: Match | None = None, personalities: Sequence[Any] | None = None) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.judge = judge
        self.seed = seed
        self.names = list(names)
        self.options = options or Options()
        rng = random.Random(seed ^ 0x5EED)
        self.players: list[Player | None] = [None] + [
            make_computer(pid, random.Random(rng.getrandbits(64)), ruleset, personalities) for pid in opponents]
        self.autoplayer = make_computer("efficient", random.Random(rng.getrandbits(64)), ruleset)
        self.opponents = list(opponents)
        self.match = match if match is not None else Match(rules, judge, seed)
        self.table: Table | None = None
        if match is not None and match.table is not None and match.table.phase != "over":
            # A restored game goes on where it was left: the hand in progress, started or not.
            self.table = match.table
        self.pending: deque[ev.Event] = deque()
        self.told: list[Told] = []
        """What the player was told this hand, oldest first (the status bar shows the latest that has words)."""
        self.delay = 0.0
        self.claim_timer: float | None = None
        self.claim_total = 0.0
        self.started = self.table is not None and self.table.phase != "dealt"
        self.outcome: HandOutcome | None = None
        self.show_all_used = False
        self.undo_timer: float | None = None
        """Seconds left to take back the human's last discard (the wait time, P-30); None when closed."""
        self.end_wait = 0.0
        """How long the finished hand has stood on the table (the scores wait :data:`timing.END_OF_HAND_PAUSE`)."""
        self.notice: Note | None = None
        """Something the player should not miss (a winning tile let pass), for the client to show; it takes it."""
        self.on_hand_finished: list[Callable[[Session], None]] = []
        """Autosave and other hooks, called after every finished hand (after the statistics are counted)."""
        self.stats_folder: Path | None = None
        """Where the statistics file lives; None keeps no statistics (tests, screenshots)."""
        self.save_name = ""
        """The name the game was last saved or opened under (the original's title-bar file name, P-01)."""
        self.source: Path | None = None
        """The file the game was last written to or opened from (a save or the autosave); None before either."""
        self.practice: HandRecord | None = None
        """The finished hand whose deal is being played again (:meth:`replay_deal`); None in a counted hand."""
        self.counted_replay = False
        """The hand on the table is a counted replay of a deal already counted in the statistics: the statistics
        keep each deal as it was first played, so a do-over cannot wipe a hand from the player's record."""
        self.written_progress: tuple[int, int, bool] | None = None
        """:attr:`progress` when the game was last written or opened."""
        self.last_moves: dict[int, tuple[Any, tuple[Action, ...], Action]] = {}
        """Each computer seat's last discard or claim with the view and choices it was made from (for Why?)."""
        self._tip_key: tuple[int, int, int] | None = None
        self._tip: Any = None
        self.thinking: dict[tuple[int, int, int], Future] = {}
        """Decisions being made on the worker thread, by (table, actions so far, seat)."""
        self._worker: ThreadPoolExecutor | None = None
        self._ruleset_hash: str | None = None
        self.worker: Executor | None = None
        """Where background decisions are made instead of a worker thread of the session's own (a table server
        shares one among its tables); None: the session's own."""
        self.think_in_background = False
        """Every computer player decides in the background, not only those that think ahead (a table server,
        whose event loop must not wait on a decision)."""
        self.on_decided: Callable[[], None] | None = None
        """Called (on the worker's thread) when a background decision is made, so the caller looks again."""
        if match is None:
            self.pending.extend(self.match.events)

    @classmethod
    def create(cls, ruleset_id: str = "classic", seed: int | None = None, mods_dir: str | None = None, *,
               catalog: Any = None, start_score: int | None = None, **kwargs: Any) -> Session:
        """A new game; ``catalog`` (the client's) supplies the ruleset and the computer players' personalities;
        ``start_score`` replaces the ruleset's (New Game's choice)."""
        ruleset, rules, judge = load_game_rules(ruleset_id, mods_dir, catalog=catalog)
        if start_score is not None and start_score != rules.start_score:
            rules = dataclasses.replace(rules, start_score=start_score)
        if catalog is not None:
            kwargs.setdefault("personalities", personalities_of(catalog))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(ruleset=ruleset, rules=rules, judge=judge, seed=seed, **kwargs)

    def leave(self) -> None:
        """The table closes (the title, another game, quitting): a network session says goodbye to its table."""

    def tell(self, told: Told) -> None:
        """Tell the player ``told`` (the status bar shows it until something newer with words comes)."""
        self.told.append(told)

    # -- the hand ---------------------------------------------------------------------------------------------

    def deal(self) -> Table:
        """Deal the next hand (the ceremony's events are queued); play waits for :meth:`start`."""
        gcpolicy.between_hands()  # nobody is thinking yet: see game.gcpolicy
        self.practice = None
        return self._lay(self.match.new_hand())

    def replay_deal(self, counted: bool = False) -> Table:
        """The deal just finished, dealt again (S-07): the same wall, seats and winds, so the player can try
        another line of play. Not ``counted`` it is a practice hand: no points move, the statistics and the
        autosave leave it out, and the next hand is the match's next (the finished hand is counted first).
        ``counted``: the finished hand is taken back and the replay is played in its place, so the replay's
        result is the one the match keeps (its scores, East and the wind of the round; P-47)."""
        if not self.hand_over or not self.match.history:
            raise ValueError(_("only a finished hand's deal can be played again"))
        self.finish_hand()
        if counted:
            # After a practice hand of the same deal the original is still the match's last hand: it is replaced.
            self.match.take_back_last_hand()
            self.pending.clear()  # the taken-back hand's settlement must not be shown over the new deal
            self.counted_replay = True
            return self.deal()
        record = self.practice if self.practice is not None else self.match.history[-1]
        gcpolicy.between_hands()
        self.practice = record
        return self._deal_again(record)

    def _deal_again(self, record: HandRecord) -> Table:
        """The deal of a finished hand on the table again: its seed, East, wind of the round and goulash."""
        return self._lay(Table(self.rules, self.judge, record.seed, east=record.east, round_wind=record.round_wind,
                               hand_number=record.hand_number, goulash=record.goulash))

    def _lay(self, table: Table) -> Table:
        """``table`` is the hand on the table now, dealt and waiting for :meth:`start`."""
        self.table = table
        self.started = False
        self.outcome = None
        self.show_all_used = self.options.show_all
        self.claim_timer = None
        self.undo_timer = None
        self.delay = 0.0
        self.end_wait = 0.0
        self.pending.extend(self.table.events)
        self.last_moves = {}
        self.told = [Note(notes.HAND_STARTED, {"seat_wind": self.table.seat_wind(HUMAN),
                                               "round_wind": self.table.round_wind, "wild": self.table.wild_tile})]
        # The deal is shown, not told; but a Charleston or goulash step the deal opened is the player's to do now:
        # its words (how many tiles, which way) and QuickTip's advice for it.
        step = next((e for e in reversed(self.table.events) if isinstance(e, ev.PassingStarted)), None)
        if step is not None and self.table.phase == "passing":
            self.told.append(step)
            self.show_quick_tip()
        return self.table

    def restart_hand(self) -> Table:
        """The hand in progress dealt again (F4, P-100): the same wall, seats and winds (the hand's seed is fixed
        by the match), the play so far dropped; play waits for :meth:`start`."""
        if self.table is None or self.table.phase == "over":
            raise ValueError(_("only a hand in progress can be restarted"))
        self.pending.clear()  # the old deal's events must not be shown on the new one
        if self.practice is not None:
            return self._deal_again(self.practice)
        return self.deal()

    def start(self) -> None:
        """Start! (F4): East takes the first tile."""
        if self.table is None or self.table.phase != "dealt":
            return
        self.started = True
        self._push(self.table.begin())

    @property
    def phase(self) -> str:
        return self.table.phase if self.table else "none"

    @property
    def hand_over(self) -> bool:
        return self.table is not None and self.table.phase == "over"

    def human_legal(self) -> list[Action]:
        return self.table.legal_actions(HUMAN) if self.table else []

    @property
    def human_to_discard(self) -> bool:
        return (self.table is not None and self.table.phase == "turn" and self.table.current == HUMAN
                and not self.options.auto_play)

    @property
    def human_may_claim(self) -> bool:
        return (self.table is not None and self.table.phase in ("claims", "rob")
                and HUMAN in self.table.awaiting() and not self.options.auto_play)

    @property
    def human_to_pass(self) -> bool:
        """The human chooses tiles to pass on (a Charleston or goulash step)."""
        return (self.table is not None and self.table.phase == "passing" and HUMAN in self.table.awaiting()
                and not self.options.auto_play)

    def pass_tiles(self, tiles: Sequence[int]) -> bool:
        """Pass these tiles on in the current passing step."""
        return self.act(PassTiles(tuple(sorted(tiles))))

    def claim_options(self) -> list[Claim]:
        """The legal claims of the human on the discard in the middle."""
        return [a for a in self.human_legal() if isinstance(a, Claim)]

    def claim_types(self) -> list[ClaimType]:
        types = {c.type for c in self.claim_options()}
        if any(isinstance(a, MahJongg) for a in self.human_legal()):
            types.add("mah_jongg")  # robbing a kong
        return [t for t in CLAIM_ORDER if t in types]

    # -- the human's moves ------------------------------------------------------------------------------------

    def act(self, action: Action, seat: int = HUMAN) -> bool:
        """Do ``action`` for the human (or, at a network table, for the player at ``seat``); on refusal the table's
        reason is told and False is returned."""
        if self.table is None:
            return False
        try:
            events = self.table.apply(seat, action)
        except IllegalActionError as exc:
            self.tell(Refusal(exc.code, exc.data))
            return False
        self.claim_timer = None
        self._push(events)
        return True

    def discard(self, tile: int, standing: bool = False) -> bool:
        done = self.act(Discard(tile, standing))
        if done and self.options.wait_time > 0 and not self.options.auto_play:
            # The original's wait time also bounds taking the tile back (P-30): the others hold off meanwhile.
            self.undo_timer = self.options.wait_time
            self.claim_total = self.options.wait_time
        return done

    @property
    def can_undo(self) -> bool:
        """The human may take back the last discard: nobody has acted on it and the wait time lasts."""
        return (self.table is not None and self.undo_timer is not None and self.undo_timer > 0
                and self.table.can_take_back(HUMAN))

    def undo(self) -> bool:
        """Take back the human's discard (Undo, P-96, P-103); the player is told why when it is too late."""
        if not self.can_undo or self.table is None:
            self.tell(Refusal(TAKE_BACK_TOO_LATE))
            return False
        events = self.table.take_back(HUMAN)
        self.undo_timer = None
        self.claim_timer = None
        self.delay = 0.0
        self._push(events)
        return True

    def claim(self, claim_type: ClaimType, tiles: tuple[int, ...] | None = None) -> bool:
        """Claim the discard as ``claim_type``; ``tiles`` picks which chow (None: the only or first one)."""
        if claim_type == "mah_jongg" and any(isinstance(a, MahJongg) for a in self.human_legal()):
            return self.act(MahJongg())
        options = [c for c in self.claim_options() if c.type == claim_type]
        if tiles is not None:
            options = [c for c in options if tuple(sorted(c.tiles)) == tuple(sorted(tiles))]
        if not options:
            return self.act(Claim(claim_type, tuple(tiles or ())))  # refused with the table's own reason
        return self.act(options[0])

    def refuse_pickup(self) -> None:
        """The human clicked a discard they cannot use: the original's "You can't pick up…" message."""
        if self.table is None or self.table.last_discard is None:
            return
        # Only the table's reason is wanted: applying the claim would make it a faulty claim under rules that
        # check claims after they are made.
        action = Claim("pung", (self.table.last_discard[1],) * 2)
        self.tell(refusal(self.table, HUMAN, action, self.human_legal()))

    def pass_claim(self) -> None:
        """Let the discard go (0, right click, Pass button, or the timer running out); a winning one is named
        afterwards, so letting it pass is never silent."""
        if not self.human_may_claim or self.table is None:
            return
        missed = None
        if "mah_jongg" in self.claim_types():
            last = self.table.last_discard
            if self.table.phase == "rob" or last is None:
                missed = Note(notes.MISSED_MAH_JONGG, {"robbing": True})
            else:
                missed = Note(notes.MISSED_MAH_JONGG, {"robbing": False, "seat": last[0], "tile": last[1]})
        if self.act(Pass()) and missed is not None:
            self.notice = missed

    def kong_tiles(self) -> list[int]:
        return [a.tile for a in self.human_legal() if isinstance(a, DeclareKong)]

    def can_mah_jongg(self) -> bool:
        return self.human_to_discard and any(isinstance(a, MahJongg) for a in self.human_legal())

    def may_declare_faulty(self) -> bool:
        """The ruleset checks a Mah Jongg only once it is declared (Four Winds' faulty-Out penalty): the human
        may declare on their turn or on a discard they can claim, even with a hand that is not complete."""
        return (self.table is not None and self.table.rules.faulty_declarations
                and (self.human_to_discard or self.human_may_claim))

    def standing_possible(self, tile: int) -> bool:
        return Discard(tile, True) in self.human_legal()

    @property
    def declaration(self) -> str:
        """The declaration the ruleset has: ``standing`` (the classic standing hand), ``ready`` (a ready hand that
        must be declared to go out), ``riichi``, or ``""`` for none."""
        rules = self.table.rules if self.table is not None else self.rules
        if rules.ready_rule == "none":
            return "standing" if rules.standing_hand else ""
        return rules.ready_rule if rules.ready_rule == "riichi" else "ready"

    def declaration_tiles(self) -> list[int]:
        """The tiles the human may discard with the ruleset's declaration now: those that leave a ready hand
        (a single wait for a standing hand), or every tile where a declaration may be a bluff (A29)."""
        if not self.human_to_discard:
            return []
        return sorted({a.tile for a in self.human_legal() if isinstance(a, Discard) and a.standing})

    def declaration_refused(self) -> str:
        """Why the human may not declare now, as a :data:`notes.NO_DECLARATION` reason (``""`` when they may)."""
        table = self.table
        kind = self.declaration
        if not kind:
            return "no_declaration"
        if table is None or not self.human_to_discard:
            return "not_your_turn"
        me = table.players[HUMAN]
        if me.ready:
            return "declared"
        if self.declaration_tiles():
            return ""
        if kind == "standing" and me.has_discarded:
            return "first_discard_only"
        if kind == "riichi" and any(m.exposed for m in me.melds):
            return "not_concealed"
        return "not_ready"

    def ready_discard(self, tile: int) -> bool:
        """Discarding ``tile`` would leave the human's hand ready (one tile from Mah Jongg)."""
        table = self.table
        return table is not None and tile in table.judge.ready_discards(table.hand_spec(HUMAN))

    def quick_tip(self) -> int | None:
        """The tile QuickTip suggests discarding, or None off-turn."""
        tip = self.quick_tip_advice()
        return tip.action.tile if tip is not None and isinstance(tip.action, Discard) else None

    def quick_tip_tiles(self) -> tuple[int, ...]:
        """The tiles QuickTip marks on the human's stake: the one to discard on their turn, the ones to pass on in
        a Charleston or goulash step; none otherwise."""
        tip = self.quick_tip_advice()
        if tip is None:
            return ()
        if isinstance(tip.action, PassTiles):
            return tip.action.tiles
        return (tip.action.tile,) if isinstance(tip.action, Discard) else ()

    def quick_tip_advice(self) -> Any:
        """QuickTip's advice for the human's turn or passing step: a ``game.ai.tip.Tip`` (a discard, or the tiles
        to pass on, and a one-line reason a person understands), or None otherwise. Cached until the table
        changes."""
        if not (self.human_to_discard or self.human_to_pass) or self.table is None:
            return None
        key = (id(self.table), len(self.table.events), len(self.table.actions))
        if self._tip_key == key:
            return self._tip
        legal: list[Action]
        if self.human_to_pass:
            legal = [a for a in self.human_legal() if isinstance(a, PassTiles)]
        else:
            legal = [a for a in self.human_legal() if isinstance(a, Discard) and not a.standing]
        tip = None
        if legal:
            from game.ai.tip import quick_tip

            tip = quick_tip(self.table.view(HUMAN), legal, self.ruleset)
        self._tip_key, self._tip = key, tip
        return tip

    def why(self, seat: int) -> tuple[Action, str] | None:
        """The last discard or claim of computer ``seat`` this hand and why it makes sense (a tip's sentence, in
        the chooser's words: "discard 5 Dots: keeps two ways…"); None before it made one."""
        move = self.last_moves.get(seat)
        if move is None:
            return None
        from game.ai.tip import explain  # the advisor: only when the player asks

        view, legal, action = move
        return action, explain(view, legal, action, self.ruleset)

    def gone_out(self, tile: int) -> int:
        """How many of ``tile`` the human can see outside their hand (QuickTip's "gone out" count)."""
        if self.table is None:
            return 0
        view = self.table.view(HUMAN)
        seen = sum(p.discards.count(tile) for p in view.players)
        seen += sum(m.tiles.count(tile) for p in view.players for m in p.melds)
        return seen

    # -- time -------------------------------------------------------------------------------------------------

    def update(self, dt: float, hold: bool = False) -> None:
        """Advance by ``dt`` seconds; ``hold`` (animations still running) keeps the computer seats waiting."""
        table = self.table
        if table is not None and table.phase == "passing":  # before Start!: the others choose their tiles
            if not hold:
                for seat in list(table.awaiting()):
                    if seat != HUMAN or self.options.auto_play:
                        self._computer_act(seat)
            return
        if table is not None and table.phase == "over":
            if not hold:
                self.end_wait += dt
            return
        if table is None or (not self.started and not self.options.auto_play):
            return
        if self.undo_timer is not None:
            if self.options.auto_play or not table.can_take_back(HUMAN):
                self.undo_timer = None
            else:
                if not hold:
                    self.undo_timer -= dt
                if self.undo_timer > 0:
                    return
                self.undo_timer = None
        if self.human_may_claim:
            if self.claim_timer is None:
                self._open_claim_window()
            if not hold and self.claim_timer is not None:
                self.claim_timer -= dt
            self._computers_decide_claims()
            if self.claim_timer is not None and self.claim_timer <= 0:
                self.pass_claim()
            return
        if hold:
            return
        if table.phase == "dealt":
            if self.options.auto_play:
                self.start()
            return
        if self.delay > 0:
            self.delay -= dt
            return
        awaiting = table.awaiting()
        if not awaiting:
            return
        seat = awaiting[0]
        if seat == HUMAN and not self.options.auto_play:
            if table.phase == "turn" and not self.options.ask_first:
                self._automatic_turn()
            return
        self._computer_act(seat)

    @property
    def scores_due(self) -> bool:
        """The finished hand has stood on the table for the end-of-hand pause: time for the scores."""
        return self.hand_over and self.end_wait >= timing.END_OF_HAND_PAUSE

    @property
    def away_seats(self) -> frozenset[int]:
        """The seats whose player is away from the table, a computer playing for them meanwhile (a network
        table's dropped players); none at a local table."""
        return frozenset()

    @property
    def at_rest(self) -> bool:
        """Nothing happens until the human acts: no timer runs and no computer seat has anything to do, so the
        window may sleep. It follows the branches of :meth:`update`."""
        table = self.table
        if table is None or table.phase == "over":
            return True
        if self.options.auto_play:
            return False
        if table.phase == "passing":
            return table.awaiting() == [HUMAN]
        if not self.started:
            return True
        if self.undo_timer is not None or self.delay > 0:
            return False
        if self.human_may_claim:
            return self.claim_unlimited and table.awaiting() == [HUMAN]
        return table.phase == "turn" and table.awaiting() == [HUMAN]

    def _open_claim_window(self) -> None:
        """The wait time for a discard the human may claim; none when it would give them Mah Jongg (the
        original's Can Go Mah Jongg box waited too), so a winning tile never slips by unseen. Robbing a kong
        keeps its wait time (Four Winds T-39); missing it is named afterwards all the same."""
        self.claim_total = self.options.wait_time
        winning = self.table is not None and self.table.phase == "claims" and "mah_jongg" in self.claim_types()
        self.claim_timer = math.inf if winning else self.options.wait_time

    @property
    def claim_unlimited(self) -> bool:
        """The open claim window waits for the human (its discard would give them Mah Jongg)."""
        return self.human_may_claim and self.claim_timer is not None and math.isinf(self.claim_timer)

    def skip_wait(self) -> None:
        """Continue at once (0 / right click on the discard): end the pause and the claim window."""
        self.delay = 0.0
        self.undo_timer = None
        if self.human_may_claim:
            self.pass_claim()

    def _automatic_turn(self) -> None:
        """With Ask First off the program decides for the human: Mah Jongg and kongs are taken (Q-08)."""
        legal = self.human_legal()
        if any(isinstance(a, MahJongg) for a in legal):
            self.act(MahJongg())
            return
        kongs = [a for a in legal if isinstance(a, DeclareKong)]
        if kongs:
            self.act(kongs[0])

    def _computers_decide_claims(self) -> None:
        if self.table is None:
            return
        for seat in list(self.table.awaiting()):
            if seat != HUMAN:
                self._computer_act(seat)

    def _computer_act(self, seat: int, *, background: bool = True) -> bool:
        """The computer's move for ``seat``; False while it is still thinking in the background."""
        table = self.table
        if table is None:
            return True
        legal = table.legal_actions(seat)
        if not legal:
            return True
        player = self.autoplayer if seat == HUMAN else self.players[seat]
        assert player is not None
        view = table.view(seat)
        if background and (self.think_in_background or getattr(player, "thinks_ahead", False)):
            chosen = self._decided_in_background(table, seat, player, view, legal)
            if chosen is None:
                return False  # still thinking: asked again on the next update
        else:
            chosen = player.decide(view, legal)
        played, events, illegal = play_decision(table, seat, chosen, legal)
        if illegal:
            log.warning("seat %d chose an illegal action; playing %s instead", seat, played)
        if isinstance(played, Discard | Claim | DeclareKong | MahJongg):
            self.last_moves[seat] = (view, tuple(legal), played)
        self._push(events)
        return True

    def play_computer_turn(self, seat: int) -> None:
        """Let the computer decide for ``seat`` now, the human's seat too (staged scenes, Auto Play); a player who
        thinks ahead decides here too, not on the worker thread."""
        self._computer_act(seat, background=False)

    def computer_move(self, seat: int) -> bool:
        """The computer's move for ``seat`` (the human's seat too): in the background when
        :attr:`think_in_background` is set, else now; False while it thinks (:attr:`on_decided` is called when
        it is done)."""
        return self._computer_act(seat, background=self.think_in_background)

    def _decided_in_background(self, table: Table, seat: int, player: Player, view: Any,
                               legal: list[Action]) -> Action | None:
        """The action of a player that thinks ahead, decided on the worker thread from a snapshot of its view;
        None while it is still thinking. A decision the table has moved past (an event since) is dropped; the
        others' claims and passes make no event until they are settled, so three players deciding on the same
        discard at once keep their decisions. One thread decides one position at a time, so a player's own state
        is never shared."""
        key = (id(table), len(table.events), seat)
        for stale in [k for k in self.thinking if k[:2] != key[:2]]:
            del self.thinking[stale]
        future = self.thinking.get(key)
        if future is None:
            worker = self.worker
            if worker is None:
                if self._worker is None:
                    self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-player")
                worker = self._worker
            future = self.thinking[key] = worker.submit(player.decide, view, legal)
            if self.on_decided is not None:
                decided = self.on_decided
                future.add_done_callback(lambda _future: decided())
            return None
        if not future.done():
            return None
        del self.thinking[key]
        return future.result()

    def _push(self, events: list[ev.Event]) -> None:
        for event in events:
            self.pending.append(event)
            self.told.append(event)
            if isinstance(event, ev.TileDiscarded) and event.seat != HUMAN:
                self.delay = self.options.discard_delay
            elif isinstance(event, ev.TileDrawn | ev.ReplacementDrawn) and event.seat != HUMAN:
                self.delay = self.options.discard_delay * timing.DRAW_DELAY_FACTOR
        self.show_quick_tip()

    def show_quick_tip(self) -> None:
        """With QuickTip on, on the human's turn or passing step: its advice is told (M3)."""
        if self.options.quick_tip and (self.human_to_discard or self.human_to_pass):
            tip = self.quick_tip_advice()
            if tip is not None:
                self.tell(Note(notes.QUICK_TIP, {"reason": tip.reason}))

    def drain(self) -> list[ev.Event]:
        """The events not yet shown, oldest first."""
        out = list(self.pending)
        self.pending.clear()
        return out

    # -- the end of a hand ------------------------------------------------------------------------------------

    def finish_hand(self) -> HandOutcome:
        """Score and settle the finished hand (once) and describe it for the scores scene.

        A hand during which all hands were visible (F6) is scored but not settled, as the original does (M13).
        """
        if self.outcome is not None:
            return self.outcome
        table = self.table
        assert table is not None and table.phase == "over" and table.result is not None
        result = table.result
        old = list(self.match.totals)
        results: list[Any] = [None] * 4
        if result.winner is not None and hasattr(self.judge, "score"):
            # The hands as the match scores them (a loser's ready hand too), for the score box's lines.
            results = self.match.hand_results(table)
        if self.practice is not None:
            scores = [r.score if r is not None else 0 for r in results]
            self.outcome = HandOutcome(result.winner, result.winning_tile, result.won_by, result.from_seat, old,
                                       old, scores, results, [], result.winner is None, result, False, [],
                                       settled=False, faulty_out=result.faulty_out, practice=True)
            self.tell(Note(notes.PRACTICE_FINISHED))
            return self.outcome
        settle = not self.show_all_used
        events = self.match.finish_hand(table, settle=settle)
        self.pending.extend(events)
        scores, payments = [0, 0, 0, 0], []
        for event in events:
            if isinstance(event, ev.HandScored):
                scores = list(event.scores)
            elif isinstance(event, ev.Settled):
                payments = list(event.payments)
        self.outcome = HandOutcome(result.winner, result.winning_tile, result.won_by, result.from_seat, old,
                                   list(self.match.totals), scores, results, payments, result.winner is None,
                                   result, self.match.is_over, events, settled=settle or result.winner is None,
                                   faulty_out=result.faulty_out)
        self.tell(Note(notes.HAND_FINISHED, {"outcome": self.outcome}) if self.outcome.settled
                  else Note(notes.NO_SETTLEMENT))
        if self.stats_folder is not None and self.ruleset is not None:
            problems = record_statistics(self.stats_folder, self.ruleset.id, self.player_ids, self.match,
                                         count_hand=not self.counted_replay)
            self.counted_replay = False
            if problems:
                self.tell(Note(notes.STATISTICS_PROBLEM, {"problems": problems}))
        for hook in self.on_hand_finished:
            hook(self)
        return self.outcome

    @property
    def player_ids(self) -> list[str]:
        """Who sits at each seat, as saves and statistics name them."""
        return ["human", *self.opponents]

    # -- saving and opening -----------------------------------------------------------------------------------

    @property
    def progress(self) -> tuple[int, int, bool]:
        """How far the game has come: hands finished, actions in the hand on the table, whether it was begun."""
        table = self.table
        if table is None:
            return (len(self.match.history), 0, False)
        return (len(self.match.history), len(table.actions), bool(table.begun))

    def mark_written(self, path: str | Path) -> None:
        """The game as it stands is in ``path`` (just saved there, or just opened from it)."""
        self.source, self.written_progress = Path(path), self.progress

    @property
    def unwritten(self) -> bool:
        """True when the game has come further than any file holds (or was never written)."""
        return self.source is None or self.progress != self.written_progress

    def snapshot(self, name: str = "", mods: list[dict[str, str]] | None = None) -> Any:
        """The game as a :class:`game.saves.SavedGame` (the hand in progress included)."""
        from game.saves import ruleset_hash, snapshot

        ruleset_id = self.ruleset.id if self.ruleset is not None else "classic"
        # The starting score may differ from the ruleset's (New Game lets the player choose it).
        settings = {"show_all_used": self.show_all_used, "start_score": self.rules.start_score}
        # The ruleset's hash takes ~15 ms (its canonical JSON) and the ruleset never changes within a game: a
        # network table autosaves every hand on its server's event loop.
        if self._ruleset_hash is None and self.ruleset is not None:
            self._ruleset_hash = ruleset_hash(self.ruleset)
        return snapshot(self.match, ruleset_id=ruleset_id, players=self.player_ids, names=self.names,
                        ruleset_hash=self._ruleset_hash,
                        mods=mods, settings=settings, name=name)

    def play_to_end(self, max_steps: int = 20000) -> None:
        """Let the computer play every seat until the hand is over (instant mode, tests and the self-test)."""
        if self.table is None:
            self.deal()
        if not self.started:
            self.start()
        saved = self.options.auto_play
        self.options.auto_play = True
        try:
            for _unused in range(max_steps):
                if self.hand_over:
                    return
                self.delay = 0.0
                self.update(1.0)
                wait(list(self.thinking.values()))  # nothing animates here: let a thinking player finish
            raise RuntimeError(_('hand did not end after {max_steps} steps').format(max_steps=max_steps))
        finally:
            self.options.auto_play = saved

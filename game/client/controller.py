"""The game session: a match with the human at seat 0 and computer players at seats 1–3.

The session never draws. It asks the table what may be done, lets the computer seats decide (after a visible
pause: the discard delay, not their thinking time), runs the claim window's timer for the human and passes for
them when it runs out, and queues every event for the scene to animate. Time comes in through ``update(dt)``;
nothing here reads a clock, so tests play whole hands in milliseconds. A computer player that searches at
decision time (the Master) decides on a worker thread, so the table keeps animating while it thinks.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from game import gcpolicy
from game.client import messages
from game.core import events as ev
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.judge import RegularJudge
from game.core.match import Match
from game.core.play_rules import PlayRules
from game.core.refusals import refusal
from game.core.table import Table
from game.core.tiles import tile_name
from game.errors import IllegalActionError, SaveError

log = logging.getLogger(__name__)

HUMAN = 0
DEFAULT_NAMES = ("You", "Elaine", "Eric", "Gaby")
CLAIM_ORDER = ("mah_jongg", "kong", "pung", "chow")


@dataclass
class Options:
    """The player's in-game options (the original's Options menu and General Setup)."""

    wait_time: float = 2.5
    """Seconds the human has to claim a discard (timer bar); 0–10 in steps of 0.25 (Q-01)."""
    discard_delay: float = 0.9
    """Seconds a computer player's turn visibly takes."""
    ask_first: bool = True
    show_all: bool = False
    quick_tip: bool = False
    timer_bar: bool = True
    balloons: bool = True
    auto_play: bool = False
    animation_speed: float = 1.0
    """Animation speed; 0 is instant."""


@dataclass
class HandOutcome:
    """A finished hand as the scores scene shows it."""

    winner: int | None
    winning_tile: int | None
    won_by: str | None
    from_seat: int | None
    old_totals: list[int]
    new_totals: list[int]
    scores: list[int]
    results: list[Any]
    """One ScoreResult per seat (None when the judge cannot score)."""
    payments: list[tuple[int, int, int]]
    dead: bool
    message: str
    game_over: bool = False
    events: list[ev.Event] = field(default_factory=list)
    settled: bool = True
    """False when all hands were visible: scored, but no points moved (M13)."""
    pays_for_all: str = ""
    """Why one loser paid the winner for everybody (a cannon, a Four Winds liability), or ''."""
    faulty_out: int | None = None
    """Who declared a Mah Jongg that was not one (the hand then ends with nobody winning), or None."""

    def get_from(self, receiver: int, payer: int) -> int:
        """What ``receiver`` gets from ``payer`` (negative: pays), the Total Scores box's cells."""
        total = 0
        for source, target, amount in self.payments:
            if source == payer and target == receiver:
                total += amount
            elif source == receiver and target == payer:
                total -= amount
        return total


def load_game_rules(ruleset_id: str, mods_dir: str | None = None, *, strict: bool = False,
                    config_dir: str | None = None) -> tuple[Any, PlayRules, Any]:
    """The ruleset, its play rules and its judge; the built-in classic play with no scoring if it cannot load.

    ``strict`` (opening a save) raises :class:`SaveError` naming the ruleset instead: a saved game replayed under
    other rules would be another game.
    """
    try:
        from game.cli.common import judge_for, load_ruleset

        ruleset = load_ruleset(ruleset_id, mods_dir, config_dir)
        return ruleset, ruleset.play, judge_for(ruleset)
    except Exception as exc:  # the table must open even while rulesets are broken or missing
        if strict:
            raise SaveError(f"the game needs the ruleset {ruleset_id!r}, which is not available: {exc}") from None
        log.warning("ruleset %r could not be loaded (%s); playing without scoring", ruleset_id, exc)
        return None, PlayRules(), RegularJudge()


def make_computer(player_id: str, rng: random.Random, ruleset: Any) -> Any:
    """A computer player by id, falling back to the reference bot when the personality is not available."""
    from game.autoplay import create_player

    try:
        return create_player(player_id, rng, ruleset)
    except Exception as exc:  # an unknown or broken personality must not stop the game
        log.warning("computer player %r not available (%s); using 'efficient'", player_id, exc)
        try:
            return create_player("efficient", rng, ruleset)
        except Exception:
            return create_player("greedy", rng, ruleset)


class Session:
    """One game in the client: the match, the current hand, the seats and the timers."""

    def __init__(self, *, ruleset: Any, rules: PlayRules, judge: Any, seed: int,
                 opponents: Sequence[str] = ("efficient", "efficient", "efficient"),
                 names: Sequence[str] = DEFAULT_NAMES, options: Options | None = None,
                 match: Match | None = None) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.judge = judge
        self.seed = seed
        self.names = list(names)
        self.options = options or Options()
        rng = random.Random(seed ^ 0x5EED)
        self.players: list[Any] = [None] + [make_computer(pid, random.Random(rng.getrandbits(64)), ruleset)
                                            for pid in opponents]
        self.autoplayer = make_computer("efficient", random.Random(rng.getrandbits(64)), ruleset)
        self.opponents = list(opponents)
        self.match = match if match is not None else Match(rules, judge, seed)
        self.table: Table | None = None
        if match is not None and match.table is not None and match.table.phase != "over":
            # A restored game goes on where it was left: the hand in progress, started or not.
            self.table = match.table
        self.pending: deque[ev.Event] = deque()
        self.status = ""
        self.delay = 0.0
        self.claim_timer: float | None = None
        self.claim_total = 0.0
        self.started = self.table is not None and self.table.phase != "dealt"
        self.outcome: HandOutcome | None = None
        self.show_all_used = False
        self.undo_timer: float | None = None
        """Seconds left to take back the human's last discard (the wait time, P-30); None when closed."""
        self.notice = ""
        """Something the player should not miss (a winning tile let pass), for the table to show; it takes it."""
        self.on_hand_finished: list[Callable[[Session], None]] = []
        """Autosave and statistics hooks, called after every finished hand."""
        self.stats_folder: Any = None
        """Where the statistics file lives; None keeps no statistics (tests, screenshots)."""
        self.save_name = ""
        """The name the game was last saved or opened under (the original's title-bar file name, P-01)."""
        self.thinking: dict[tuple[int, int, int], Future] = {}
        """Decisions being made on the worker thread, by (table, actions so far, seat)."""
        self._worker: ThreadPoolExecutor | None = None
        if match is None:
            self.pending.extend(self.match.events)

    @classmethod
    def create(cls, ruleset_id: str = "classic", seed: int | None = None, mods_dir: str | None = None,
               **kwargs: Any) -> Session:
        ruleset, rules, judge = load_game_rules(ruleset_id, mods_dir)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(ruleset=ruleset, rules=rules, judge=judge, seed=seed, **kwargs)

    # -- the hand ---------------------------------------------------------------------------------------------

    def deal(self) -> Table:
        """Deal the next hand (the ceremony's events are queued); play waits for :meth:`start`."""
        gcpolicy.between_hands()  # nobody is thinking yet: see game.gcpolicy
        self.table = self.match.new_hand()
        self.started = False
        self.outcome = None
        self.show_all_used = self.options.show_all
        self.claim_timer = None
        self.undo_timer = None
        self.delay = 0.0
        self.pending.extend(self.table.events)
        self.status = messages.hand_started(self.names, self.table.seat_wind(HUMAN), self.table.round_wind,
                                             self.table.wild_tile)
        return self.table

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

    def claim_types(self) -> list[str]:
        types = {c.type for c in self.claim_options()}
        if any(isinstance(a, MahJongg) for a in self.human_legal()):
            types.add("mah_jongg")  # robbing a kong
        return [t for t in CLAIM_ORDER if t in types]

    # -- the human's moves ------------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Do ``action`` for the human; on refusal the status bar gets the table's reason and False is returned."""
        if self.table is None:
            return False
        try:
            events = self.table.apply(HUMAN, action)
        except IllegalActionError as exc:
            self.status = str(exc)
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
        """Take back the human's discard (Undo, P-96, P-103); the status bar says why when it is too late."""
        if not self.can_undo:
            self.status = "You can only take back your own discard before anybody claims it."
            return False
        events = self.table.take_back(HUMAN)
        self.undo_timer = None
        self.claim_timer = None
        self.delay = 0.0
        self._push(events)
        return True

    def claim(self, claim_type: str, tiles: tuple[int, ...] | None = None) -> bool:
        """Claim the discard as ``claim_type``; ``tiles`` picks which chow (None: the only or first one)."""
        if claim_type == "mah_jongg" and any(isinstance(a, MahJongg) for a in self.human_legal()):
            return self.act(MahJongg())
        options = [c for c in self.claim_options() if c.type == claim_type]
        if tiles is not None:
            options = [c for c in options if tuple(sorted(c.tiles)) == tuple(sorted(tiles))]
        if not options:
            return self.act(Claim(claim_type, tuple(tiles or ())))  # refused with the table's own message
        return self.act(options[0])

    def refuse_pickup(self) -> None:
        """The human clicked a discard they cannot use: the original's "You can't pick up…" message."""
        if self.table is None or self.table.last_discard is None:
            return
        # Only the table's reason is wanted: applying the claim would make it a faulty claim under rules that
        # check claims after they are made.
        action = Claim("pung", (self.table.last_discard[1],) * 2)
        self.status = refusal(self.table, HUMAN, action, self.human_legal())

    def pass_claim(self) -> None:
        """Let the discard go (0, right click, Pass button, or the timer running out); a winning one is named
        afterwards, so letting it pass is never silent."""
        if not self.human_may_claim:
            return
        missed = ""
        if "mah_jongg" in self.claim_types():
            last = self.table.last_discard
            if self.table.phase == "rob" or last is None:
                missed = "You could have gone Mah Jongg by robbing the Kong."
            else:
                missed = f"You could have gone Mah Jongg on {messages.possessive(self.names[last[0]])} " \
                         f"{tile_name(last[1])}."
        if self.act(Pass()) and missed:
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

    def quick_tip(self) -> int | None:
        """The tile QuickTip suggests discarding, or None off-turn."""
        tip = self.quick_tip_advice()
        return tip.action.tile if tip is not None and isinstance(tip.action, Discard) else None

    def quick_tip_advice(self) -> Any:
        """QuickTip's advice for the human's turn: a ``game.ai.tip.Tip`` (a discard and a one-line reason a
        person understands), or None off-turn. Cached until the table changes."""
        if not self.human_to_discard or self.table is None:
            return None
        key = (id(self.table), len(self.table.events), len(self.table.actions))
        if getattr(self, "_tip_key", None) == key:
            return self._tip
        legal = [a for a in self.human_legal() if isinstance(a, Discard) and not a.standing]
        tip = None
        if legal:
            from game.ai.tip import quick_tip

            try:
                tip = quick_tip(self.table.view(HUMAN), legal, self.ruleset)
            except Exception as exc:  # advice is a comfort: the game goes on without it
                log.warning("QuickTip unavailable: %s", exc)
        self._tip_key, self._tip = key, tip
        return tip

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
        if table is None or table.phase == "over" or (not self.started and not self.options.auto_play):
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
            if not hold:
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
        winning = self.table.phase == "claims" and "mah_jongg" in self.claim_types()
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
        table = self.table
        for seat in list(table.awaiting()):
            if seat != HUMAN:
                self._computer_act(seat)

    def _computer_act(self, seat: int) -> None:
        table = self.table
        legal = table.legal_actions(seat)
        if not legal:
            return
        player = self.autoplayer if seat == HUMAN else self.players[seat]
        try:
            if getattr(player, "thinks_ahead", False):
                action = self._decided_in_background(seat, player, legal)
                if action is None:
                    return  # still thinking: asked again on the next update
            else:
                action = player.decide(table.view(seat), legal)
            events = table.apply(seat, action)
        except IllegalActionError:
            log.warning("seat %d chose an illegal action; playing %s instead", seat, legal[0])
            events = table.apply(seat, legal[0])
        self._push(events)

    def _decided_in_background(self, seat: int, player: Any, legal: list[Action]) -> Action | None:
        """The action of a player that thinks ahead, decided on the worker thread from a snapshot of its view;
        None while it is still thinking. A decision the table has moved past (the human claimed meanwhile) is
        dropped; one thread decides one position at a time, so a player's own state is never shared."""
        table = self.table
        key = (id(table), len(table.actions), seat)
        for stale in [k for k in self.thinking if k[:2] != key[:2]]:
            del self.thinking[stale]
        future = self.thinking.get(key)
        if future is None:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer-player")
            self.thinking[key] = self._worker.submit(player.decide, table.view(seat), legal)
            return None
        if not future.done():
            return None
        del self.thinking[key]
        return future.result()

    def _push(self, events: list[ev.Event]) -> None:
        for event in events:
            self.pending.append(event)
            line = messages.describe(event, self.names, HUMAN, self.table.wild_tile if self.table else None)
            if line:
                self.status = line
            if isinstance(event, ev.TileDiscarded) and event.seat != HUMAN:
                self.delay = self.options.discard_delay
            elif isinstance(event, ev.TileDrawn | ev.ReplacementDrawn) and event.seat != HUMAN:
                self.delay = self.options.discard_delay * 0.6
        self.show_quick_tip()

    def show_quick_tip(self) -> None:
        """With QuickTip on, on the human's turn: its advice in the status bar (M3)."""
        if self.options.quick_tip and self.human_to_discard:
            tip = self.quick_tip_advice()
            if tip is not None:
                self.status = f"QuickTip: {tip.reason}"

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
        assert table is not None and table.phase == "over"
        result = table.result
        old = list(self.match.totals)
        results: list[Any] = [None] * 4
        if result.winner is not None and hasattr(self.judge, "score"):
            # The hands as the match scores them (a loser's ready hand too), for the score box's lines.
            results = self.match.hand_results(table)
        settle = not self.show_all_used
        events = self.match.finish_hand(table, settle=settle, no_settlement_reason=messages.NO_SETTLEMENT)
        self.pending.extend(events)
        scores, payments = [0, 0, 0, 0], []
        for event in events:
            if isinstance(event, ev.HandScored):
                scores = list(event.scores)
            elif isinstance(event, ev.Settled):
                payments = list(event.payments)
        if result.faulty_out is not None:
            message = (f"{self.names[result.faulty_out]} declared Mah Jongg with a hand that is not complete: "
                       f"the hand ends and the penalty is paid.")
        elif result.winner is None:
            message = "All the tiles have been played and nobody has gone Mah Jongg..."
        elif result.won_by == "discard" and result.winning_tile is not None:
            message = f"{messages.has(self.names[result.winner])} gone Mah Jongg with tile " \
                      f"{tile_name(result.winning_tile)}"
        else:
            message = f"{messages.has(self.names[result.winner])} gone Mah Jongg."
        self.outcome = HandOutcome(result.winner, result.winning_tile, result.won_by, result.from_seat, old,
                                   list(self.match.totals), scores, results, payments, result.winner is None,
                                   message, self.match.is_over, events,
                                   settled=settle or result.winner is None,
                                   pays_for_all=messages.pays_for_all(result, self.names,
                                                                      getattr(self.ruleset, "penalties", None)),
                                   faulty_out=result.faulty_out)
        self.status = message if self.outcome.settled else messages.NO_SETTLEMENT
        self._record_statistics()
        for hook in self.on_hand_finished:
            hook(self)
        return self.outcome

    @property
    def player_ids(self) -> list[str]:
        """Who sits at each seat, as saves and statistics name them."""
        return ["human", *self.opponents]

    def _record_statistics(self) -> None:
        """Count the hand (and the game, when it ended) in the statistics file; failures are only logged."""
        if self.stats_folder is None or self.ruleset is None or not self.match.history:
            return
        try:
            from game.stats import load_statistics, save_statistics

            stats = load_statistics(self.stats_folder)
            stats.record_hand(self.ruleset.id, self.player_ids, self.match.history[-1])
            if self.match.is_over:
                stats.record_game(self.ruleset.id, self.player_ids, self.match)
            save_statistics(self.stats_folder, stats)
        except Exception as exc:  # statistics are a comfort: never stop the game for them
            log.warning("statistics not updated: %s", exc)

    # -- saving and opening -----------------------------------------------------------------------------------

    def snapshot(self, name: str = "", mods: list[dict[str, str]] | None = None) -> Any:
        """The game as a :class:`game.saves.SavedGame` (the hand in progress included)."""
        from game.saves import ruleset_hash, snapshot

        ruleset_id = self.ruleset.id if self.ruleset is not None else "classic"
        # The starting score may differ from the ruleset's (New Game lets the player choose it).
        settings = {"show_all_used": self.show_all_used, "start_score": self.rules.start_score}
        return snapshot(self.match, ruleset_id=ruleset_id, players=self.player_ids, names=self.names,
                        ruleset_hash=ruleset_hash(self.ruleset) if self.ruleset is not None else None,
                        mods=mods, settings=settings, name=name)

    @classmethod
    def from_save(cls, saved: Any, mods_dir: str | None = None, *, options: Options | None = None,
                  source: str = "the save", config_dir: str | None = None,
                  available_mods: set[str] | None = None) -> tuple[Session, list[str]]:
        """The session a save describes, and warnings (mods it used that are missing but were not needed).

        Raises :class:`SaveError` saying what is missing or wrong when the game cannot be rebuilt: the ruleset is
        not available, or the actions do not replay (then the missing mods are named, as the likely cause).
        """
        from game.saves import missing_mods, restore, ruleset_note

        missing = missing_mods(saved, available_mods) if available_mods is not None else []
        try:
            ruleset, rules, judge = load_game_rules(saved.ruleset, mods_dir, strict=True, config_dir=config_dir)
        except SaveError as exc:
            extra = f" (missing mods: {', '.join(missing)})" if missing else ""
            raise SaveError(f"{exc}{extra}") from None
        start_score = saved.settings.get("start_score", rules.start_score)
        if isinstance(start_score, int) and not isinstance(start_score, bool):
            rules = dataclasses.replace(rules, start_score=start_score)
        changed = ruleset_note(saved, ruleset)
        try:
            match = restore(saved, rules, judge, source)
        except SaveError as exc:
            causes = ([f"Missing mods: {', '.join(missing)}."] if missing else []) + \
                ([f"{changed[0].upper()}{changed[1:]}."] if changed else [])
            if causes:
                raise SaveError(" ".join([str(exc), *causes])) from None
            raise
        opponents = [p for p in saved.players if p != "human"][:3]
        session = cls(ruleset=ruleset, rules=rules, judge=judge, seed=saved.seed, opponents=opponents,
                      names=list(saved.names), options=options, match=match)
        session.save_name = saved.name
        session.show_all_used = bool(saved.settings.get("show_all_used", False)) if session.table else False
        # The replay matched every recorded hand, so the game is the same one despite these differences.
        warnings = [f"mod {mod_id!r} used by this game is not installed; the game replays without it"
                    for mod_id in missing]
        if changed:
            warnings.append(f"{changed}; every saved hand replays the same")
        return session, warnings

    def play_to_end(self, max_steps: int = 20000) -> None:
        """Let the computer play every seat until the hand is over (instant mode, tests and the self-test)."""
        if self.table is None:
            self.deal()
        if not self.started:
            self.start()
        saved = self.options.auto_play
        self.options.auto_play = True
        try:
            for _ in range(max_steps):
                if self.hand_over:
                    return
                self.delay = 0.0
                self.update(1.0)
                wait(list(self.thinking.values()))  # nothing animates here: let a thinking player finish
            raise RuntimeError(f"hand did not end after {max_steps} steps")
        finally:
            self.options.auto_play = saved

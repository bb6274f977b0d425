"""A lesson: a game session on a prepared deal that checks each of the player's moves against the lesson's step.

The table is real (the engine deals the prepared tiles and judges every move); the lesson only decides which
legal move it is waiting for. A move that is not the step's is not played: :attr:`LessonSession.mistake` says
why (the step's own explanation, else the table's refusal) and the player tries again. The computer players
discard what the lesson scripts for them, then play by themselves; they never claim and never go Mah Jongg, so
the lesson goes as written. A discard the step does not ask about is let go for the player.

Progress is a step number: :meth:`LessonSession.resume` replays the moves of the steps already done, which gives
the same table again (the deal and the scripts are fixed).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from game.ai.base import Player
from game.core.actions import Action, Claim, DeclareKong, Discard, MahJongg, Pass, PassTiles
from game.core.match import Match
from game.core.refusals import refusal
from game.core.stacking import PreparedDeal
from game.core.tiles import parse_tiles, tile_from_code
from game.core.view import PlayerView
from game.errors import SaveError
from game.i18n import N_, _, mod_text
from game.mods.lessons import SEAT_OF, LessonSpec, LessonStep, parse_draws
from game.session.driver import HUMAN, Session
from game.session.options import DEFAULT_NAMES, Options
from game.session.players import make_computer, personalities_of
from game.session.rules import load_game_rules

DEFAULT_WRONG = N_("That is not the move this step asks for.")


class ScriptedPlayer:
    """A computer player that discards the lesson's tiles first, then plays as ``player`` does, but never claims
    and never goes Mah Jongg: the lesson's table must go where its words say."""

    def __init__(self, player: Player, discards: Sequence[str]) -> None:
        self.player = player
        self.id = player.id
        self.discards = [tile_from_code(code) for code in discards]

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if Pass() in legal:
            return Pass()
        if self.discards and Discard(self.discards[0]) in legal:
            return Discard(self.discards.pop(0))
        choices = [a for a in legal if not isinstance(a, MahJongg | DeclareKong)]
        return self.player.decide(view, choices or list(legal))


def expected(step: LessonStep) -> Action | None:
    """The move a step waits for (None for a step that is read, or the start of the hand)."""
    if step.do in ("discard", "riichi") and step.tile is not None:
        return Discard(tile_from_code(step.tile), step.do == "riichi")
    if step.do == "charleston":
        return PassTiles(tuple(sorted(parse_tiles(step.tiles))))
    if step.do == "kong" and step.tile is not None:
        return DeclareKong(tile_from_code(step.tile))
    if step.do == "mah_jongg":
        return MahJongg()
    if step.do == "pass":
        return Pass()
    return None


def matches(step: LessonStep, action: Action) -> bool:
    """``action`` is the move ``step`` waits for (a claim of the right kind with any of its tiles)."""
    if step.do == "claim":
        if step.claim == "mah_jongg":
            return isinstance(action, MahJongg) or (isinstance(action, Claim) and action.type == "mah_jongg")
        return isinstance(action, Claim) and action.type == step.claim
    want = expected(step)
    if isinstance(want, Discard):
        return isinstance(action, Discard) and (action.tile, action.standing) == (want.tile, want.standing)
    if isinstance(want, PassTiles):
        return isinstance(action, PassTiles) and tuple(sorted(action.tiles)) == want.tiles
    return want is not None and action == want


class LessonSession(Session):
    """One lesson's table and where the player has got to in it."""

    lesson: LessonSpec
    step_index: int = 0
    mistake: str = ""
    """Why the player's last move was not the step's ("" once they have done it)."""
    mistakes: int = 0
    """How many moves were refused so far (a client clears the player's marks after each)."""

    @classmethod
    def for_lesson(cls, lesson: LessonSpec, *, catalog: Any = None, mods_dir: str | None = None,
                   names: Sequence[str] = DEFAULT_NAMES, options: Options | None = None) -> LessonSession:
        """The lesson's table: the prepared deal in its ruleset, you at East, the computer players scripted.

        ValueError says why the lesson cannot be set up (its ruleset is missing, or its deal asks for tiles the
        ruleset's set does not have)."""
        try:
            ruleset, rules, judge = load_game_rules(lesson.ruleset, mods_dir, catalog=catalog, strict=True)
        except SaveError:
            raise ValueError(_('the lesson plays by the ruleset {ruleset!r}, which is not loaded').format(
                    ruleset=lesson.ruleset)) from None
        others = {SEAT_OF[where]: parse_tiles(codes) for where, codes in lesson.deal.others.items()}
        deal = PreparedDeal(hands={HUMAN: parse_tiles(lesson.deal.hand), **others},
                            draws=parse_draws(lesson.deal.draws), loose=parse_tiles(lesson.deal.loose))
        people = personalities_of(catalog) if catalog is not None else None
        # A lesson waits for the player: no timer closes a claim, and nothing is done for them.
        options = options or Options()
        options.wait_time, options.ask_first, options.quick_tip, options.auto_play = 0.0, True, False, False
        options.timer_bar = False
        session = cls(ruleset=ruleset, rules=rules, judge=judge, seed=lesson.seed, names=names, options=options,
                      opponents=("beginner", "beginner", "beginner"), personalities=people,
                      match=Match(rules, judge, lesson.seed, east=HUMAN, prepared=deal))
        session.lesson = lesson
        rng = random.Random(lesson.seed)
        for where, seat in SEAT_OF.items():
            player = session.players[seat] or make_computer("efficient", rng, ruleset)
            session.players[seat] = ScriptedPlayer(player, lesson.discards.get(where, []))
        return session

    # -- the steps --------------------------------------------------------------------------------------------

    @property
    def step(self) -> LessonStep | None:
        """The step the player is on; None once the lesson is done."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def _advance(self) -> None:
        self.step_index += 1
        self.mistake = ""

    def next_step(self) -> bool:
        """Go on after a step that is only read (Enter or the Next button); False on any other step."""
        step = self.step
        if step is None or step.do != "read":
            return False
        self._advance()
        return True

    def waiting_for_player(self) -> bool:
        """The step can be done now: the table waits for the player's move (or the step is only read)."""
        step = self.step
        if step is None:
            return False
        if step.do == "read":
            return True
        if step.do == "start":
            return self.table is not None and self.table.phase == "dealt"
        if step.do in ("claim", "pass"):
            return self.human_may_claim
        if step.do == "charleston":
            return self.human_to_pass
        return self.human_to_discard

    # -- the player's moves, checked ----------------------------------------------------------------------------

    def start(self) -> None:
        step = self.step
        if step is not None and step.do != "start":
            self.mistake = _("Not yet: read this step first, then press Next (Enter).")
            self.mistakes += 1
            return
        super().start()
        if self.started and step is not None:
            self._advance()

    def act(self, action: Action, seat: int = HUMAN) -> bool:
        step = self.step
        if step is None or seat != HUMAN:  # a lesson's steps are the player's
            return super().act(action, seat)
        if not matches(step, action):
            self.mistake = self._why_not(step, action)
            self.mistakes += 1
            return False
        done = super().act(action)
        if done:
            self._advance()
        elif self.table is not None:
            self.mistake = mod_text(step.wrong) or DEFAULT_WRONG
            self.mistakes += 1
        return done

    def _why_not(self, step: LessonStep, action: Action) -> str:
        """Why ``action`` is not the step's move: the step's own explanation (a move the table would not even
        allow is also refused with the table's reason, which the status bar words)."""
        if step.do == "read":
            return _("Read this step first, then press Next (Enter).")
        if self.table is not None and action not in self.human_legal():
            self.tell(refusal(self.table, HUMAN, action, self.human_legal()))
        return mod_text(step.wrong) or DEFAULT_WRONG

    def _open_claim_window(self) -> None:
        """The step asks about this discard: the window waits for the player; otherwise it is let go for them."""
        step = self.step
        if step is None or step.do in ("claim", "pass"):
            self.claim_total = 0.0
            self.claim_timer = math.inf
            return
        self.claim_timer = None
        Session.act(self, Pass())

    def update(self, dt: float, hold: bool = False) -> None:
        """Play holds while the player reads a step (the words describe the table as it stands) and once the
        lesson is done; the end of a finished hand still runs, so its scores come."""
        step = self.step
        if not self.hand_over and (step is None or step.do == "read"):
            return
        super().update(dt, hold)

    @property
    def claim_unlimited(self) -> bool:
        """Every claim window of a lesson waits for the player, but only a winning discard is offered as one."""
        return super().claim_unlimited and "mah_jongg" in self.claim_types()

    @property
    def at_rest(self) -> bool:
        if self.human_may_claim and self.claim_timer is not None and math.isinf(self.claim_timer):
            return self.table is not None and self.table.awaiting() == [HUMAN]
        return super().at_rest

    # -- resuming -----------------------------------------------------------------------------------------------

    def run_until_player(self, limit: int = 2000) -> None:
        """Let the table play (the computer players' turns, at once) until the step can be done."""
        for _unused in range(limit):
            if self.waiting_for_player() or self.hand_over:
                return
            self.delay = 0.0
            self.update(1.0)

    def resume(self, step_index: int) -> None:
        """Play the steps before ``step_index`` again, as the player did them (a lesson left and resumed)."""
        if self.table is None:
            self.deal()
        while self.step_index < min(step_index, len(self.lesson.steps)):
            self.run_until_player()
            step = self.step
            assert step is not None
            before = self.step_index
            if step.do == "read":
                self.next_step()
            elif step.do == "start":
                self.start()
            elif step.do == "claim" and step.claim is not None:
                self.claim(step.claim)
            elif step.do == "pass":
                self.pass_claim()
            else:
                want = expected(step)
                if want is not None:
                    self.act(want)
            if self.step_index == before:
                return  # the table no longer allows the step (a changed lesson): start from here
        self.run_until_player()

"""Which matchups the report plays: the classic game's (issue 7), every bundled ruleset's (issue 28), and the
Master's."""

from __future__ import annotations

from tools.aireport.play import Matchup

ISSUE7: tuple[Matchup, ...] = (
    Matchup("expert", "expert", "greedy", 10_000, 11),
    Matchup("expert_random", "expert", "random", 2_000, 12),
    Matchup("expert_efficient", "expert", "efficient", 2_000, 21),
    Matchup("greedy", "greedy", "greedy", 4_000, 13),
    Matchup("efficient", "efficient", "greedy", 2_000, 14),
    Matchup("defensive", "defensive", "greedy", 2_000, 15),
    # Its goal is a share of its wins, and it wins about one hand in eight: 2,000 hands gave some 270 wins and an
    # interval of ±4.7 points around the 20% goal, too wide to tell; 6,000 give about ±2.7.
    Matchup("limitmaker", "limitmaker", "greedy", 6_000, 16),
    Matchup("beginner", "beginner", "greedy", 2_000, 17),
    Matchup("scatterbrain", "scatterbrain", "greedy", 2_000, 18),
    Matchup("greedy_riichi", "greedy", "greedy", 2_000, 19, "japanese-riichi"),
    Matchup("defensive_riichi", "defensive", "greedy", 2_000, 20, "japanese-riichi"),
)

MASTER: tuple[Matchup, ...] = (
    # Issue 28: the Master against the efficient bot, 10,000 hands, and against the expert.
    Matchup("master_efficient", "master", "efficient", 10_000, 31),
    Matchup("master_expert", "master", "expert", 2_000, 32),
)

# The bundled rulesets, in the order `python -m game rulesets` lists them; a test checks this is all of them.
# Rulesets added later go at the end, so the seeds (by place in this list) of those measured before stay theirs.
RULESETS: tuple[str, ...] = (
    "classic", "american-classical", "european", "four-winds", "hongkong", "japanese", "japanese-riichi", "novice",
    "sheer-luck", "british", "british-tournament", "ninedragons", "western", "western-specials", "british-three",
)
THREE_PLAYER = frozenset({"british-three"})
"""The bundled rulesets played three-handed (a test checks them against the rulesets' seats): there the player
under test has two opponents, and the experts' table seats three."""


def opponents(ruleset: str) -> int:
    """How many opponents the player under test has in ``ruleset``."""
    return 2 if ruleset in THREE_PLAYER else 3


PERSONALITIES = ("expert", "defensive", "limitmaker", "beginner", "scatterbrain", "master")
"""Every bundled personality: each plays three greedy bots in every ruleset."""
RULESET_HANDS = 1_000
"""Hands of the expert against three greedy bots, and of four experts, per ruleset: ±3 points on a win share."""
PERSONALITY_HANDS = 500
"""Hands of each other personality against three greedy bots per ruleset: enough to tell 10% from 15%."""

# Matchups the classic game already plays for issue 7, used again for its row of the per-ruleset tables.
_REUSED = {("expert", "classic"): "expert", ("defensive", "classic"): "defensive",
           ("limitmaker", "classic"): "limitmaker", ("beginner", "classic"): "beginner",
           ("scatterbrain", "classic"): "scatterbrain", ("defensive", "japanese-riichi"): "defensive_riichi"}


def key(subject: str, ruleset: str) -> str:
    """The key of ``subject`` against three greedy bots in ``ruleset`` (``experts``: four experts)."""
    return _REUSED.get((subject, ruleset), f"{subject}@{ruleset}")


def ruleset_keys(ruleset: str) -> set[str]:
    """The keys of every matchup of the per-ruleset tables for ``ruleset``."""
    return {key(subject, ruleset) for subject in ("experts", *PERSONALITIES)}


def _per_ruleset() -> tuple[Matchup, ...]:
    found = []
    for index, ruleset in enumerate(RULESETS):
        seed = 100 + 10 * index
        found.append(Matchup(key("experts", ruleset), "expert", "expert", RULESET_HANDS, seed + 1, ruleset))
        for offset, subject in enumerate(PERSONALITIES):
            if (subject, ruleset) in _REUSED:
                continue
            hands = RULESET_HANDS if subject == "expert" else PERSONALITY_HANDS
            found.append(Matchup(key(subject, ruleset), subject, "greedy", hands, seed + 2 + offset, ruleset))
    return tuple(found)


PER_RULESET = _per_ruleset()
MATCHUPS: tuple[Matchup, ...] = ISSUE7 + MASTER + PER_RULESET

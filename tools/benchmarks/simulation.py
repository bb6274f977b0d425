"""Simulation speed: greedy reference bots playing the classic ruleset, scoring and settlement included."""

from __future__ import annotations


def measure(quick: bool) -> dict[str, float]:
    from game.cli.simulate import simulate

    hands = 60 if quick else 400
    result = simulate("classic", hands, seed=1, player_ids=["greedy"] * 4)
    return {"sim_hands_per_s": result["hands_per_second"]}

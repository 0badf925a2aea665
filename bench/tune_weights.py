"""Tune the evaluation's weights of one ruleset by self-play, and keep them as data.

The search (a noisy coordinate search, documented so that it can be run again):

1. Start from the ruleset's weights in ``games/engine/bots/weights.json`` (or
   ``evaluation.WEIGHTS`` with ``--from-defaults``): the *incumbent*.
2. For each weight, in an order shuffled by ``--seed``, try it ``--step`` times
   larger, then ``--step`` times smaller (a weight at 0 is tried at
   ``FROM_ZERO[name]``). A *candidate* plays ``--games`` greedy-vs-greedy games
   against the incumbent with the sample decks, in pairs with the same decks and
   seed and the seats swapped. It scores by the rules: 1 for a win by the rules
   (anchors, out of cards or Avatars), 0 for a loss, ½ for a game adjudicated at
   the turn limit (whoever led), a draw or a stalled game, since the aim is bots
   that win by the rules, not by the safeguard.
3. A candidate that scores at least ``--accept`` becomes the incumbent; the other
   direction of that weight is then not tried. ``--rounds`` passes over the weights.
4. The tuned weights play ``--confirm`` games against the starting weights (other
   seeds): the figure that says whether the search found anything.

With ``--write`` the tuned weights go into weights.json under the ruleset, with
``found_by``: the method, the budget, the steps accepted and the confirmation.
Every trial is appended to ``bench/results/tuning-<ruleset>.jsonl``.

Run: ``.venv/bin/python -m bench.tune_weights --ruleset beta-2025 --write``.
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import argparse
import dataclasses
import json
import sys
import time
from collections import Counter
from multiprocessing import Pool

from bench import ROOT
from bench.cpu_time import process_seconds
from games.engine import RULESETS, rng, start_game
from games.engine.bots.evaluation import TUNED_WEIGHTS_FILE, WEIGHTS, Weights, weights_for
from games.engine.bots.greedy import GreedyBot
from games.engine.testing.samples import sample_decks_for
from games.simulations.confidence import wilson_interval
from games.simulations.figure_words import interval_words
from games.simulations.games import outcome, played_out

# Where a weight at 0 is tried first, in its own units.
FROM_ZERO = {"hand": 0.2, "last_anchor": 2.0, "scarcity": 4.0, "approach": 0.05}
# The ends that are a win by the rules (the others score ½).
BY_THE_RULES = ("anchors", "out_of_cards", "no_avatars")
# Seeds of the tuning's games and of the confirmation's, apart from the ladder's.
TRIAL_SEEDS = 10_000
CONFIRM_SEEDS = 90_000


@dataclasses.dataclass(frozen=True)
class Game:
    """One game of a trial, from the candidate's side."""

    score: float
    reason: str
    turns: int
    cpu_seconds: float


def play_one(task: tuple[str, dict, dict, int]) -> Game:
    """Game ``index``: a pair of games shares decks and seed; the candidate sits in
    seat ``index % 2``."""
    ruleset_name, candidate, incumbent, index = task
    pair, seat = index // 2, index % 2
    ruleset = RULESETS[ruleset_name]
    bots = [None, None]
    bots[seat] = GreedyBot(3_000 + index, weights=Weights(**candidate))
    bots[1 - seat] = GreedyBot(4_000 + index, weights=Weights(**incumbent))
    start = process_seconds()
    state, _ = start_game(ruleset, sample_decks_for(ruleset_name, pair), pair)
    final, _ = played_out(state, bots)
    winner, reason = outcome(final)
    score = float(winner == seat) if winner is not None and reason in BY_THE_RULES else 0.5
    return Game(score, reason, final.turn, process_seconds() - start)


def match(
    pool, ruleset: str, candidate: Weights, incumbent: Weights, games: int, first: int
) -> list[Game]:
    """``games`` games of ``candidate`` against ``incumbent``, indexes from ``first``."""
    tasks = [
        (ruleset, dataclasses.asdict(candidate), dataclasses.asdict(incumbent), first + i)
        for i in range(games)
    ]
    return list(pool.imap(play_one, tasks))


def summary(games: list[Game]) -> dict:
    """The trial's figures: the rules score, its interval and how the games ended."""
    estimate = wilson_interval(sum(g.score for g in games), len(games))
    return {
        "score": estimate.value,
        "interval": interval_words(estimate),
        "ends": dict(Counter(g.reason for g in games)),
        "mean_turns": sum(g.turns for g in games) / len(games),
        "cpu_seconds": round(sum(g.cpu_seconds for g in games), 1),
    }


def candidates(weights: Weights, name: str, step: float) -> list[Weights]:
    """The weight ``name`` moved up, then down (from 0: to its FROM_ZERO value)."""
    value = getattr(weights, name)
    if value == 0:
        return [dataclasses.replace(weights, **{name: FROM_ZERO.get(name, 0.5)})]
    return [
        dataclasses.replace(weights, **{name: round(value * step, 4)}),
        dataclasses.replace(weights, **{name: round(value / step, 4)}),
    ]


def tune(args, pool, log) -> tuple[Weights, Weights, list[str]]:
    """The search of the module docstring: (the start, the tuned weights, the steps
    accepted)."""
    start = WEIGHTS if args.from_defaults else weights_for(RULESETS[args.ruleset])
    incumbent = start
    accepted: list[str] = []
    names = tuple(field.name for field in dataclasses.fields(Weights))
    state = rng.seed_state(args.seed)
    first = TRIAL_SEEDS
    for round_number in range(args.rounds):
        order, state = rng.shuffled(state, names)
        for name in order:
            for candidate in candidates(incumbent, name, args.step):
                games = match(pool, args.ruleset, candidate, incumbent, args.games, first)
                first += args.games
                figures = summary(games)
                took = figures["score"] >= args.accept
                change = f"{name} {getattr(incumbent, name)} → {getattr(candidate, name)}"
                print(
                    f"round {round_number + 1} {change}: {figures['interval']} "
                    f"{'accepted' if took else 'kept'}; ends {figures['ends']}",
                    file=sys.stderr,
                    flush=True,
                )
                log.write(json.dumps({"round": round_number + 1, "change": change, **figures}))
                log.write("\n")
                log.flush()
                if took:
                    incumbent = candidate
                    accepted.append(f"{change} ({figures['interval']})")
                    break
    return start, incumbent, accepted


def write(ruleset: str, weights: Weights, found_by: str) -> None:
    """Put ``weights`` and how they were found under ``ruleset`` in weights.json."""
    tuned = json.loads(TUNED_WEIGHTS_FILE.read_text(encoding="utf-8"))
    tuned[ruleset] = {"weights": dataclasses.asdict(weights), "found_by": found_by}
    TUNED_WEIGHTS_FILE.write_text(json.dumps(tuned, indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="beta-2026-07", choices=list(RULESETS))
    parser.add_argument("--games", type=int, default=40, help="games per candidate (even)")
    parser.add_argument("--step", type=float, default=1.6, help="factor a weight moves by")
    parser.add_argument("--accept", type=float, default=0.575, help="score a candidate needs")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the weights")
    parser.add_argument("--confirm", type=int, default=200, help="games tuned vs start")
    parser.add_argument("--seed", type=int, default=1, help="the order the weights are tried in")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--from-defaults", action="store_true", help="start from WEIGHTS")
    parser.add_argument("--write", action="store_true", help="keep the result in weights.json")
    args = parser.parse_args()
    began = time.perf_counter()
    path = ROOT / "bench" / "results" / f"tuning-{args.ruleset}.jsonl"
    with Pool(args.processes) as pool, path.open("a") as log:
        start, tuned, accepted = tune(args, pool, log)
        games = match(pool, args.ruleset, tuned, start, args.confirm, CONFIRM_SEEDS)
    confirmed = summary(games)
    minutes = (time.perf_counter() - began) / 60
    print(f"{args.ruleset}: tuned weights {dataclasses.asdict(tuned)}")
    print(
        f"tuned vs start, {args.confirm} games: rules score {confirmed['interval']}; "
        f"ends {confirmed['ends']}; mean {confirmed['mean_turns']:.0f} turns "
        f"({minutes:.0f} min wall)"
    )
    if args.write:
        found_by = (
            f"bench/tune_weights.py on {time.strftime('%Y-%m-%d')}: coordinate search by "
            f"greedy self-play with the sample decks, {args.rounds} round(s), step ×{args.step}, "
            f"{args.games} games a candidate, accepted at a rules score ≥ {args.accept} "
            f"(seed {args.seed}); accepted: {'; '.join(accepted) or 'none'}. "
            f"Confirmation, tuned vs start over {args.confirm} other games: rules score "
            f"{confirmed['interval']}, ends {confirmed['ends']}."
        )
        write(args.ruleset, tuned, found_by)


if __name__ == "__main__":
    main()

"""The bots' strength ladder per ruleset: each bot against the one below it, how the
games end, and what the bots cost.

Prints, for each ruleset of ``--rulesets`` (all three by default) on its default
board, with the engine's sample decks (``games.engine.testing.samples``: 40-card
decks, forces of 4 Avatars for ``simplified-0.1``):

* each rung (greedy vs random, quick-search vs greedy, search vs greedy): the upper
  bot's win rate (a draw counts half) with its 95% Wilson interval
  (``games.simulations.confidence``), against its target (60%; 55% for the quick
  search, the fast bot of issue 24), over ``--games`` games. Games come in pairs
  with the same decks and seed and the seats swapped, so each bot plays both decks
  from both seats. Greedy vs greedy is played too, for its endings (no target);
* the four-player rung (``search-4``, beta rulesets only): the search bot in one seat
  against three greedy bots on the four-corners scenario (M1: 10×10), the seating
  rotated so it plays each seat in turn (four games share decks and seed), its share
  of the wins (a draw among K sides counts 1/K) against the fair share of 25%;
* how the games of each pair of bots ended (anchors, out of cards or Avatars, the
  turn limit's adjudication, stalled), with the share adjudicated against the
  target of at most 10%;
* games per CPU second of each rung, and as a ratio to random-vs-random games
  measured in the same run (the machine is shared; its speed varies);
* each bot's CPU per decision (p50, p95, max over its decisions with a choice, in
  that ruleset's rung games) and its own CPU per game.

``--times`` prints instead how long one decision takes under each ruleset:
the random, greedy and search bots (at their defaults) each decide the same
positions, decisions with a choice taken from random games of that ruleset;
CPU ms p50/p95/max/mean; p50 as a ratio to the random bot's in the same run,
and p50 and p95 as ratios to the same bot's under the first ruleset listed
(beta-2026-07 by default) in the same run.

``--record FILE`` keeps the rung's games across runs: each finished game is
appended to FILE as a line of JSON, and a later run with the same FILE plays
only the games not yet there and reports them all together (decision times
only for the games this run played). ``bench/results/ladder.jsonl`` is the
project's record, committed so a later session goes on from it. A line counts only
for the same rung, the same search budget and the same engine: the git tree of
``games/engine`` (the sample decks are in it) at the time it was played, which must
have no uncommitted change. A 400-game search rung is about two hours on two idle
cores; this lets it be played in parts.

Games run in ``--processes`` worker processes (2 by default: the machine has
two cores). A rung that would take longer than ``--minutes`` stops after the
games finished in order by then (never "the quick ones first", which would
favour short games) and says how long the full run would take.

Run: ``.venv/bin/python -m bench.bots`` (``--games 40`` for a quick look;
``--times`` for decision times per ruleset).
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import argparse
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

from bench import ROOT
from bench.cpu_time import process_seconds
from bench.figures import percentile
from games.engine import RULESETS, GameState, Scenario, legal_actions, make_bot, rng, start_game
from games.engine.bots import Bot, RandomBot, play_game
from games.engine.bots.search import MAX_ACTIONS as SEARCH_ACTIONS
from games.engine.bots.search import PLAYOUTS
from games.engine.replay import replay
from games.engine.testing.samples import sample_decks_for, sample_game
from games.simulations.confidence import wilson_interval
from games.simulations.figure_words import interval_words
from games.simulations.games import STALLED, outcome, played_out
from games.simulations.tables import POINTS, seat_points

# (upper, lower, the upper's target win rate; None: played for its endings only).
RUNGS = (
    ("greedy", "random", 0.60),
    ("greedy", "greedy", None),
    ("quick-search", "greedy", 0.55),
    ("search", "greedy", 0.60),
)
TARGET = 0.60
# The four-player rung: (upper, lower, target: the fair share of a four-player table).
FOUR_PLAYER_RUNG = ("search", "greedy", 0.25)
FOUR_PLAYERS = Scenario(players=4)
# Bot games ended by the turn limit's adjudication, at most (issue 24).
ADJUDICATED_AT_MOST = 0.10
# The greedy bot's CPU per decision at p50, at most this many times the random bot's.
DECISION_RATIO_AT_MOST = 20
# The search bot decides in under a second at its default budget (CPU time).
TARGET_DECISION_MS = 1000
# Reference games played in the same run, to state speeds as ratios.
REFERENCE_GAMES = 40


@dataclass(frozen=True)
class Played:
    """One game of a rung, from the upper bot's side."""

    index: int
    score: float  # 1 a win, ½ a draw, 0 a loss
    reason: str
    turns: int
    cpu_seconds: float
    decisions_ms: tuple[tuple[float, float], ...]  # the upper bot's (CPU, wall) per decision
    lower_decisions_ms: tuple[tuple[float, float], ...] = ()  # the lower bot's
    bot_cpu: tuple[float, float] = (0.0, 0.0)  # CPU seconds of the upper's, the lower's decisions


class Timed:
    """A bot whose decisions with a real choice are timed (CPU and wall clock), and all
    its decisions' CPU summed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[tuple[float, float]] = []
        self.cpu_seconds = 0.0

    def choose(self, state):
        cpu, wall = process_seconds(), time.perf_counter()
        action = self.bot.choose(state)
        took = process_seconds() - cpu
        self.cpu_seconds += took
        if len(legal_actions(state)) > 1:
            self.times.append((took * 1e3, (time.perf_counter() - wall) * 1e3))
        return action


def play_one(task: tuple[str, str, str, int]) -> Played:
    """Game ``index`` of the rung ``upper`` vs ``lower`` under ``ruleset``: a pair of games
    shares decks and seed, and the upper bot takes seat ``index % 2``."""
    ruleset, upper, lower, index = task
    pair = index // 2
    seat = index % 2
    bots: list[Bot] = [None, None]  # type: ignore[list-item]
    bots[seat] = high = Timed(make_bot(upper, 1_000 + index))
    bots[1 - seat] = low = Timed(make_bot(lower, 2_000 + index))
    start = process_seconds()
    # The simulations' rule: a game stopped at the action limit is a draw that "stalled",
    # so a loop cannot hang the ladder (its turns are left out of the mean: -1).
    state, _ = start_game(RULESETS[ruleset], sample_decks_for(ruleset, pair), pair)
    final, _ = played_out(state, bots)
    winner, reason = outcome(final)
    score = 0.5 if winner is None else float(winner == seat)
    return Played(
        index,
        score,
        reason,
        -1 if reason == STALLED else final.turn,
        process_seconds() - start,
        tuple(high.times),
        tuple(low.times),
        (high.cpu_seconds, low.cpu_seconds),
    )


def play_four(task: tuple[str, str, str, int]) -> Played:
    """Game ``index`` of the four-player rung: ``upper`` in seat ``index % 4`` against
    three ``lower`` bots; four games in a row share decks and seed. Its score is the
    upper's share of a win (``games.simulations.tables``)."""
    ruleset, upper, lower, index = task
    pack, seat = divmod(index, 4)
    bots = [Timed(make_bot(lower, 2_000 + 4 * index + other)) for other in range(4)]
    bots[seat] = high = Timed(make_bot(upper, 1_000 + index))
    pair = sample_decks_for(ruleset, pack)
    start = process_seconds()
    state, _ = start_game(
        RULESETS[ruleset], [pair[other % 2] for other in range(4)], pack, FOUR_PLAYERS
    )
    final, _ = played_out(state, bots)
    _, reason = outcome(final)
    lows = [bot for other, bot in enumerate(bots) if other != seat]
    return Played(
        index,
        seat_points(final)[seat] / POINTS,
        reason,
        -1 if reason == STALLED else final.turn,
        process_seconds() - start,
        tuple(high.times),
        tuple(t for low in lows for t in low.times),
        (high.cpu_seconds, sum(low.cpu_seconds for low in lows) / len(lows)),
    )


# What a recorded game must have been played with to count (see --record).
# The sample decks are in games/engine/testing/samples.py.
ENGINE_SOURCES = ("games/engine",)


def engine_version() -> str:
    """The git trees of the code a game depends on, refusing uncommitted changes to it."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout.strip()

    if git("status", "--porcelain", "--", *ENGINE_SOURCES):
        raise SystemExit(f"--record: commit the changes to {', '.join(ENGINE_SOURCES)} first")
    return " ".join(git("rev-parse", f"HEAD:{source}") for source in ENGINE_SOURCES)


@dataclass(frozen=True)
class Record:
    """A file of a rung's finished games (``--record``), and what they must match."""

    path: Path
    rung: str
    version: str

    def games(self) -> dict[int, Played]:
        """The games recorded for this rung, budget and engine, by index."""
        if not self.path.exists():
            return {}
        found = {}
        for line in self.path.read_text().splitlines():
            entry = json.loads(line)
            if (entry.pop("rung"), entry.pop("version")) == (self.rung, self.version):
                entry["bot_cpu"] = tuple(entry.get("bot_cpu", (0.0, 0.0)))
                found[entry["index"]] = Played(**entry, decisions_ms=())
        return found

    def add(self, game: Played) -> None:
        """Append one finished game, without its decision times (a few KB a game: they
        are reported for the games of the run that played them)."""
        entry = {"rung": self.rung, "version": self.version, **dataclasses.asdict(game)}
        del entry["decisions_ms"], entry["lower_decisions_ms"]
        with self.path.open("a") as lines:
            lines.write(json.dumps(entry) + "\n")


def reference_games_per_second(ruleset: str, games: int = REFERENCE_GAMES) -> float:
    """Random-vs-random games per CPU second under ``ruleset``, with the same decks and
    seeds as the rungs."""
    start = process_seconds()
    for index in range(games):
        pair = index // 2
        bots = (RandomBot(1_000 + index), RandomBot(2_000 + index))
        play_game(RULESETS[ruleset], sample_decks_for(ruleset, pair), pair, bots)
    return games / (process_seconds() - start)


def run_rung(
    ruleset: str,
    upper: str,
    lower: str,
    games: int,
    processes: int,
    minutes: float,
    first: int = 0,
    record: Path | None = None,
    players: int = 2,
) -> dict:
    """Play the rung's games ``first``… in ``processes`` workers, in order, for at most
    ``minutes``; with ``record``, only those not recorded there yet (see --record).
    ``players`` 4: the four-player rung (``play_four``), stopped only after whole
    rotations."""
    book = None
    recorded: dict[int, Played] = {}
    if record is not None:
        budget = f"{PLAYOUTS} playouts, {SEARCH_ACTIONS} actions" if upper == "search" else ""
        table = " (4 players)" if players == 4 else ""
        rung = f"{ruleset}: {upper} vs {lower}{table} {budget}".strip()
        book = Record(record, rung, engine_version())
        recorded = book.games()
    indexes = range(first, first + games)
    played = [recorded[index] for index in indexes if index in recorded]
    # --minutes 0 plays nothing: it reports what --record holds.
    tasks = [
        (ruleset, upper, lower, index) for index in indexes if index not in recorded and minutes > 0
    ]
    earlier = len(played)
    if earlier:
        print(f"  {earlier} games from {record}", file=sys.stderr, flush=True)
    start = time.perf_counter()
    deadline = start + minutes * 60
    play = play_four if players == 4 else play_one
    with Pool(processes) as pool:
        for result in pool.imap(play, tasks):
            played.append(result)
            if book is not None:
                book.add(result)
            if len(played) % 10 == 0:
                rate = sum(p.score for p in played) / len(played)
                print(
                    f"  {upper} vs {lower}: {len(played)}/{games} games, {rate:.1%}",
                    file=sys.stderr,
                    flush=True,
                )
            if time.perf_counter() > deadline and len(played) % players == 0:
                pool.terminate()
                break
    wall = time.perf_counter() - start
    return {
        "ruleset": ruleset,
        "upper": upper,
        "lower": lower,
        "asked": games,
        "recorded": earlier,
        "played": played,
        "wall": wall,
        "players": players,
    }


def report(rung: dict, processes: int, reference: float, target: float | None) -> list[str]:
    """The rung's lines of the table: its win rate against ``target`` (None: endings
    only), how its games ended, and each bot's CPU per decision and per game."""
    played = rung["played"]
    count = len(played)
    if not count:
        return [f"{rung['upper']} vs {rung['lower']} ({rung.get('players', 2)} players): no games"]
    estimate = wilson_interval(sum(p.score for p in played), count)
    cpu = sum(p.cpu_seconds for p in played)
    per_second = count / cpu if cpu else float("nan")
    ended = [p.turns for p in played if p.turns >= 0]
    turns = statistics.mean(ended) if ended else float("nan")
    if target is None:
        verdict = "(no target: played for its endings)"
    else:
        meets = "meets" if estimate.low >= target else "below" if estimate.high < target else "?"
        verdict = f"target ≥{target:.0%}: {meets}"
    name = f"{rung['upper']} vs {rung['lower']}"
    if rung.get("players", 2) == 4:
        name = f"{rung['upper']} vs 3 × {rung['lower']} (4 players, seats rotated)"
    lines = [
        f"{name}: {count} games, upper's win rate "
        f"{interval_words(estimate)} {verdict}; {per_second:.3f} games/CPU s "
        f"({per_second / reference:.4f}× random-vs-random); mean {turns:.1f} turns",
        "  " + endings_line(played),
    ]
    if rung["recorded"]:
        lines.append(f"  {rung['recorded']} of these games were played earlier (--record)")
    if count < rung["asked"]:
        new = count - rung["recorded"]
        left = rung["asked"] - count
        idle = cpu / count * left / processes if count else float("nan")
        pace = f"about {rung['wall'] / new * left / 60:.0f} min at this run's pace, " if new else ""
        lines.append(
            f"  stopped at the time limit: {new} games in {rung['wall'] / 60:.1f} min wall "
            f"on {processes} processes, {count} of {rung['asked']} in all; the other {left} "
            f"would take {pace}{idle / 60:.0f} min on {processes} idle cores (CPU time per game)"
        )
    p50s = []
    for side, name in enumerate((rung["upper"], rung["lower"])):
        times = [t for p in played for t in (p.decisions_ms, p.lower_decisions_ms)[side]]
        lines.append("  " + cost_line(name, times, [p.bot_cpu[side] for p in played]))
        p50s.append(percentile([c for c, _ in times], 0.5) if times else float("nan"))
    if rung["lower"] == "random" and p50s[1] > 0:
        ratio = p50s[0] / p50s[1]
        meets = "meets" if ratio <= DECISION_RATIO_AT_MOST else "over"
        lines.append(
            f"  {rung['upper']}'s CPU per decision at p50 is {ratio:.0f}× random's in the same "
            f"games (target ≤{DECISION_RATIO_AT_MOST}×: {meets})"
        )
    return lines


def endings_line(played: list[Played]) -> str:
    """How the games ended, and the share adjudicated against its target, in words."""
    endings = Counter(p.reason for p in played)
    adjudicated = endings.get("adjudicated", 0) / len(played)
    verdict = "meets" if adjudicated <= ADJUDICATED_AT_MOST else "over"
    return (
        "ends: "
        + ", ".join(f"{n} {reason}" for reason, n in sorted(endings.items()))
        + f"; adjudicated {adjudicated:.1%} (target ≤{ADJUDICATED_AT_MOST:.0%}: {verdict})"
    )


def cost_line(name: str, times: list[tuple[float, float]], per_game: list[float]) -> str:
    """One bot's CPU per decision with a choice (in this run's games; recorded games keep
    none) and its own CPU per game, in words."""
    game_cpu = statistics.mean(per_game) if per_game else float("nan")
    both_seats = 1 / (2 * game_cpu) if game_cpu else float("inf")
    own = f"own CPU per game {game_cpu:.3f} s (≈{both_seats:.2f} games/CPU s with it in both seats)"
    if not times:
        return f"{name}: {own}"
    cpu_ms = [c for c, _ in times]
    line = (
        f"{name}: CPU per decision with a choice, n={len(cpu_ms)}: p50 "
        f"{percentile(cpu_ms, 0.5):.2f} ms, p95 {percentile(cpu_ms, 0.95):.2f} ms, "
        f"max {max(cpu_ms):.1f} ms; {own}"
    )
    if name == "search":
        line += f" (target under {TARGET_DECISION_MS} ms a decision; {over_target(cpu_ms)})"
    return line


def over_target(times_ms: list[float]) -> str:
    """How many of the decisions took longer than the target, in words."""
    over = sum(t >= TARGET_DECISION_MS for t in times_ms)
    return f"{over} of {len(times_ms)} decisions ({over / len(times_ms):.2%}) at or over it"


# --- decision times per ruleset (--times) ----------------------------------

# The bots timed, the first being the reference.
TIMED_BOTS = ("random", "greedy", "quick-search", "search")
# Random games per ruleset the timed positions are drawn from.
POSITION_GAMES = 4


def decision_positions(ruleset: str, count: int) -> list[GameState]:
    """``count`` decisions with more than one legal action, from random games of
    ``ruleset``, in a seeded shuffled order: a run cut short by its time cap has
    still sampled every stage of the game, not just openings."""
    states: list[GameState] = []
    for seed in range(1, POSITION_GAMES + 1):
        game = sample_game(seed, ruleset_name=ruleset)
        played = replay(game.ruleset, game.decks, game.seed, game.actions).states
        states += [s for s in played if s.decision is not None and len(legal_actions(s)) > 1]
    order, _ = rng.shuffled(rng.seed_state(2025), tuple(range(len(states))))
    return [states[i] for i in order[:count]]


def time_decisions(bot: str, positions: list[GameState], cap_seconds: float) -> list[float]:
    """CPU ms of ``bot``'s decision in each position (a fresh bot seeded by the position's
    index), stopping once ``cap_seconds`` of CPU are spent."""
    times: list[float] = []
    spent = 0.0
    for index, state in enumerate(positions):
        chooser = make_bot(bot, index)
        start = process_seconds()
        chooser.choose(state)
        took = process_seconds() - start
        times.append(took * 1e3)
        spent += took
        if spent > cap_seconds:
            break
    return times


def decision_times(rulesets: list[str], count: int, cap_seconds: float) -> list[str]:
    """The table of decision times: one line per ruleset and bot (see the docstring)."""
    lines = [
        f"Decision times: CPU ms per decision, the same {count} positions with a choice per "
        f"ruleset (from {POSITION_GAMES} random games) for each bot; search at "
        f"{PLAYOUTS} playouts, {SEARCH_ACTIONS:,} actions; at most {cap_seconds:.0f} CPU s per bot "
        "and ruleset",
        f"{'ruleset':15} {'bot':7} {'n':>4} {'p50':>9} {'p95':>9} {'max':>9} {'mean':>9} "
        f"{'p50 ×random':>12} {'p50 ×beta-2026-07':>18} {'p95 ×beta-2026-07':>18} "
        f"{f'≥{TARGET_DECISION_MS} ms':>9}",
    ]
    own: dict[str, tuple[float, float]] = {}
    for ruleset in rulesets:
        positions = decision_positions(ruleset, count)
        reference = None
        for bot in TIMED_BOTS:
            times = time_decisions(bot, positions, cap_seconds)
            p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
            reference = reference or p50
            own.setdefault(bot, (p50, p95))  # the first ruleset's: beta-2026-07 by default
            base50, base95 = own[bot]
            lines.append(
                f"{ruleset:15} {bot:7} {len(times):4} {p50:9.2f} {p95:9.2f} {max(times):9.2f} "
                f"{statistics.mean(times):9.2f} {p50 / reference:12.0f} "
                f"{p50 / base50:18.2f} {p95 / base95:18.2f} "
                f"{sum(t >= TARGET_DECISION_MS for t in times):9}"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per rung (even)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--minutes",
        type=float,
        default=15.0,
        help="wall-clock limit per rung, in minutes (0 with --record: report what it holds)",
    )
    parser.add_argument(
        "--rungs",
        default="greedy,greedy-greedy,quick-search,search,search-4",
        help="which rungs, by upper bot (greedy-greedy: greedy against itself; search-4: "
        "search against three greedy bots, four players)",
    )
    parser.add_argument(
        "--first", type=int, default=0, help="index of the first game (even): to go on a run"
    )
    parser.add_argument(
        "--record", type=Path, help="a file keeping the games played, to go on in a later run"
    )
    parser.add_argument(
        "--times", action="store_true", help="print decision times per ruleset, not the ladder"
    )
    parser.add_argument(
        "--positions", type=int, default=40, help="--times: positions timed per ruleset"
    )
    parser.add_argument(
        "--cap", type=float, default=120.0, help="--times: CPU seconds per bot and ruleset"
    )
    parser.add_argument(
        "--rulesets",
        default=",".join(RULESETS),
        help="which rulesets (--times: the first is the base)",
    )
    args = parser.parse_args()
    if args.times:
        for line in decision_times(args.rulesets.split(","), args.positions, args.cap):
            print(line, flush=True)
        return
    games = args.games + args.games % 2
    wanted = set(args.rungs.split(","))
    for ruleset in args.rulesets.split(","):
        reference = reference_games_per_second(ruleset)
        print(
            f"Strength ladder: {ruleset}, sample decks, games in seat-swapped pairs; "
            f"reference random vs random {reference:.1f} games/CPU s",
            flush=True,
        )
        for upper, lower, target in RUNGS:
            if f"{upper}-{lower}" in wanted or (upper in wanted and upper != lower):
                rung = run_rung(
                    ruleset,
                    upper,
                    lower,
                    games,
                    args.processes,
                    args.minutes,
                    args.first,
                    args.record,
                )
                for line in report(rung, args.processes, reference, target):
                    print(line, flush=True)
        if "search-4" in wanted:
            upper, lower, target = FOUR_PLAYER_RUNG
            if RULESETS[ruleset].max_players < 4:
                print(f"search-4: not played, {ruleset} is a two-player game", flush=True)
                continue
            # Whole rotations: every seat as often as the others.
            rotations = -(-args.games // 4) * 4
            rung = run_rung(
                ruleset,
                upper,
                lower,
                rotations,
                args.processes,
                args.minutes,
                args.first - args.first % 4,
                args.record,
                players=4,
            )
            for line in report(rung, args.processes, reference, target):
                print(line, flush=True)


if __name__ == "__main__":
    main()

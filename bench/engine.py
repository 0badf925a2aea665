"""How fast is the rules engine? Random-vs-random games on one core.

Prints, for the default scenario (``beta-2026-07``, 8×8, four corner anchors)
and two 40-card sample decks (then games/s and actions/s for every ruleset,
``simplified-0.1`` with forces of Avatars):

* full random-vs-random games per second, and actions per second: an action
  is ``legal_actions`` + the bot's pick + ``apply``, which checks every action
  in full; every second action also goes to JSON text and back through the
  client codec first, as a browser's would;
* the target, as a ratio in the same run (these machines are shared and
  their speed varies): one action against one ``sgfmill`` ``Board.play`` on a
  9×9 Go board (the vertices of our 8×8 board); target at most 4×;
* state handling per second: ``dataclasses.replace`` of a state, a deep
  clone through the codec, ``to_json``, ``state_digest`` and ``from_json``;
* one Shén-counter placement, ours next to sgfmill (``bench/placement.py``).

Rates are per second of this process's CPU time, pinned to one core.

The sample decks are the engine's tests' own (``games.engine.testing.samples``).

Run: ``.venv/bin/python -m bench.engine`` (``--profile`` adds a cProfile of the
games' hot spots).
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import argparse
import cProfile
import dataclasses
import json
import pstats
import statistics

from sgfmill import boards

from bench.cpu_time import one_core, process_seconds
from bench.placement import go_games, measure_placement
from games.engine import (
    RULESETS,
    Action,
    Activate,
    GameState,
    Scenario,
    apply,
    legal_actions,
    start_game,
)
from games.engine.bots import RandomBot
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.codec import from_json, state_digest, to_json
from games.engine.testing.samples import (
    FORCE_SIZE,
    replay_sample_game,
    sample_decks_for,
    sample_table,
)

# --- measurements -----------------------------------------------------------


def sgfmill_play_us(games: list[list[tuple]]) -> float:
    """CPU µs per sgfmill ``Board.play``, replaying ``games`` on fresh boards."""
    plays = sum(len(game) for game in games)
    start = process_seconds()
    for game in games:
        board = boards.Board(9)
        for row, col, colour in game:
            board.play(row, col, colour)
    return (process_seconds() - start) / plays * 1e6


def measure_ratio(rounds: int, games_per_round: int, seed: int = 4242) -> dict:
    """One action against one sgfmill play, measured in alternating rounds.

    The machine's load changes by the second, so each round times a batch of
    sgfmill plays and then a few random games; the ratio is the median of
    the rounds' ratios.
    """
    reference = go_games()  # bench/placement.py's random legal games, as sgfmill moves
    ratios, actions_us, plays_us = [], [], []
    for round_ in range(rounds):
        play_us = sgfmill_play_us(reference)
        figures = measure_games(games_per_round, seed + round_ * games_per_round)
        ratios.append(figures["action_us"] / play_us)
        actions_us.append(figures["action_us"])
        plays_us.append(play_us)
    return {
        "rounds": rounds,
        "ratio": statistics.median(ratios),
        "ratio_low": min(ratios),
        "ratio_high": max(ratios),
        "action_us": statistics.median(actions_us),
        "sgfmill_play_us": statistics.median(plays_us),
    }


def _sent(action: Action) -> Action:
    """``action`` after the trip a client's makes: to JSON text and back."""
    return action_from_json(json.loads(json.dumps(action_to_json(action))))


def measure_games(
    games: int, seed: int = 2026, ruleset_name: str = "beta-2026-07", players: int = 2
) -> dict:
    """Play ``games`` random games of ``players`` seats (M1's default board for them);
    games/s, actions/s and how they ended.

    Every second action is sent as a client's would be (to JSON text and back)
    before ``apply``. The clock is read once per game, not per action: reading
    a process's CPU clock is a system call that can cost more than an action
    on a loaded machine. The split of an action's time into choosing
    (``legal_actions`` and the pick), the JSON trip and ``apply`` comes from a
    second pass that times each part alone over the recorded (state, action)s.
    """
    ruleset = RULESETS[ruleset_name]
    actions = 0
    activates = 0
    turns = 0
    elapsed = 0.0
    endings: dict[str, int] = {}
    played: list[tuple[GameState, Action]] = []
    for game in range(games):
        if players == 2:
            decks = sample_decks_for(ruleset_name, seed + game)
        else:
            decks = sample_table(ruleset_name, seed + game, players)
        scenario = Scenario(players=players)
        state, _ = start_game(ruleset, decks, seed + game, scenario)
        bots = [RandomBot(seed * (7 + 4 * p) + game) for p in range(players)]
        start = process_seconds()
        while state.result is None:
            action = bots[state.to_decide].choose(state)
            if actions % 2:
                action = _sent(action)
            played.append((state, action))
            state, _ = apply(state, action)
            actions += 1
        elapsed += process_seconds() - start
        turns += state.turn
        endings[state.result.reason] = endings.get(state.result.reason, 0) + 1
    activates = sum(type(action) is Activate for _, action in played)
    start = process_seconds()
    for state, _ in played:
        legal_actions(state)
    choosing = process_seconds() - start
    start = process_seconds()
    for _, action in played:
        _sent(action)
    sending = process_seconds() - start
    start = process_seconds()
    for state, action in played:
        apply(state, action)
    applying = process_seconds() - start
    return {
        "games": games,
        "actions": actions,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "action_us": elapsed / actions * 1e6,
        "activate_share": activates / actions,
        "mean_turns": turns / games,
        "endings": endings,
        "choose_us": choosing / actions * 1e6,
        "json_us": sending / actions * 1e6,
        "apply_us": applying / actions * 1e6,
    }


def _rate(work, seconds: float = 1.0) -> float:
    """Calls per second of ``work()``, over about ``seconds``."""
    count = 0
    start = process_seconds()
    while True:
        for _ in range(50):
            work()
        count += 50
        elapsed = process_seconds() - start
        if elapsed >= seconds:
            return count / elapsed


def measure_state_handling(states: tuple) -> dict:
    """Clones and serialisations per second of one mid-game state."""
    state = states[len(states) // 2]
    text = to_json(state)
    return {
        "json_bytes": len(text.encode()),
        "replace_per_s": _rate(lambda: dataclasses.replace(state, turn=state.turn)),
        "codec_clone_per_s": _rate(lambda: from_json(to_json(state))),
        "to_json_per_s": _rate(lambda: to_json(state)),
        "digest_per_s": _rate(lambda: state_digest(state)),
        "from_json_per_s": _rate(lambda: from_json(text)),
    }


def profile_games(games: int, top: int = 25) -> None:
    """cProfile of ``games`` random games, the hottest functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    measure_games(games)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


# The multiplayer rulesets and the seat counts measured against their two-player games.
TABLE_RULESETS = ("beta-2026-07", "beta-2025")
TABLE_SIZES = (4, 6)
# Issue 19's target: a 4-player action at most this many times a 2-player one.
TABLE_ACTION_TARGET = 1.5


def print_table_sizes(games: int, two_player: dict) -> None:
    """Random games of 2, 4 and 6 players on M1's default boards (8×8, 10×10, 12×12),
    each figure also as a ratio to the same ruleset's two-player games of this run."""
    print(
        f"Per number of players, {games} random games each (M1's default boards: 8×8 for 2, "
        "10×10 for 4, 12×12 for 6; sample decks), as ratios to the ruleset's 2-player games:"
    )
    for name in TABLE_RULESETS:
        base = two_player if name == "beta-2026-07" else measure_games(games, ruleset_name=name)
        print(
            f"  {name:15} 2 players: games/s {base['games_per_s']:8.1f}   actions/s "
            f"{base['actions_per_s']:8.0f}   one action {base['action_us']:6.1f} µs"
        )
        for players in TABLE_SIZES:
            each = measure_games(games, ruleset_name=name, players=players)
            endings = ", ".join(f"{n} {why}" for why, n in sorted(each["endings"].items()))
            cost = each["action_us"] / base["action_us"]
            rate = each["actions_per_s"] / base["actions_per_s"]
            target = f" (target at most {TABLE_ACTION_TARGET}×)" if players == 4 else ""
            print(
                f"  {'':15} {players} players: games/s {each['games_per_s']:8.1f} "
                f"({each['games_per_s'] / base['games_per_s']:.2f}×)   actions/s "
                f"{each['actions_per_s']:8.0f} ({rate:.2f}×)"
                f"   one action {each['action_us']:6.1f} µs = {cost:.2f}× a 2-player action"
                f"{target}   (mean {each['mean_turns']:.1f} turns; {endings})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games to play")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile")
    args = parser.parse_args()
    one_core()

    placement = measure_placement(20_000)
    figures = measure_games(args.games)
    endings = ", ".join(f"{n} {reason}" for reason, n in sorted(figures["endings"].items()))
    ratio = measure_ratio(rounds=9, games_per_round=3)
    print(
        f"{figures['games']} random games, {figures['actions']} actions in "
        f"{figures['seconds']:.2f} s CPU (mean {figures['mean_turns']:.1f} turns; {endings})\n"
        f"  games/s            {figures['games_per_s']:10.1f}\n"
        f"  actions/s          {figures['actions_per_s']:10.0f}   (every action checked in "
        "full, every second one sent as JSON; "
        f"{figures['activate_share']:.0%} of them Activate)\n"
        f"  one action         {figures['action_us']:10.1f} µs; timed apart: "
        f"{figures['choose_us']:.1f} legal_actions, "
        f"{figures['apply_us']:.1f} apply, "
        f"{figures['json_us']:.1f} a JSON round trip (made for every second action)\n"
        f"The target, in {ratio['rounds']} alternating rounds of sgfmill plays and 3 games "
        "(medians):\n"
        f"  one action         {ratio['action_us']:10.1f} µs\n"
        f"  sgfmill Board.play {ratio['sgfmill_play_us']:10.2f} µs "
        "(9×9, bench/placement.py's games)\n"
        f"  one action / one sgfmill play = {ratio['ratio']:.1f}× "
        f"(rounds {ratio['ratio_low']:.1f}–{ratio['ratio_high']:.1f}×; target at most 4×)"
    )
    print(
        f"Per ruleset, {args.games} random games each (sample decks; simplified-0.1: forces "
        f"of {FORCE_SIZE} Avatars), one action against one sgfmill play "
        f"({ratio['sgfmill_play_us']:.2f} µs):"
    )
    for name in RULESETS:
        each = figures if name == "beta-2026-07" else measure_games(args.games, ruleset_name=name)
        endings = ", ".join(f"{n} {reason}" for reason, n in sorted(each["endings"].items()))
        print(
            f"  {name:15} games/s {each['games_per_s']:8.1f}   actions/s "
            f"{each['actions_per_s']:8.0f}   one action {each['action_us']:6.1f} µs = "
            f"{each['action_us'] / ratio['sgfmill_play_us']:.1f}× sgfmill   "
            f"(mean {each['mean_turns']:.1f} turns; {endings})"
        )
    print_table_sizes(args.games, figures)
    game = replay_sample_game(seed=7)
    handling = measure_state_handling(game.states)
    print(
        f"one mid-game state ({handling['json_bytes']} bytes of JSON), per second:\n"
        f"  dataclasses.replace          {handling['replace_per_s']:10.0f}\n"
        f"  from_json(to_json()) clones  {handling['codec_clone_per_s']:10.0f}\n"
        f"  to_json                      {handling['to_json_per_s']:10.0f}\n"
        f"  state_digest                 {handling['digest_per_s']:10.0f}\n"
        f"  from_json                    {handling['from_json_per_s']:10.0f}"
    )
    verdict = "faster" if placement["ratio"] < 1 else "slower"
    print(
        f"Shén placement, {placement['placements']} placements:\n"
        f"  ShenGrid.place        {placement['ours_us']:8.2f} µs\n"
        f"  sgfmill play          {placement['sgfmill_play_us']:8.2f} µs\n"
        f"  sgfmill copy + play   {placement['sgfmill_copy_play_us']:8.2f} µs\n"
        f"  ours / sgfmill play = {placement['ratio']:.3f} ({verdict}); "
        f"ours / copy + play = {placement['ratio_with_copy']:.3f}"
    )
    if args.profile:
        profile_games(max(1, args.games // 4))


if __name__ == "__main__":
    main()

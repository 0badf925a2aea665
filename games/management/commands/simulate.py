"""``manage.py simulate``: a simulation from the command line, played in this process with
a progress bar, then the figures the results page shows (or their JSON).

    manage.py simulate 12 decks/ember.txt --games 1000 --seed 7 --option max_turns=40

A deck is a deck's number or a decklist file (any format the deck import reads). On a
named scenario of more players, ``--seat`` gives the deck of each seat after the first two:

    manage.py simulate 12 14 --scenario four-corners --seat 15 --seat 12 --seat-bot greedy
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from decks.io.detect import detect_kind
from decks.io.parsing import decklist_parse
from decks.models import Deck
from games.decklists import DeckNotPlayable, deck_data, latest_version, slots_data
from games.engine import Scenario
from games.matches.options import options_in_words
from games.play import GAMES
from games.rulesets import FORMATS_GAME, deck_rulesets
from games.simulations.figure_words import interval_words
from games.simulations.figures import Figures, figures
from games.simulations.games import job_games, play_simulated_game
from games.simulations.parameters import scenario_checked
from games.simulations.services import SimulationError, simulation_checked
from games.simulations.table_figures import TableFigures, TableTally, table_figures
from games.simulations.tables import play_simulated_table, side_count, table_game


class Command(BaseCommand):
    help = "Play deck A against deck B many times with bots and print the figures."

    def add_arguments(self, parser: CommandParser) -> None:
        play = GAMES["shen"]
        parser.add_argument("deck_a", help="A deck's number, or a decklist file")
        parser.add_argument("deck_b", help="A deck's number, or a decklist file")
        parser.add_argument("--bot-a", default="random", choices=play.bot_names())
        parser.add_argument("--bot-b", default="random", choices=play.bot_names())
        parser.add_argument("--ruleset", choices=play.rulesets(), help="Default: deck A's format's")
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="A ruleset option (recovery, ko, realm_stone_counts, max_turns); repeatable",
        )
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, help="Default: a random seed (printed)")
        parser.add_argument("--json", action="store_true", help="Print the figures as JSON")
        parser.add_argument("--scenario", help="A named scenario's slug (default: the ruleset's)")
        parser.add_argument(
            "--seat",
            action="append",
            default=[],
            metavar="DECK",
            help="The deck of seat 3, 4, ... of a scenario of more players; repeatable",
        )
        parser.add_argument(
            "--seat-bot",
            action="append",
            default=[],
            choices=play.bot_names(),
            help="The bot of seat 3, 4, ... (default: random); repeatable",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        (name_a, data_a, ruleset_a), (name_b, data_b, _) = (
            _deck(options["deck_a"]),
            _deck(options["deck_b"]),
        )
        ruleset = options["ruleset"] or ruleset_a or GAMES[FORMATS_GAME].rulesets()[0]
        bots = (options["bot_a"], options["bot_b"])
        scenario = None
        if options["scenario"]:
            try:
                scenario = scenario_checked(options["scenario"], ruleset).to_engine()
            except ValueError as error:
                raise CommandError(str(error)) from None
        seats = scenario.players if scenario is not None else 2
        if len(options["seat"]) != seats - 2:
            raise CommandError(f"A game of {seats} players takes {seats - 2} --seat decks.")
        more = [_deck(given) for given in options["seat"]]
        seat_bots = options["seat_bot"] + ["random"] * (seats - 2 - len(options["seat_bot"]))
        bots = (*bots, *seat_bots[: seats - 2])
        try:
            rules, seed = simulation_checked(
                bots=bots,
                ruleset=ruleset,
                options=dict(_option(text) for text in options["option"]),
                games=options["games"],
                seed=options["seed"],
            )
        except SimulationError as error:
            raise CommandError(str(error)) from None
        if seats > 2:
            names = (name_a, name_b, *(name for name, _, _ in more))
            decks = (data_a, data_b, *(data for _, data, _ in more))
            self._table(ruleset, rules, scenario, names, decks, bots, seed, options)
            return
        games = job_games(
            ruleset, rules, (data_a, data_b), bots, seed, options["games"], scenario=scenario
        )
        summaries = [
            play_simulated_game(game)
            for game in tqdm(games, total=options["games"], unit="game", disable=None)
        ]
        counted = figures(summaries)
        if options["json"]:
            self.stdout.write(json.dumps(counted.to_json(), indent=1))
            return
        heading = f"{name_a} (A, {bots[0]}) v {name_b} (B, {bots[1]}) · {ruleset}"
        settings = "; ".join(f"{label}: {values[0]}" for label, values in options_in_words(rules))
        self.stdout.write(f"{heading}{' · ' + settings if settings else ''} · seed {seed}")
        self.stdout.write("\n".join(summary_lines(counted, (name_a, name_b))))

    def _table(
        self,
        ruleset: str,
        rules: dict[str, Any],
        scenario: Scenario,
        names: tuple[str, ...],
        decks: tuple[Any, ...],
        bots: tuple[str, ...],
        seed: int,
        options: dict[str, Any],
    ) -> None:
        """Play and print a table of more than two seats (games.simulations.tables)."""
        games = (
            table_game(ruleset, rules, scenario, decks, bots, seed, index)
            for index in range(options["games"])
        )
        played = [
            play_simulated_table(game)
            for game in tqdm(games, total=options["games"], unit="game", disable=None)
        ]
        counted = table_figures(TableTally.of(played, side_count(scenario)))
        if options["json"]:
            self.stdout.write(json.dumps(counted.to_json(), indent=1))
            return
        seated = " v ".join(f"{name} ({bot})" for name, bot in zip(names, bots, strict=True))
        self.stdout.write(f"{seated} · {options['scenario']} · {ruleset} · seed {seed}")
        self.stdout.write("\n".join(table_lines(counted, names)))


def table_lines(counted: TableFigures, names: tuple[str, ...]) -> list[str]:
    """A table's figures in words, as its results page states them."""
    endings = ", ".join(f"{ending.replace('_', ' ')} {n}" for ending, n in counted.endings)
    lines = [f"Games: {counted.games} ({counted.draws} draws); fair share {counted.fair:.1%}"]
    for index, (name, rate, places) in enumerate(
        zip(names, counted.win_rates, counted.places, strict=True)
    ):
        finished = ", ".join(f"{place + 1}: {n}" for place, n in enumerate(places))
        lines.append(f"{index + 1}. {name} win rate: {interval_words(rate)}; places {finished}")
    lines += [
        f"Seat {seat + 1} win rate: {interval_words(rate)}"
        for seat, rate in enumerate(counted.by_seat)
    ]
    lines += [
        f"First player's win rate: {interval_words(counted.first_player)}",
        f"Game length: mean {counted.mean_turns:.1f} turns, median {counted.median_turns:.1f}",
        f"How games ended: {endings}",
    ]
    return lines


def summary_lines(counted: Figures, names: tuple[str, str]) -> list[str]:
    """The figures in words, as the results page states them."""
    endings = ", ".join(f"{ending.replace('_', ' ')} {n}" for ending, n in counted.endings)
    lines = [
        f"Games: {counted.games} (A won {counted.wins_a}, B won {counted.wins_b}, "
        f"{counted.draws} draws)",
        f"{names[0]} (A) win rate: {interval_words(counted.win_rate)}",
        f"First player's win rate: {interval_words(counted.first_player)}",
        f"Game length: mean {counted.mean_turns:.1f} turns, median {counted.median_turns:.1f}; "
        f"{counted.mean_actions:.0f} decisions a game",
        f"How games ended: {endings}",
    ]
    columns = ("opening hand", "drawn", "never drawn", "improvement", "played")
    for name, cards in zip(names, counted.cards, strict=True):
        lines += ["", f"{name}: cards ({' | '.join(columns)})"]
        lines += [
            f"  {card.name}: "
            + " | ".join(
                interval_words(getattr(card, field), difference=field == "improvement")
                for field in ("opening_hand", "drawn", "not_drawn", "improvement", "played")
            )
            for card in cards
        ]
    return lines


def _deck(given: str) -> tuple[str, dict[str, Any], str]:
    """(name, engine deck data, its format's ruleset or "") of a deck number or file."""
    try:
        if given.isdigit():
            deck = Deck.objects.alive().select_related("format", "home_realm").get(pk=int(given))
            return (
                deck.name,
                deck_data(deck, latest_version(deck)),
                next(iter(deck_rulesets(deck)), ""),
            )
        path = Path(given)
        text = path.read_text(encoding="utf-8")
    except Deck.DoesNotExist:
        raise CommandError(f"There is no deck {given}.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"Cannot read {given}: {error}") from None
    except DeckNotPlayable as error:
        raise CommandError(str(error)) from None
    parsed = decklist_parse(text=text, kind=detect_kind(text))
    if parsed.problems or not parsed.entries:
        problems = "; ".join(str(problem) for problem in parsed.problems) or "no cards"
        raise CommandError(f"{given}: {problems}")
    rows = [{"card": e.card.slug, "board": e.board, "count": e.count} for e in parsed.entries]
    try:
        data = slots_data(rows, home_realm=parsed.header.home_realm)
    except DeckNotPlayable as error:
        raise CommandError(f"{given}: {error}") from None
    return parsed.header.name or path.stem, data, ""


def _option(text: str) -> tuple[str, Any]:
    """NAME=VALUE, the value read as JSON when it is (true, 40), else as text."""
    name, equals, value = text.partition("=")
    if not equals:
        raise CommandError(f"An option is NAME=VALUE, not {text!r}.")
    try:
        return name.strip(), json.loads(value)
    except json.JSONDecodeError:
        return name.strip(), value.strip()

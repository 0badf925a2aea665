"""``manage.py simulate``: a simulation from the command line, played in this process with
a progress bar, then the figures the results page shows (or their JSON).

    manage.py simulate 12 decks/ember.txt --games 1000 --seed 7 --option max_turns=40

A deck is a deck's number or a decklist file (any format the deck import reads).
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
from games.matches.options import options_in_words
from games.play import GAMES
from games.rulesets import FORMATS_GAME, deck_rulesets
from games.simulations.figure_words import interval_words
from games.simulations.figures import Figures, figures
from games.simulations.games import job_games, play_simulated_game
from games.simulations.services import SimulationError, simulation_checked


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

    def handle(self, *args: Any, **options: Any) -> None:
        (name_a, data_a, ruleset_a), (name_b, data_b, _) = (
            _deck(options["deck_a"]),
            _deck(options["deck_b"]),
        )
        ruleset = options["ruleset"] or ruleset_a or GAMES[FORMATS_GAME].rulesets()[0]
        bots = (options["bot_a"], options["bot_b"])
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
        games = job_games(ruleset, rules, (data_a, data_b), bots, seed, options["games"])
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

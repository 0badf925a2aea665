"""What each kind of simulation job plays: its arms, by value.

A plain matchup has one arm: the job's ruleset, options and decks. A paired kind
has two, the base (arm 0, the job's own settings) and a variant (arm 1) built from
the job's ``parameters`` with ``games.simulations.variants``; both arms play the
same games (seeds and seats), so their results pair up game by game:

- rule A/B: ``{"ruleset_b", "options_b"}``, the same decks under other rules;
- card impact: ``{"card", "substitute", "substitute_card"}``, deck A with every copy
  of ``card`` replaced by a blank (``substitute`` null) or by the card data
  ``substitute_card`` (the catalogue card ``substitute``, by value);
- scenario A/B: ``{"scenario_a_name", "scenario_b", "scenario_b_name"}``, the same decks
  on another scenario of as many seats (``scenario_b`` by value).

A job on a scenario of more than two seats has a deck per seat (``decks``) and plays
table games (``games.simulations.tables``); every kind but the gauntlet may.

Plain Python with no Django, like the variants it builds on; the service checks
the parameters against the catalogue and the decks a user may see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import engine
from games.play import GAMES, Game
from games.refusals import Refusal
from games.seeds import SEED_BITS, derive_seed
from games.simulations.games import SimulatedGame, job_game
from games.simulations.tables import SimulatedTable, scenario_of, table_game
from games.simulations.variants import blank_card, blank_name, with_card_replaced

RULE_AB = "rule_ab"
CARD_IMPACT = "card_impact"
GAUNTLET = "gauntlet"
ERRATA = "errata"
SCENARIO_AB = "scenario_ab"


@dataclass(frozen=True)
class Arm:
    """One arm of a job: what its games are played under and with."""

    label: str
    ruleset: str
    options: Mapping[str, Any]
    # Deck A and deck B; a table's deck per seat.
    decks: tuple[Any, ...]
    # The scenario (None: the ruleset's own two-player board).
    scenario: engine.Scenario | None = None
    # A gauntlet's pairing has its own seed, derived from the job's and this path, so
    # adding a deck or an opponent leaves the other pairings' games as they were.
    seed_path: tuple[Any, ...] = ()


def job_arms(
    kind: str,
    parameters: Mapping[str, Any],
    ruleset: str,
    options: Mapping[str, Any],
    decks: Sequence[Any],
    scenario: engine.Scenario | None = None,
) -> tuple[Arm, ...]:
    """The arms of a job of ``kind``: the base first, then the variant of a paired kind;
    a gauntlet's pairings row by row (``decks`` holds its decks, then its opponents).
    Every arm but a scenario A/B's second plays on ``scenario``."""
    labels = arm_labels(kind, parameters, ruleset)
    if kind == GAUNTLET:
        rows, columns = len(parameters["decks"]), len(parameters["opponents"])
        pairings = [divmod(arm, columns) for arm in range(len(labels))]
        return tuple(
            Arm(
                label=label,
                ruleset=ruleset,
                options=options,
                decks=(decks[i], decks[rows + j]),
                seed_path=("gauntlet", i, j),
            )
            for label, (i, j) in zip(labels, pairings, strict=True)
        )
    base = Arm(
        label=labels[0], ruleset=ruleset, options=options, decks=tuple(decks), scenario=scenario
    )
    if kind == RULE_AB:
        variant = Arm(
            label=labels[1],
            ruleset=parameters["ruleset_b"],
            options=parameters.get("options_b", {}),
            decks=base.decks,
            scenario=scenario,
        )
        return (base, variant)
    if kind == SCENARIO_AB:
        variant = Arm(
            label=labels[1],
            ruleset=ruleset,
            options=options,
            decks=base.decks,
            scenario=scenario_of(parameters["scenario_b"]),
        )
        return (base, variant)
    if kind == CARD_IMPACT:
        card = parameters["card"]
        substitute = parameters.get("substitute_card") or blank_card(_card_in(decks[0], card))
        variant = Arm(
            label=labels[1],
            ruleset=ruleset,
            options=options,
            decks=(with_card_replaced(decks[0], card, substitute), *decks[1:]),
            scenario=scenario,
        )
        return (base, variant)
    if kind == ERRATA:
        draft = parameters["draft_card"]
        variant = Arm(
            label=labels[1],
            ruleset=ruleset,
            options=options,
            decks=tuple(_with_draft(deck, draft) for deck in base.decks),
            scenario=scenario,
        )
        return (base, variant)
    return (base,)


def arm_labels(kind: str, parameters: Mapping[str, Any], ruleset: str) -> tuple[str, ...]:
    """Each arm's label, from the job's settings alone (no decks needed, so a progress
    line names its arms without reading them): "Under beta-2025", "Draft Cinder Hound",
    "Ember v Tide" (a gauntlet's pairings row by row)."""
    if kind == GAUNTLET:
        return tuple(
            f"{deck} v {opponent}"
            for deck in parameters["decks"]
            for opponent in parameters["opponents"]
        )
    if kind == RULE_AB:
        return (f"Under {ruleset}", f"Under {parameters['ruleset_b']}")
    if kind == CARD_IMPACT:
        card = parameters["card"]
        substitute = (parameters.get("substitute_card") or {}).get("name") or blank_name(card)
        return (f"With {card}", f"{substitute} for {card}")
    if kind == ERRATA:
        return (f"Current {parameters['card_name']}", f"Draft {parameters['draft_card']['name']}")
    if kind == SCENARIO_AB:
        return (f"On {parameters['scenario_a_name']}", f"On {parameters['scenario_b_name']}")
    return ("All games",)


def _with_draft(deck: Mapping[str, Any], draft: Mapping[str, Any]) -> Any:
    """``deck`` with the drafted card's copies as the draft (the deck itself without it)."""
    if draft["name"] not in deck_card_names(deck):
        return deck
    return with_card_replaced(deck, draft["name"], draft)


def arm_game(
    arm: Arm, bots: Sequence[str], seed: int, index: int, *, seed_bits: int = SEED_BITS
) -> SimulatedGame | SimulatedTable:
    """Game ``index`` of an arm: the same seed and seats in every arm of a paired job.
    ``seed_bits``: the job's (``games.seeds``). A scenario of more than two seats makes
    it a table game."""
    if arm.seed_path:
        seed = derive_seed(seed, *arm.seed_path, bits=seed_bits)
    if arm.scenario is not None and arm.scenario.players > 2:
        return table_game(
            arm.ruleset,
            arm.options,
            arm.scenario,
            arm.decks,
            bots,
            seed,
            index,
            seed_bits=seed_bits,
        )
    return job_game(
        arm.ruleset,
        arm.options,
        arm.decks,
        bots,
        seed,
        index,
        seed_bits=seed_bits,
        scenario=arm.scenario,
    )


def _card_in(deck: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    for card in deck["cards"]:
        if card["name"] == name:
            return card
    raise ValueError(f"Deck A has no card named {name!r}.")


def deck_card_names(deck: Mapping[str, Any]) -> list[str]:
    """The distinct card names of engine deck data, sorted."""
    return sorted({card["name"] for card in deck["cards"]})


def rule_ab_parameters(
    parameters: Mapping[str, Any], ruleset: str, options: Mapping[str, Any], game: str
) -> dict[str, Any]:
    """A rule A/B job's parameters, checked: a known second ruleset and its options
    (when none are given, the first arm's options that apply to it). Raises ValueError
    saying what is wrong; an A/B with nothing different is refused (its shift is 0 by
    construction)."""
    play = GAMES[game]
    ruleset_b = parameters.get("ruleset_b")
    if not isinstance(ruleset_b, str) or ruleset_b not in play.rulesets():
        raise Refusal(
            lambda name: (
                f"Choose the second ruleset ({name('ruleset_b')}): {', '.join(play.rulesets())}."
            )
        )
    options_b = parameters.get("options_b")
    if options_b is None:  # the first rules' options that the second rules have too
        options_b = {
            name: value for name, value in options.items() if name in play.match_options(ruleset_b)
        }
    if not isinstance(options_b, Mapping):
        raise ValueError("options_b is an object of ruleset options.")
    options_b = play.check_options(ruleset_b, options_b)
    # An option left out is played at its rulebook's value: {} and {"ko": True} under
    # beta-2026-07 are one game.
    if ruleset_b == ruleset and _as_played(play, ruleset, options_b) == _as_played(
        play, ruleset, options
    ):
        raise ValueError(
            f"Arm B plays the same rules as arm A ({ruleset} with the same options): a rule "
            "A/B compares two different rulesets or option sets, so change arm B's ruleset "
            "or one of its options."
        )
    return {"ruleset_b": ruleset_b, "options_b": options_b}


def _as_played(play: Game, ruleset: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``ruleset`` as a game under ``options`` plays it."""
    return {
        option: options.get(option, play.option_default(ruleset, option))
        for option in play.match_options(ruleset)
    }


def card_impact_parameters(
    parameters: Mapping[str, Any], deck_a: Mapping[str, Any], substitute_card: Any
) -> dict[str, Any]:
    """A card impact job's parameters, checked: a card of deck A and what replaces it
    (``substitute_card``: card data, or None for a blank). Raises ValueError."""
    card = parameters.get("card")
    if not isinstance(card, str) or card not in deck_card_names(deck_a):
        raise Refusal(
            lambda name: f"Choose a card of deck A to replace ({name('card')}: its name)."
        )
    if substitute_card is not None and substitute_card["name"] == card:
        raise ValueError("The substitute must be another card than the one replaced.")
    return {
        "card": card,
        "substitute": parameters.get("substitute") or None,
        "substitute_card": substitute_card,
    }

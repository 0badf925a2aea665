"""A simulation job's ``parameters``, checked against the catalogue and the decks.

The pure checks are ``games.simulations.kinds``'; this adds what needs the database:
the decks must be of formats played under a rule A/B's second ruleset too, and a
card impact's substitute is a catalogue card, taken by value so the job never
changes when the card does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from cards.models import Card
from cards.revisions import ABILITY_FIELDS, ability_data
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS, card_validate
from decks.models import Deck
from games import engine
from games.decklists import ABILITY_KEYS, card_data
from games.models.scenarios import Scenario
from games.models.simulations import SimulationKind
from games.refusals import Refusal
from games.rulesets import played_under_refusal
from games.simulations.kinds import card_impact_parameters, deck_card_names, rule_ab_parameters
from games.simulations.tables import scenario_data

# What an errata draft may change: the card's numbers, marks, abilities and printed rules
# text (its name, kind and realm are edited in the catalogue itself). ``abilities``
# replaces them all, as ``cards.revisions.card_revise`` does.
DRAFT_FIELDS = (
    "cost",
    "is_spirit",
    "target",
    *TRAIT_FIELDS,
    *BONUS_FIELDS,
    "abilities",
    "rules_text",
)
# Fields the games never read: a draft changing only these has no shift to measure.
PRINTED_ONLY_FIELDS = ("rules_text",)
# As long as a CardRevision's note; a card's printed text runs to a few sentences.
NOTE_LENGTH = 200
RULES_TEXT_LENGTH = 2000


def kind_parameters(
    kind: str,
    parameters: Mapping[str, Any],
    *,
    rows: Sequence[Deck],
    columns: Sequence[Deck],
    data: Sequence[Mapping[str, Any]],
    ruleset: str,
    options: Mapping[str, Any],
    game: str,
    scenario: engine.Scenario | None = None,
    scenario_name: str = "",
) -> dict[str, Any]:
    """The parameters a job of ``kind`` stores; raises ValueError saying what is wrong.
    ``scenario``: the job's (None: the ruleset's own two-player board), named
    ``scenario_name``."""
    if kind == SimulationKind.SCENARIO_AB:
        return scenario_ab_parameters(parameters, scenario, scenario_name, ruleset)
    if kind == SimulationKind.RULE_AB:
        checked = rule_ab_parameters(parameters, ruleset, options, game)
        for deck in (*rows, *columns):
            if refusal := played_under_refusal(deck, checked["ruleset_b"]):
                raise ValueError(refusal)
        return checked
    if kind == SimulationKind.CARD_IMPACT:
        return card_impact_parameters(parameters, data[0], substitute_data(parameters))
    if kind == SimulationKind.ERRATA:
        return errata_parameters(parameters, data)
    if kind == SimulationKind.GAUNTLET:
        # Names for the matrix (a deck renamed or deleted later keeps its place).
        return {
            "decks": [deck.name for deck in rows],
            "opponents": [deck.name for deck in columns],
            "deck_ids": [deck.pk for deck in rows],
            "opponent_ids": [deck.pk for deck in columns],
        }
    return {}


def scenario_checked(slug: Any, ruleset: str) -> Scenario:
    """The active named scenario ``slug``, if it can be played under ``ruleset``; raises
    ValueError saying why not (M1)."""
    found = Scenario.objects.filter(slug=slug if isinstance(slug, str) else "", is_active=True)
    scenario = found.first()
    if scenario is None:
        slugs = Scenario.objects.filter(is_active=True).values_list("slug", flat=True)
        raise ValueError(f"Choose a named scenario: {', '.join(slugs)}.")
    try:
        engine.laid_out(engine.RULESETS[ruleset], scenario.to_engine())
    except KeyError:
        raise ValueError(f"{ruleset} has no scenarios.") from None
    except engine.ScenarioError as error:
        raise ValueError(f"{scenario.name} cannot be played under {ruleset}: {error}") from None
    return scenario


def scenario_ab_parameters(
    parameters: Mapping[str, Any],
    scenario: engine.Scenario | None,
    scenario_name: str,
    ruleset: str,
) -> dict[str, Any]:
    """A scenario A/B's parameters: the second scenario (``scenario_b``, a named one's
    slug), of as many players as the job's first and not the same board, by value."""
    first = scenario or engine.Scenario()
    try:
        second = scenario_checked(parameters.get("scenario_b"), ruleset)
    except ValueError as error:
        said = str(error)
        raise Refusal(lambda name: f"{said} ({name('scenario_b')})") from None
    played = second.to_engine()
    if played.players != first.players:
        raise ValueError(
            f"Both scenarios seat the same players (the same decks play both): "
            f"{second.name} is for {played.players}, the first for {first.players}."
        )
    laid = engine.RULESETS[ruleset]
    if (engine.laid_out(laid, played), played.teams) == (engine.laid_out(laid, first), first.teams):
        raise ValueError(
            f"{second.name} is the same board as the first scenario: a scenario A/B "
            "compares two boards or sets of anchor points."
        )
    return {
        "scenario_a_name": scenario_name or "the ruleset's own board",
        "scenario_b": scenario_data(played),
        "scenario_b_name": second.name,
        "scenario_b_slug": second.slug,
    }


def substitute_data(parameters: Mapping[str, Any]) -> dict[str, Any] | None:
    """The card data of the substitute named by slug in ``parameters`` (None: a blank)."""
    slug = parameters.get("substitute")
    if slug in (None, ""):
        return None
    card = catalogue_card(slug)
    if card is None:
        raise ValueError(
            "The substitute is a card of the catalogue (its slug), or none for a blank."
        )
    return card_data(card)


def catalogue_card(slug: Any) -> Card | None:
    """The catalogue's card ``slug``, ready for ``card_data`` (None when there is none)."""
    return (
        Card.objects.filter(slug=slug if isinstance(slug, str) else "")
        .select_related("realm")
        .prefetch_related("abilities", "revisions")
        .first()
    )


def errata_parameters(
    parameters: Mapping[str, Any], data: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """An errata what-if's parameters: the card (slug), the draft's ``changes`` to its
    numbers, marks and abilities (``DRAFT_FIELDS``) and the erratum's ``note``, checked
    as the catalogue checks a card; the card now and as drafted, by value."""
    card = catalogue_card(parameters.get("card"))
    if card is None:
        raise Refusal(
            lambda name: f"Choose the card to draft a change to ({name('card')}: its slug)."
        )
    if not any(card.name in deck_card_names(deck) for deck in data):
        raise ValueError(f"Neither deck plays {card.name}: choose decks that use it.")
    changes = parameters.get("changes")
    if not isinstance(changes, Mapping) or not changes:
        raise Refusal(
            lambda name: (
                f"Say what the draft changes ({name('changes')}): new values for "
                f"{', '.join(DRAFT_FIELDS)}."
            )
        )
    unknown = sorted(set(changes) - set(DRAFT_FIELDS))
    if unknown:
        raise ValueError(f"A draft may change {', '.join(DRAFT_FIELDS)}, not {unknown[0]!r}.")
    note = parameters.get("note")
    if not isinstance(note, str) or not note.strip() or len(note) > NOTE_LENGTH:
        raise ValueError(f"An erratum needs a note (up to {NOTE_LENGTH} characters).")
    changes = dict(changes)
    if "rules_text" in changes:
        changes["rules_text"] = draft_rules_text(changes["rules_text"])
    abilities = [ability_data(ability) for ability in card.abilities.all()]
    if "abilities" in changes:
        abilities = changes["abilities"] = draft_abilities(changes["abilities"])
    fields = {
        field: value
        for field, value in changes.items()
        if field not in ("abilities", *PRINTED_ONLY_FIELDS)
    }
    try:
        card_validate({**card.rules_values(), **fields}, abilities)
    except ValidationError as error:
        raise ValueError(f"The draft is not a valid card: {faults_in_words(error)}") from None
    current = card_data(card)
    draft = {**current, **fields}
    draft.pop("abilities", None)
    if abilities:  # as card_data gives them: what the engine reads, an empty list left out
        draft["abilities"] = [{key: ability[key] for key in ABILITY_KEYS} for ability in abilities]
    if draft == current and "rules_text" in changes:
        raise ValueError(
            "The draft changes nothing the games play "
            "(its rules text alone is an erratum made in the catalogue)."
        )
    if draft == current:
        raise ValueError("The draft changes nothing the games play.")
    return {
        "card": card.slug,
        "card_name": card.name,
        "changes": changes,
        "note": note.strip(),
        "current_card": current,
        "draft_card": draft,
        "published_at": None,
    }


def faults_in_words(error: ValidationError) -> str:
    """A card's faults, each after the field it is in ("cost: must be a whole number 0–4
    …; abilities[0].effect.0.count: must be at least 1, not 0")."""
    faults = []
    for field, messages in error.message_dict.items():
        for message in messages:
            named = field == NON_FIELD_ERRORS or message.startswith(f"{field}[")
            faults.append(message if named else f"{field}: {message}")
    return "; ".join(faults)


def draft_rules_text(text: Any) -> str:
    """A draft's printed rules text, trimmed; published with the erratum, never played
    (the games read the card's numbers and abilities)."""
    if not isinstance(text, str) or not text.strip() or len(text) > RULES_TEXT_LENGTH:
        raise Refusal(
            lambda name: (
                f"The draft's rules text ({name('rules_text')}) is the card's printed text, "
                f"1 to {RULES_TEXT_LENGTH:,} characters."
            )
        )
    return text.strip()


def draft_abilities(abilities: Any) -> list[dict[str, Any]]:
    """A draft's abilities, each as the catalogue stores one (``ability_data``: its
    effect's defaults filled in), once each is an object of ability fields; raises
    ValueError naming the first that is not. Whether they make a valid card is
    ``card_validate``'s to say."""
    if not isinstance(abilities, list):
        raise Refusal(
            lambda name: (
                f"The draft's abilities ({name('abilities')}) are a list of abilities, each an "
                f"object of {', '.join(ABILITY_FIELDS)} (an empty list: none)."
            )
        )
    for index, ability in enumerate(abilities):
        if not isinstance(ability, Mapping):
            raise ValueError(f"abilities[{index}] is an object of {', '.join(ABILITY_FIELDS)}.")
        unknown = sorted(set(ability) - set(ABILITY_FIELDS))
        if unknown:
            raise ValueError(
                f"abilities[{index}] has {', '.join(ABILITY_FIELDS)}, not {unknown[0]!r}."
            )
        if not isinstance(ability.get("text", ""), str):
            raise ValueError(f"abilities[{index}].text is the ability's printed text.")
    return [ability_data(ability) for ability in abilities]

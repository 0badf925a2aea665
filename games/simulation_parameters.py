"""A simulation job's ``parameters``, checked against the catalogue and the decks.

The pure checks are ``games.simulation_kinds``'; this adds what needs the database:
the decks must be of formats played under a rule A/B's second ruleset too, and a
card impact's substitute is a catalogue card, taken by value so the job never
changes when the card does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cards.models import Card
from decks.models import Deck
from games.decklists import card_data
from games.models_simulation import SimulationKind
from games.rulesets import played_under_refusal
from games.simulation_kinds import card_impact_parameters, rule_ab_parameters


def kind_parameters(
    kind: str,
    parameters: Mapping[str, Any],
    *,
    rows: Sequence[Deck],
    columns: Sequence[Deck],
    data_a: Mapping[str, Any],
    ruleset: str,
    options: Mapping[str, Any],
    game: str,
) -> dict[str, Any]:
    """The parameters a job of ``kind`` stores; raises ValueError saying what is wrong."""
    if kind == SimulationKind.RULE_AB:
        checked = rule_ab_parameters(parameters, ruleset, options, game)
        for deck in (*rows, *columns):
            if refusal := played_under_refusal(deck, checked["ruleset_b"], game=game):
                raise ValueError(refusal)
        return checked
    if kind == SimulationKind.CARD_IMPACT:
        return card_impact_parameters(parameters, data_a, substitute_data(parameters))
    if kind == SimulationKind.GAUNTLET:
        # Names for the matrix (a deck renamed or deleted later keeps its place).
        return {
            "decks": [deck.name for deck in rows],
            "opponents": [deck.name for deck in columns],
            "deck_ids": [deck.pk for deck in rows],
            "opponent_ids": [deck.pk for deck in columns],
        }
    return {}


def substitute_data(parameters: Mapping[str, Any]) -> dict[str, Any] | None:
    """The card data of the substitute named by slug in ``parameters`` (None: a blank)."""
    slug = parameters.get("substitute")
    if slug in (None, ""):
        return None
    card = (
        Card.objects.filter(slug=slug if isinstance(slug, str) else "")
        .select_related("realm")
        .prefetch_related("abilities", "revisions")
        .first()
    )
    if card is None:
        raise ValueError(
            "The substitute is a card of the catalogue (its slug), or none for a blank."
        )
    return card_data(card)

"""Sample decks and random games with them: the engine's tests and the benchmarks play these.

Two realms of 21 made-up cards each (``sample_pool``), dealt into 40-card Shén
Standard decks (``sample_decks``) or forces of Avatars for ``simplified-0.1``
(``sample_decks_for``), and a random-vs-random game with them (``sample_game``).
Tests pin digests of these games: a change to a card, a weight or an order here is
a change to every pinned game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from games.engine import (
    RULESETS,
    AbilitySpec,
    Action,
    CardSpec,
    DeckList,
    Event,
    GameState,
    Ruleset,
    rng,
)
from games.engine.bots import RandomBot, play_game
from games.engine.effects import parse_effect
from games.engine.replay import ReplayResult, replay

REALMS = ("Jade", "Ember")
DECK_SIZE = 40
# F2 Shén Starter: a force of this many Avatars, one copy each (simplified-0.1).
FORCE_SIZE = 4

# A realm's card of a kind and cost, with its other fields (``_realm_cards``).
CardMaker = Callable[..., CardSpec]


def _ability(name: str, cost: int, timing: str, *steps: dict) -> AbilitySpec:
    return AbilitySpec(name=name, cost=cost, timing=timing, effect=parse_effect(list(steps)))


def _realm_cards(realm: str) -> CardMaker:
    """Makes ``realm``'s card from a name, kind, cost and other fields: "Jade Squire",
    slug ``jade-squire``."""

    def card(name: str, kind: str, cost: int, **fields) -> CardSpec:
        full = f"{realm} {name}"
        return CardSpec(
            name=full,
            slug=full.lower().replace(" ", "-"),
            kind=kind,
            realm=realm,
            cost=cost,
            **fields,
        )

    return card


def _avatars(card: CardMaker) -> tuple[CardSpec, ...]:
    """Nine Avatars, two of them Spirits; three with abilities."""
    return (
        card("Squire", "avatar", 1, melee=1, defense=1, movement=2),
        card("Archer", "avatar", 2, melee=1, defense=1, ranged=2, movement=2),
        card("Knight", "avatar", 3, melee=3, defense=2, movement=2),
        card("Guardian", "avatar", 2, melee=1, defense=3, movement=1),
        card(
            "Sage",
            "avatar",
            2,
            melee=1,
            defense=1,
            ranged=1,
            movement=2,
            abilities=(_ability("Insight", 1, "activated", {"verb": "draw_cards", "count": 1}),),
        ),
        card(
            "Warden",
            "avatar",
            3,
            melee=2,
            defense=2,
            movement=2,
            abilities=(
                _ability("Stake", 2, "activated", {"verb": "place_counters", "count": 1}),
                _ability(
                    "Rally", 0, "in_combat", {"verb": "extra_dice", "count": 1, "target": "self"}
                ),
            ),
        ),
        card("Champion", "avatar", 4, melee=4, defense=3, ranged=1, movement=2),
        card("Spirit Wisp", "avatar", 1, melee=1, defense=1, movement=2, is_spirit=True),
        card(
            "Spirit Warden",
            "avatar",
            3,
            melee=2,
            defense=2,
            movement=2,
            is_spirit=True,
            abilities=(
                _ability("Unbind", 2, "activated", {"verb": "remove_counters", "count": 1}),
            ),
        ),
    )


def _items(card: CardMaker) -> tuple[CardSpec, ...]:
    """Four Items, each a bonus to one or two traits."""
    return (
        card("Blade", "item", 1, bonus_melee=1),
        card("Shield", "item", 1, bonus_defense=1),
        card("Boots", "item", 2, bonus_movement=1, bonus_melee=1),
        card("Longbow", "item", 2, bonus_ranged=2),
    )


def _remains(card: CardMaker) -> tuple[CardSpec, ...]:
    """Two Remains on an own Avatar: one walks it along the Spirit Path, one lends it defense."""
    return (
        card(
            "Path Walk",
            "remains",
            1,
            target="own_avatar",
            abilities=(
                _ability(
                    "Walk", 0, "on_play", {"verb": "walk_spirit_path", "target": "own_avatar"}
                ),
            ),
        ),
        card(
            "Banner",
            "remains",
            2,
            target="own_avatar",
            abilities=(
                _ability(
                    "Courage",
                    0,
                    "while_attached",
                    {
                        "verb": "modify_trait",
                        "trait": "defense",
                        "amount": 1,
                        "target": "own_avatar",
                        "duration": "while_attached",
                    },
                ),
            ),
        ),
    )


def _actions(card: CardMaker) -> tuple[CardSpec, ...]:
    """Six Actions: draw, place counters, drain, combat dice, refresh, cards back."""

    def action(name: str, cost: int, ability: AbilitySpec) -> CardSpec:
        return card(name, "action", cost, abilities=(ability,))

    return (
        action("Insight", 1, _ability("Draw", 0, "on_play", {"verb": "draw_cards", "count": 2})),
        action(
            "Spread", 2, _ability("Place", 0, "on_play", {"verb": "place_counters", "count": 2})
        ),
        action(
            "Drain",
            3,
            _ability("Drain", 0, "on_play", {"verb": "opponent_loses_cards", "count": 2}),
        ),
        action(
            "Fury",
            1,
            _ability("Fury", 0, "in_combat", {"verb": "extra_dice", "count": 2, "target": "self"}),
        ),
        action(
            "Rouse",
            1,
            _ability("Rouse", 0, "on_play", {"verb": "refresh_avatar", "target": "own_avatar"}),
        ),
        action(
            "Recall",
            1,
            _ability("Recall", 0, "on_play", {"verb": "gain_cards_back", "count": 2}),
        ),
    )


def sample_pool(realm: str) -> tuple[CardSpec, ...]:
    """A realm's sample cards: Avatars (two of them Spirits), Items, Remains and Actions.

    Costs 0–4 and traits 0–4 like the printed beta cards; the abilities use
    every kind of effect so a random game exercises most of the rules.
    """
    card = _realm_cards(realm)
    return (*_avatars(card), *_items(card), *_remains(card), *_actions(card))


def sample_deck(home: str, seed: int, size: int = DECK_SIZE) -> DeckList:
    """A legal Shén Standard deck (F1: at most 3 copies) of ``size`` cards.

    About three quarters from the Home Realm, the rest from the other realm;
    roughly 40% Avatars, 20% Items, 10% Remains, 30% Actions, shuffled from
    ``seed`` with the engine's own generator.
    """
    other = next(realm for realm in REALMS if realm != home)
    home_pool, away_pool = sample_pool(home), sample_pool(other)
    # Weights by card kind: copies wanted of each card before the size cut.
    copies = {"avatar": 3, "item": 2, "remains": 2, "action": 2}
    wanted = [spec for spec in home_pool for _ in range(copies[spec.kind])]
    wanted += [spec for spec in away_pool if spec.kind in ("avatar", "action")]
    order, _ = rng.shuffled(rng.seed_state(seed), tuple(range(len(wanted))))
    return DeckList(home_realm=home, cards=tuple(wanted[i] for i in order[:size]))


def sample_decks(seed: int = 1, size: int = DECK_SIZE) -> tuple[DeckList, DeckList]:
    """Two sample decks, one per realm."""
    return sample_deck(REALMS[0], seed, size), sample_deck(REALMS[1], seed + 1, size)


def sample_force(home: str, seed: int, size: int = FORCE_SIZE) -> DeckList:
    """A Shén Starter force (F2): ``size`` different Avatars, mostly of the Home Realm."""
    other = next(realm for realm in REALMS if realm != home)
    avatars = [spec for spec in sample_pool(home) if spec.kind == "avatar"]
    avatars += [spec for spec in sample_pool(other) if spec.kind == "avatar"][:2]
    order, _ = rng.shuffled(rng.seed_state(seed), tuple(range(len(avatars))))
    return DeckList(home_realm=home, cards=tuple(avatars[i] for i in order[:size]))


def sample_decks_for(ruleset: str, seed: int = 1) -> tuple[DeckList, DeckList]:
    """Sample decks a ruleset is played with: Avatar forces for ``simplified-0.1``."""
    if not RULESETS[ruleset].deck:
        return sample_force(REALMS[0], seed), sample_force(REALMS[1], seed + 1)
    return sample_decks(seed)


def sample_table(ruleset: str, seed: int = 1, players: int = 2) -> tuple[DeckList, ...]:
    """A sample deck for each of ``players`` seats, the realms alternating round the
    table; the first two are :func:`sample_decks_for`'s."""
    make = sample_deck if RULESETS[ruleset].deck else sample_force
    return tuple(make(REALMS[p % len(REALMS)], seed + p) for p in range(players))


@dataclasses.dataclass(frozen=True)
class SampleGame:
    """A random-vs-random game with the sample decks, and how to play it again."""

    ruleset: Ruleset
    decks: tuple[DeckList, DeckList]
    seed: int
    final: GameState
    actions: tuple[Action, ...]
    events: tuple[tuple[Event, ...], ...]


def sample_game(
    seed: int, *, max_turns: int | None = None, ruleset_name: str = "beta-2026-07"
) -> SampleGame:
    """Play one random game (``max_turns`` shortens the R26 limit, for quick tests)."""
    ruleset = RULESETS[ruleset_name]
    if max_turns is not None:
        ruleset = ruleset.with_options(max_turns=max_turns)
    decks = sample_decks_for(ruleset_name, seed)
    bots = (RandomBot(seed * 2), RandomBot(seed * 2 + 1))
    final, actions, events = play_game(ruleset, decks, seed, bots)
    return SampleGame(ruleset, decks, seed, final, actions, events)


def replay_sample_game(seed: int) -> ReplayResult:
    """Every state of one random game with the sample decks."""
    game = sample_game(seed)
    return replay(game.ruleset, game.decks, game.seed, game.actions)

"""An Avatar's current traits: printed value, Items, attached cards, modifiers, exhaustion.

R18: an exhausted Avatar has −1 melee, defense, ranged and movement, never
below 0. Items add their bonuses; ``modify_trait`` steps that last while a
card is attached (or are passive on the Avatar itself) count for as long as
the card is there; end-of-turn modifiers live in ``state.modifiers``.
"""

from __future__ import annotations

from games.engine.cards import CardSpec
from games.engine.state import Avatar, GameState

STATIC_TIMINGS = ("while_attached", "passive")


def lasting_change(spec: CardSpec, trait: str, *, on_bearer: bool) -> int:
    """What ``spec`` adds to ``trait`` while it is in play.

    On the Avatar's own card (``on_bearer`` False) only passive abilities count;
    on an Item or attached card, while-attached and passive abilities and any
    step lasting ``while_attached`` count, plus an Item's printed bonus.
    """
    total = spec.bonus(trait) if on_bearer else 0
    for ability in spec.abilities:
        static_timing = (
            ability.timing in STATIC_TIMINGS if on_bearer else ability.timing == "passive"
        )
        for step in ability.effect:
            if step.verb != "modify_trait":
                continue
            params = dict(step.params)
            if params["trait"] != trait or params["target"] != "self":
                continue
            if static_timing or (on_bearer and params["duration"] == "while_attached"):
                total += params["amount"]
    return total


# id(avatar): (avatar, cards, modifiers, {trait: value}). An Avatar object is
# frozen, so its traits change only with the cards or the modifiers; each
# legal_actions call asks for the movement and ranged power of every ready Avatar.
_KNOWN: dict[int, tuple[Avatar, tuple, tuple, dict[str, int]]] = {}


def trait_value(state: GameState, avatar: Avatar, trait: str) -> int:
    """``avatar``'s current ``trait`` (melee, defense, ranged, movement)."""
    entry = _KNOWN.get(id(avatar))
    if (
        entry is not None
        and entry[0] is avatar
        and entry[1] is state.cards
        and entry[2] is state.modifiers
    ):
        values = entry[3]
        value = values.get(trait)
        if value is not None:
            return value
    else:
        values = {}
        if len(_KNOWN) > 4096:
            _KNOWN.clear()
        _KNOWN[id(avatar)] = (avatar, state.cards, state.modifiers, values)
    value = values[trait] = _work_out(state, avatar, trait)
    return value


def _work_out(state: GameState, avatar: Avatar, trait: str) -> int:
    cards = state.cards
    spec = cards[avatar.card]
    value = spec.trait(trait)
    if spec.abilities:
        value += lasting_change(spec, trait, on_bearer=False)
    for card in avatar.items:
        value += lasting_change(cards[card], trait, on_bearer=True)
    for card in avatar.attachments:
        value += lasting_change(cards[card], trait, on_bearer=True)
    for modifier in state.modifiers:
        if modifier.avatar == avatar.card and modifier.trait == trait:
            value += modifier.amount
    if avatar.exhausted:
        value -= 1
    return value if value > 0 else 0

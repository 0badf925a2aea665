"""Avatars on the board: their current traits, and changing and removing them.

R18: an exhausted Avatar has −1 melee, defense, ranged and movement, never
below 0 (not in the earlier rulesets: ``exhausted_penalty``). Items add their
bonuses; ``modify_trait`` steps that last while a card is attached (or are
passive on the Avatar itself) count for as long as
the card is there; end-of-turn modifiers live in ``state.modifiers``.

``trait_parts`` says where a trait comes from, part by part, and ``trait_value`` is
their sum: a combat's dice are counted from the same parts its log shows (R22).
"""

from __future__ import annotations

from games.engine.cards import CardSpec
from games.engine.events import AvatarRemoved, Event, Part
from games.engine.state import Avatar, GameState, evolve, with_item

STATIC_TIMINGS = ("while_attached", "passive")
# R21, ``movement`` "text": the earlier texts move an Avatar one space (vertex, on the
# Spirit Path), or more where its card text says so; the beta Spirits' text said 3 on
# the Spirit Path (beta-2026-07's note 1 of past updates).
TEXT_MOVEMENT = 1
SPIRIT_PATH_TEXT_MOVEMENT = 3


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


def trait_parts(state: GameState, avatar: Avatar, trait: str) -> tuple[Part, ...]:
    """Where ``avatar``'s current ``trait`` (melee, defense, ranged, movement) comes from:
    the printed value (``what`` the trait), then what changes it: the Avatar's own lasting
    abilities, each Item, each attached card, each change until the end of the turn, the
    exhausted penalty (R18); a last "floor" part lifts a total below 0 back to 0.

    Movement starts from :func:`text_movement` instead of the card's value where the
    ruleset reads the earlier texts literally (``movement`` "text", R21)."""
    cards = state.cards
    spec = cards[avatar.card]
    value = spec.trait(trait)
    if trait == "movement" and state.ruleset.movement == "text":
        value = text_movement(spec, avatar)
    parts = [Part(trait, value)]
    if spec.abilities:
        change = lasting_change(spec, trait, on_bearer=False)
        if change:
            parts.append(Part("ability", change, spec.name))
    for what, carried in (("item", avatar.items), ("attached", avatar.attachments)):
        for card in carried:
            change = lasting_change(cards[card], trait, on_bearer=True)
            if change:
                parts.append(Part(what, change, cards[card].name))
    for modifier in state.modifiers:
        if modifier.avatar == avatar.card and modifier.trait == trait:
            source = modifier.source
            parts.append(Part("turn", modifier.amount, cards[source].name if source >= 0 else ""))
    if avatar.exhausted and state.ruleset.exhausted_penalty:
        parts.append(Part("exhausted", -1))
    total = sum(part.amount for part in parts)
    if total < 0:
        parts.append(Part("floor", -total))
    return tuple(parts)


def trait_value(state: GameState, avatar: Avatar, trait: str) -> int:
    """``avatar``'s current ``trait`` (melee, defense, ranged, movement), never below 0:
    the sum of its :func:`trait_parts`."""
    total = 0
    for part in trait_parts(state, avatar, trait):
        total += part.amount
    return total


def text_movement(spec: CardSpec, avatar: Avatar) -> int:
    """The movement the earlier texts give ``avatar`` before bonuses (R21, ``movement``
    "text"): one space or vertex, a Spirit's 3 on the Spirit Path."""
    return SPIRIT_PATH_TEXT_MOVEMENT if spec.is_spirit and avatar.on_path else TEXT_MOVEMENT


def replace_avatar(state: GameState, avatar: Avatar) -> GameState:
    """The state with the Avatar of the same card replaced by ``avatar``."""
    return evolve(state, avatars=with_avatar(state.avatars, avatar))


def with_avatar(avatars: tuple[Avatar, ...], avatar: Avatar) -> tuple[Avatar, ...]:
    """``avatars`` with the one of ``avatar``'s card replaced by ``avatar`` (in place in
    the order; unchanged when that card has no Avatar)."""
    card = avatar.card
    for index, each in enumerate(avatars):
        if each.card == card:
            return (*avatars[:index], avatar, *avatars[index + 1 :])
    return avatars


def remove_from_game(state: GameState, avatar: Avatar, why: str, log: list[Event]) -> GameState:
    """Take ``avatar`` off the board: it and every card on it leave the game (R21, R23)."""
    log.append(
        AvatarRemoved(
            state.card_name(avatar.card), state.position_name(avatar.at, avatar.on_path), why
        )
    )
    out = state.out
    for card in (avatar.card, *avatar.items, *avatar.attachments):
        owner = state.owners[card]
        out = with_item(out, owner, out[owner] + (card,))
    grid = state.grid.with_blocked(avatar.at, False) if avatar.on_path else state.grid
    return evolve(
        state,
        grid=grid,
        out=out,
        avatars=tuple(a for a in state.avatars if a.card != avatar.card),
        modifiers=tuple(m for m in state.modifiers if m.avatar != avatar.card),
    )

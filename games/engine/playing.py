"""Playing cards from hand (R16, R17): Avatars, Items, Remains in Play, Actions.

Avatars manifest on an empty space where the cost is paid (Spirit Avatars on
a vertex, and they walk the Spirit Path); Items go onto one of the player's
Avatars not walking the Path, at most ``max_items``; Remains attach to their
target or lie beside the board; Actions resolve and are discarded. A card
aimed at an Avatar is paid at that Avatar's position; an untargeted card at
any one space. In a combat window only Actions and Remains may be played,
paid with the player's Shén at the combat (R22).

The earlier rulesets differ by ruleset fields: ``card_shen`` "any_space" pays any
non-Avatar card at any one space, whatever it aims at (R15); ``window_items`` lets
an Item onto the player's fighting Avatar in a combat window (R22);
``items_on_walkers`` and ``max_items`` 0 lift the Item limits (R16); ``path_cards``
"action" discards a card that moves an Avatar onto or off the Spirit Path (R16).
"""

from __future__ import annotations

from games.engine.actions import IllegalAction, PlayCard, RemoveRemains
from games.engine.avatars import replace_avatar, with_avatar
from games.engine.cards import CardSpec, PlayProfile, effect_steps, path_verb
from games.engine.costs import PlayerShen, card_cost, combat_shen
from games.engine.decisions import DiscardCard
from games.engine.effect_resolution import effect_task
from games.engine.events import CardPlayed, Event, RemainsRemoved
from games.engine.movement import (
    counters_stop_walkers,
    occupancy,
    place_avatar,
    walker_closed,
    walker_may_arrive,
)
from games.engine.seats import opponent_seats
from games.engine.state import Avatar, GameState, evolve, player_name, with_item
from games.engine.view import card_name_for


def path_destinations(state: GameState, avatar: Avatar, verb: str) -> list[int]:
    """Where ``verb`` can move ``avatar``: a corner of its space onto the Path, or a space
    its vertex borders off it."""
    board = state.board
    if verb == "walk_spirit_path":
        if avatar.on_path:
            return []
        # The verb's own words, so in every ruleset: onto a corner "empty, or holding
        # your counter" (games.engine.effects), whatever walkers may do after (R21).
        closed = walker_closed(state, avatar.owner, counters=True)
        return [
            v
            for v in board.space_corners[avatar.at]
            if not closed >> v & 1 and walker_may_arrive(state, avatar, v)
        ]
    if not avatar.on_path:
        return []
    return [s for s in board.vertex_spaces[avatar.at] if state.avatar_at(s, False) is None]


def fighter(state: GameState, player: int) -> int:
    """The card of ``player``'s Avatar in the current combat, or -1 (a Realm Stone's owner)."""
    combat = state.combat
    return combat.attacker if state.owners[combat.attacker] == player else combat.defender


def playable_now(state: GameState, spec: CardSpec, in_combat: bool) -> bool:
    """May ``spec`` be played now, in or out of combat? As its profile says (R16, R22), and
    an Item in a combat window too where ``window_items`` allows it."""
    if spec.play_profile(in_combat).playable:
        return True
    return in_combat and spec.kind == "item" and state.ruleset.window_items


def may_equip(state: GameState, avatar: Avatar) -> bool:
    """May an Item be played onto ``avatar`` (R16)? Not onto a walker, unless
    ``items_on_walkers``; not past ``max_items`` (0: no limit)."""
    rules = state.ruleset
    if avatar.on_path and not rules.items_on_walkers:
        return False
    return not rules.max_items or len(avatar.items) < rules.max_items


def resolves_at_once(state: GameState, spec: CardSpec, profile: PlayProfile) -> bool:
    """Is ``spec`` resolved and then discarded when played (R16)? Actions are; so is a
    Remains card that moves an Avatar onto or off the Spirit Path where ``path_cards`` is
    "action" (beta-2025: only the 2026 errata made those cards Remains in Play)."""
    if spec.kind == "action":
        return True
    return (
        spec.kind == "remains"
        and profile.path_verb is not None
        and state.ruleset.path_cards == "action"
    )


def _targets(state: GameState, player: int, kind: str) -> list[Avatar]:
    if kind == "own_avatar":
        return [a for a in state.avatars if a.owner == player]
    if kind == "opponent_avatar":  # an opponent's, never an ally's (M4)
        opponents = opponent_seats(state, player)
        return [a for a in state.avatars if opponents >> a.owner & 1]
    return list(state.avatars)


def distinct_cards(state: GameState, hand: tuple[int, ...]) -> list[int]:
    """The first card in ``hand`` of each card face: equal faces give equal plays, so a
    legal list offers each once. Faces are compared by value."""
    seen: set[CardSpec] = set()
    firsts = []
    for card in hand:
        spec = state.cards[card]
        if spec not in seen:
            seen.add(spec)
            firsts.append(card)
    return firsts


def play_options(
    state: GameState, player: int, card: int, shen: PlayerShen | None = None
) -> list[PlayCard]:
    """Every legal way for ``player`` to play ``card`` from hand now; ``shen`` is the
    player's Shén now, when the caller has it already."""
    shen = shen or PlayerShen(state, player)
    spec = state.cards[card]
    in_combat = state.combat is not None
    profile = spec.play_profile(in_combat)
    if not profile.playable and not playable_now(state, spec, in_combat):
        return []
    cost = card_cost(state, player, spec)
    window = combat_shen(state, player) if in_combat else None
    if window is not None and window < cost:
        return []
    kind = profile.target_kind
    if spec.kind == "avatar":
        targets = [a.card for a in _targets(state, player, kind)] if kind != "none" else []
        spots = _manifest_spots(state, player, spec, cost, shen, window is not None)
        return [PlayCard(card, at, t, -1) for at in spots for t in targets or [-1]]
    if kind == "none":
        if window is not None:
            return [PlayCard(card)]
        paying = shen.paying(cost)
        if profile.needs_origin:
            return [PlayCard(card, at) for at in paying]
        return [PlayCard(card)] if paying else []
    options: list[PlayCard] = []
    verb = profile.path_verb
    # Out of combat a card aimed at an Avatar is paid at that Avatar's position, or
    # (``card_shen`` "any_space") anywhere the player has one space that pays it (R15):
    # a condition of the play, not a choice of it, since counters are not spent.
    at_target = window is None and state.ruleset.card_shen == "target"
    if window is None and not at_target and not shen.paying(cost):
        return []
    targets = _targets(state, player, kind)
    if spec.kind == "item":
        targets = [t for t in targets if may_equip(state, t)]
        if window is not None:  # only onto the Avatar fighting this combat (R22)
            targets = [t for t in targets if t.card == fighter(state, player)]
    for target in targets:
        if at_target:
            table = shen.by_vertex if target.on_path else shen.by_space
            if table[target.at] < cost:
                continue
        if verb is None:
            options.append(PlayCard(card, -1, target.card))
        else:
            options.extend(
                PlayCard(card, -1, target.card, to) for to in path_destinations(state, target, verb)
            )
    return options


def _manifest_spots(
    state: GameState, player: int, spec: CardSpec, cost: int, shen: PlayerShen, paid: bool
) -> list[int]:
    """Where ``spec`` may manifest: empty spaces (vertices for a Spirit) that pay its
    ``cost``, or any when it is ``paid`` already (in a combat window)."""
    if not spec.is_spirit:
        spaces = occupancy(state.avatars)[0]
        if paid:
            return [s for s in range(state.board.space_count) if s not in spaces]
        return [s for s in shen.paying(cost) if s not in spaces]
    limit = state.ruleset.spirits_limit
    if limit and limit <= sum(
        1 for a in state.avatars if a.owner == player and state.cards[a.card].is_spirit
    ):
        return []  # one Spirit in play at a time (R16, beta-2025)
    newcomer = Avatar(-1, player, -1, False)
    paying = shen.paying(0 if paid else cost, on_path=True)
    # Empty or the player's own counter, as walkers stand (R16, R21): any vertex, in the
    # earlier rulesets.
    closed = walker_closed(state, player, counters=counters_stop_walkers(state))
    # Only a vertex that is the last liberty of one of the player's groups needs the
    # closer look of walker_may_arrive; the mask of those is read once for all.
    danger = state.grid.last_liberties(player)
    return [
        v
        for v in paying
        if not closed >> v & 1 and (not danger >> v & 1 or walker_may_arrive(state, newcomer, v))
    ]


def play_card(state: GameState, player: int, action: PlayCard, log: list[Event]) -> GameState:
    """Play ``action.card``; pushes its effects. The caller has already pushed what follows."""
    card = action.card
    if card not in state.hands[player]:
        name = card_name_for(state, player, card)
        raise IllegalAction(f"{name} is not in {player_name(player)}'s hand")
    if action not in play_options(state, player, card):
        raise IllegalAction(_why_not(state, player, action))
    spec = state.cards[card]
    hand = list(state.hands[player])
    hand.remove(card)
    # The changes are gathered and applied with one evolve at the end.
    changes: dict[str, object] = {"hands": with_item(state.hands, player, tuple(hand))}
    profile = spec.play_profile(state.combat is not None)
    steps = profile.steps
    where = ""
    source, origin, on_path, one_shot = action.target, -1, False, False
    target = state.avatar(action.target) if action.target >= 0 else None
    if target is not None:
        origin, on_path = target.at, target.on_path
        where = f"on {state.card_name(target.card)}"
    if spec.kind == "avatar":
        on_path = spec.is_spirit
        where = f"at {state.position_name(action.at, on_path)}"
        log.append(CardPlayed(player_name(player), spec.name, where))
        if on_path:
            avatar = Avatar(card, player, -1, False)
            state = evolve(state, avatars=(*state.avatars, avatar), **changes)
            state = place_avatar(state, avatar, action.at, True, log)
            changes = {}
        else:
            changes["avatars"] = (*state.avatars, Avatar(card, player, action.at, False))
        source, origin = card, action.at
    elif spec.kind == "item":
        carrying = evolve(target, items=(*target.items, card))
        changes["avatars"] = with_avatar(state.avatars, carrying)
        log.append(CardPlayed(player_name(player), spec.name, where))
    elif spec.kind == "remains" and not resolves_at_once(state, spec, profile):
        if target is None:
            changes["beside"] = with_item(state.beside, player, (*state.beside[player], card))
        else:
            bearing = evolve(target, attachments=(*target.attachments, card))
            changes["avatars"] = with_avatar(state.avatars, bearing)
        log.append(CardPlayed(player_name(player), spec.name, where))
    else:
        if action.at >= 0:
            origin, where = action.at, f"at {state.board.space_name(action.at)}"
        log.append(CardPlayed(player_name(player), spec.name, where))
        one_shot = True
    pending = state.pending
    if one_shot:
        pending = (*pending, DiscardCard(card))
    if steps:
        task = effect_task(
            player,
            steps,
            source=source,
            target=action.target,
            origin=origin,
            origin_on_path=on_path,
            to=action.to,
            card=card,
        )
        pending = (*pending, task)
    if pending is not state.pending:
        changes["pending"] = pending
    return evolve(state, **changes) if changes else state


def _why_not(state: GameState, player: int, action: PlayCard) -> str:
    spec = state.cards[action.card]
    in_combat = state.combat is not None
    if not playable_now(state, spec, in_combat):
        when = "during combat" if in_combat else "outside combat"
        return f"{spec.name} cannot be played {when} (R16, R22)"
    cost = card_cost(state, player, spec)
    if spec.kind == "avatar":
        if not (0 <= action.at < state.board.vertex_count):
            return f"{spec.name} needs a place to manifest"
        where = state.position_name(action.at, spec.is_spirit)
        return (
            f"{spec.name} cannot manifest at {where}: it must be empty and have "
            f"{cost} of {player_name(player)}'s Shén (R15, R16)"
        )
    target = state.avatar(action.target)
    if target is not None:
        where = state.position_name(target.at, target.on_path)
        paid = "there"
        if in_combat:
            paid = "at the combat"
        elif state.ruleset.card_shen == "any_space":
            paid = "at one space"
        return (
            f"{spec.name} cannot be played on {state.card_name(target.card)} at {where} "
            f"(needs {cost} Shén {paid}, a fitting target and destination; R15, R16)"
        )
    return f"{spec.name} cannot be played like that (needs {cost} Shén; R15, R16)"


# -- removing Remains in Play ------------------------------------------------------


def own_remains(state: GameState, player: int) -> list[tuple[int, Avatar | None]]:
    """(card, the Avatar it is attached to or None) for ``player``'s Remains in play."""
    found: list[tuple[int, Avatar | None]] = [(c, None) for c in state.beside[player]]
    owners = state.owners
    for avatar in state.avatars:
        found.extend((c, avatar) for c in avatar.attachments if owners[c] == player)
    return found


def removal_options(state: GameState, player: int) -> list[RemoveRemains]:
    """Every legal removal of one of ``player``'s Remains cards (R13)."""
    if not state.beside[player] and not any(a.attachments for a in state.avatars):
        return []
    options = []
    for card, bearer in own_remains(state, player):
        verb = path_verb(effect_steps(state.cards[card], ("while_attached",)))
        if verb is None or bearer is None:
            options.append(RemoveRemains(card))
            continue
        reverse = "leave_spirit_path" if verb == "walk_spirit_path" else "walk_spirit_path"
        options.extend(RemoveRemains(card, to) for to in path_destinations(state, bearer, reverse))
    return options


def remove_remains(
    state: GameState, player: int, action: RemoveRemains, log: list[Event]
) -> GameState:
    """Remove a Remains card to its owner's discard pile, reversing a Spirit-Path move."""
    if action not in removal_options(state, player):
        name = card_name_for(state, player, action.card)
        raise IllegalAction(f"{player_name(player)} cannot remove {name} like that (R13)")
    bearer = next((a for c, a in own_remains(state, player) if c == action.card), None)
    if bearer is None:
        beside = tuple(c for c in state.beside[player] if c != action.card)
        state = evolve(state, beside=with_item(state.beside, player, beside))
    else:
        kept = tuple(c for c in bearer.attachments if c != action.card)
        state = replace_avatar(state, evolve(bearer, attachments=kept))
    state = evolve(
        state,
        discards=with_item(state.discards, player, (*state.discards[player], action.card)),
    )
    log.append(RemainsRemoved(player_name(player), state.card_name(action.card)))
    if bearer is not None and action.to >= 0:
        bearer = state.avatar(bearer.card)
        state = place_avatar(state, bearer, action.to, not bearer.on_path, log)
    return state

"""Combat: melee (R21, R22), ranged attacks (R19, R22) and attacks on a Realm Stone.

A combat is a sequence on the pending stack: the attacker's window, the
defender's window (one card and one ability each), the roll, the loser's
choice to remove the Avatar or lose cards (R23), the retreat, the winner's
advance, then exhaustion (R18: only once the combat has resolved, so Avatars
fight at the strength they had when it began) and the after-combat windows.
"""

from __future__ import annotations

from games.engine import rng
from games.engine.abilities import ability_options, use_ability
from games.engine.actions import (
    Action,
    Advance,
    IllegalAction,
    KeepAvatar,
    Pass,
    PlayCard,
    RemoveAvatar,
    Retreat,
    UseAbility,
)
from games.engine.avatars import remove_from_game, replace_avatar
from games.engine.card_loss import ask_to_lose
from games.engine.costs import combat_shen, shen_at
from games.engine.decisions import (
    AfterCombat,
    ChooseAdvance,
    ChooseRetreat,
    ClearCombat,
    CombatEnd,
    CombatRetreat,
    CombatWindow,
    OfferAdvance,
    RemoveOrLose,
    RollCombat,
)
from games.engine.events import (
    AvatarPlaced,
    Event,
    MeleeRolled,
    Passed,
    RangedRolled,
    RealmStoneAttacked,
)
from games.engine.movement import can_enter, place_avatar, step_is_open, walker_may_arrive
from games.engine.playing import play_card, play_options
from games.engine.resolve import push
from games.engine.state import Avatar, Combat, GameState, evolve, other, player_name, with_item
from games.engine.traits import trait_value

POWER = {"melee": ("melee", "defense"), "ranged": ("ranged", "defense"), "stone": ("melee", "")}


def start_combat(
    state: GameState,
    kind: str,
    attacker: Avatar,
    target: int,
    defender: Avatar | None,
    origin: int,
    start: int,
    log: list[Event],
) -> GameState:
    """Begin a combat; ``start`` is where the attacker stood before moving to ``origin``."""
    combat = Combat(
        kind=kind,
        attacker=attacker.card,
        defender=-1 if defender is None else defender.card,
        origin=origin,
        target=target,
        on_path=attacker.on_path,
        start=start,
    )
    player = attacker.owner
    state = evolve(state, combat=combat)
    state = push(
        state,
        ClearCombat(),
        CombatEnd(),
        CombatRetreat(),
        RollCombat(),
        CombatWindow(other(player)),
        CombatWindow(player),
    )
    if origin != attacker.at:
        state = place_avatar(state, attacker, origin, attacker.on_path, log)
    return state


# -- windows ------------------------------------------------------------------------


def _combatant(state: GameState, player: int) -> Avatar | None:
    combat = state.combat
    card = combat.attacker if state.owners[combat.attacker] == player else combat.defender
    return state.avatar(card) if card >= 0 else None


def window_options(state: GameState, player: int) -> list[Action]:
    """Pass, plus the card and ability ``player`` may still use in this combat window."""
    combat = state.combat
    options: list[Action] = [Pass()]
    shen = combat_shen(state, player)
    if not combat.cards_used[player]:
        seen = set()
        for card in state.hands[player]:
            spec = id(state.cards[card])
            if spec not in seen:
                seen.add(spec)
                options.extend(play_options(state, player, card))
    avatar = _combatant(state, player)
    if avatar is not None and not combat.abilities_used[player]:
        options.extend(ability_options(state, avatar, "in_combat", shen))
    return options


def answer_window(state, decision: CombatWindow, action: Action, log: list[Event]) -> GameState:
    """A card, an ability, or Pass in a combat window."""
    player = decision.player
    combat = state.combat
    if isinstance(action, Pass):
        log.append(Passed(player_name(player), "is done in the combat window"))
        return evolve(state, pending=state.pending[:-1])
    if isinstance(action, PlayCard):
        if combat.cards_used[player]:
            raise IllegalAction(f"{player_name(player)} has already played a card in this combat")
        state = evolve(
            state, combat=evolve(combat, cards_used=with_item(combat.cards_used, player, True))
        )
        return play_card(state, player, action, log)
    if isinstance(action, UseAbility):
        avatar = _combatant(state, player)
        if combat.abilities_used[player] or avatar is None:
            raise IllegalAction(f"{player_name(player)} has no ability left in this combat")
        options = ability_options(state, avatar, "in_combat", combat_shen(state, player))
        state = evolve(
            state,
            combat=evolve(combat, abilities_used=with_item(combat.abilities_used, player, True)),
        )
        return use_ability(state, action, options, log)
    raise IllegalAction("in a combat window play a card, use an ability or pass")


# -- the roll ------------------------------------------------------------------------


def _roll(state: GameState, count: int) -> tuple[GameState, tuple[int, ...]]:
    forced = state.forced_dice
    if forced:
        take = forced[:count]
        dice, seed = rng.roll(state.rng, count - len(take))
        return evolve(state, forced_dice=forced[len(take) :], rng=seed), take + dice
    dice, seed = rng.roll(state.rng, count)
    return evolve(state, rng=seed), dice


def roll_dice(state: GameState, count: int) -> tuple[GameState, tuple[int, ...]]:
    """Roll ``count`` d6 from the state's generator (forced dice first)."""
    return _roll(state, count)


def roll_combat(state: GameState, log: list[Event]) -> GameState:
    """Roll and compare (R22), then push the loser's choice or card loss (R23)."""
    combat = state.combat
    attacker = state.avatar(combat.attacker)
    defender = state.avatar(combat.defender) if combat.defender >= 0 else None
    if attacker is None or (combat.kind != "stone" and defender is None):
        return state  # a combatant left the board during the windows: nothing to fight
    player = attacker.owner
    opponent = other(player)
    name = state.position_name
    start = combat.start if combat.start >= 0 else combat.origin
    if combat.kind == "stone":
        power = trait_value(state, attacker, "melee")
        log.append(
            RealmStoneAttacked(
                state.card_name(attacker.card),
                name(combat.origin, combat.on_path),
                state.board.vertex_name(combat.target),
                power,
            )
        )
        state = evolve(state, combat=evolve(combat, winner=player))
        return ask_to_lose(state, opponent, power)
    attack_trait, defense_trait = POWER[combat.kind]
    attack_power = trait_value(state, attacker, attack_trait)
    defense_power = trait_value(state, defender, defense_trait)
    attack_count = attack_power + combat.bonus_dice[player]
    defense_count = defense_power + combat.bonus_dice[opponent]
    if combat.kind == "melee":
        attack_count += shen_at(state, player, combat.origin, combat.on_path)
        defense_count += shen_at(state, opponent, combat.target, combat.on_path)
    state, attack_dice = _roll(state, attack_count)
    state, defense_dice = _roll(state, defense_count)
    attack_total, defense_total = sum(attack_dice), sum(defense_dice)
    attacker_wins = attack_total > defense_total
    winner_avatar, loser_avatar = (attacker, defender) if attacker_wins else (defender, attacker)
    event = MeleeRolled if combat.kind == "melee" else RangedRolled
    if combat.kind == "melee":
        log.append(
            MeleeRolled(
                state.card_name(attacker.card),
                name(start, combat.on_path),
                name(combat.origin, combat.on_path),
                name(combat.target, combat.on_path),
                state.card_name(defender.card),
                attack_dice,
                defense_dice,
                state.card_name(winner_avatar.card),
            )
        )
    else:
        log.append(
            event(
                state.card_name(attacker.card),
                name(combat.origin, False),
                state.card_name(defender.card),
                name(combat.target, False),
                attack_dice,
                defense_dice,
                state.card_name(winner_avatar.card),
            )
        )
    state = evolve(
        state,
        combat=evolve(
            combat, winner=winner_avatar.owner, attack_dice=attack_dice, defense_dice=defense_dice
        ),
    )
    if combat.kind == "ranged" and not attacker_wins:
        return state  # a ranged attack that loses costs nobody anything (R23)
    due = attack_power if attacker_wins else defense_power
    winner_total, loser_total = max(attack_total, defense_total), min(attack_total, defense_total)
    if winner_total > 0 and winner_total >= 2 * loser_total:
        state = remove_from_game(state, loser_avatar, "beaten by twice its total", log)
        return ask_to_lose(state, loser_avatar.owner, due)
    if due <= 0:
        return state
    return push(state, RemoveOrLose(loser_avatar.owner, loser_avatar.card, due))


def answer_remove_or_lose(state, decision: RemoveOrLose, action: Action, log) -> GameState:
    """R23: remove the beaten Avatar, or keep it and lose the cards."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, RemoveAvatar) and action.avatar == decision.avatar:
        return remove_from_game(
            state, state.avatar(decision.avatar), "removed instead of cards", log
        )
    if isinstance(action, KeepAvatar) and action.avatar == decision.avatar:
        return ask_to_lose(state, decision.player, decision.count)
    raise IllegalAction(
        f"{state.card_name(decision.avatar)} lost: remove it or keep it and lose "
        f"{decision.count} cards (R23)"
    )


def remove_or_lose_options(state, decision: RemoveOrLose) -> list[Action]:
    return [KeepAvatar(decision.avatar), RemoveAvatar(decision.avatar)]


# -- retreat and advance -----------------------------------------------------------------


def _beyond(state: GameState, start: int, through: int, on_path: bool) -> int | None:
    board = state.board
    return board.vertex_beyond(start, through) if on_path else board.space_beyond(start, through)


def combat_retreat(state: GameState, log: list[Event]) -> GameState:
    """The beaten Avatar of a melee retreats one step (R23); blocked, it goes by its
    Realm Stone, or leaves the game when there is no room."""
    combat = state.combat
    state = push(state, OfferAdvance())
    if combat.kind != "melee" or combat.winner < 0:
        return state
    attacker_won = combat.winner == state.owners[combat.attacker]
    loser = state.avatar(combat.defender if attacker_won else combat.attacker)
    stood = combat.target if attacker_won else combat.origin
    if loser is None or loser.at != stood or loser.on_path != combat.on_path:
        return state  # removed, or already moved by an effect: no retreat
    on_path = combat.on_path
    if attacker_won:
        to = _beyond(state, combat.origin, combat.target, on_path)
    else:
        to = _beyond(state, combat.target, combat.origin, on_path)
    if step_is_open(state, loser.owner, loser.at, to, on_path) and (
        not on_path or walker_may_arrive(state, loser, to)
    ):
        return _retreat_to(state, loser, to, log)
    options = retreat_spots(state, loser)
    if not options:
        return remove_from_game(state, loser, "no room to retreat", log)
    if len(options) == 1:
        return _retreat_to(state, loser, options[0], log)
    return push(state, ChooseRetreat(loser.owner, loser.card, tuple(options)))


def retreat_spots(state: GameState, avatar: Avatar) -> list[int]:
    """Empty spaces (vertices, for a walker) next to the owner's Realm Stone (R23)."""
    stone = state.stones[avatar.owner]
    board = state.board
    if avatar.on_path:
        around = board.vertex_neighbours[stone]
        return [
            v
            for v in around
            if state.avatar_at(v, True) is None
            and can_enter(state, avatar.owner, v, True)
            and walker_may_arrive(state, avatar, v)
        ]
    return [s for s in board.vertex_spaces[stone] if state.avatar_at(s, False) is None]


def _retreat_to(state: GameState, avatar: Avatar, to: int, log: list[Event]) -> GameState:
    start = state.position_name(avatar.at, avatar.on_path)
    log.append(
        AvatarPlaced(
            state.card_name(avatar.card), start, state.position_name(to, avatar.on_path), "retreats"
        )
    )
    return place_avatar(state, avatar, to, avatar.on_path, log)


def answer_retreat(state, decision: ChooseRetreat, action: Action, log) -> GameState:
    """The owner's pick of where a blocked retreat ends (R23)."""
    if not isinstance(action, Retreat) or action.to not in decision.options:
        names = ", ".join(
            state.position_name(o, state.avatar(decision.avatar).on_path) for o in decision.options
        )
        raise IllegalAction(f"retreat {state.card_name(decision.avatar)} to one of {names} (R23)")
    state = evolve(state, pending=state.pending[:-1])
    return _retreat_to(state, state.avatar(decision.avatar), action.to, log)


def offer_advance(state: GameState, log: list[Event]) -> GameState:
    """A winning attacker whose defender left the attacked position may take it."""
    combat = state.combat
    attacker = state.avatar(combat.attacker)
    if (
        combat.kind != "melee"
        or attacker is None
        or combat.winner != attacker.owner
        or attacker.at != combat.origin
        or attacker.on_path != combat.on_path
        or state.avatar_at(combat.target, combat.on_path) is not None
        or (combat.on_path and not walker_may_arrive(state, attacker, combat.target))
    ):
        return state
    return push(state, ChooseAdvance(attacker.owner, attacker.card, combat.target))


def answer_advance(state, decision: ChooseAdvance, action: Action, log) -> GameState:
    """Advance into the attacked position, or Pass to stay (R23)."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    if not isinstance(action, Advance) or action.avatar != decision.avatar:
        raise IllegalAction("advance into the attacked position or pass to stay (R23)")
    avatar = state.avatar(decision.avatar)
    log.append(
        AvatarPlaced(
            state.card_name(avatar.card),
            state.position_name(avatar.at, avatar.on_path),
            state.position_name(decision.to, avatar.on_path),
            "advances",
        )
    )
    return place_avatar(state, avatar, decision.to, avatar.on_path, log)


# -- the end -------------------------------------------------------------------------------


def combat_end(state: GameState, log: list[Event]) -> GameState:
    """Exhaust the combatants (R18) and open the after-combat windows."""
    combat = state.combat
    fighters = [combat.attacker] + ([combat.defender] if combat.kind == "melee" else [])
    for card in fighters:
        avatar = state.avatar(card)
        if avatar is not None and not avatar.exhausted:
            state = replace_avatar(state, evolve(avatar, exhausted=True))
    windows = []
    attacker_player = state.owners[combat.attacker]
    if combat.kind == "melee":
        windows = [combat.defender, combat.attacker]
    elif combat.kind == "ranged":
        winner = combat.attacker if combat.winner == attacker_player else combat.defender
        windows = [winner]
    elif not combat.abilities_used[attacker_player]:
        windows = [combat.attacker]
    for card in windows:
        avatar = state.avatar(card)
        if avatar is not None and any(
            a.timing == "after_combat"
            for c in (avatar.card, *avatar.items)
            for a in state.cards[c].abilities
        ):
            state = push(state, AfterCombat(avatar.owner, avatar.card))
    return state


def after_combat_options(state, decision: AfterCombat) -> list[Action]:
    avatar = state.avatar(decision.avatar)
    if avatar is None:
        return [Pass()]
    shen = shen_at(state, avatar.owner, avatar.at, avatar.on_path)
    return [Pass(), *ability_options(state, avatar, "after_combat", shen)]


def answer_after_combat(state, decision: AfterCombat, action: Action, log) -> GameState:
    """Use one after-combat ability of the Avatar, or Pass."""
    options = after_combat_options(state, decision)
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    if not isinstance(action, UseAbility):
        raise IllegalAction("use an after-combat ability or pass")
    return use_ability(state, action, [o for o in options if isinstance(o, UseAbility)], log)

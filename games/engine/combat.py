"""Combat: melee (R21, R22), ranged attacks (R19, R22) and attacks on a Realm Stone.

A combat is a sequence on the pending stack: the attacker's window, the
defender's window (one card and one ability each), the roll, the loser's
choice to remove the Avatar or lose cards (R23), the retreat, the winner's
advance, then exhaustion (R18: only once the combat has resolved, so Avatars
fight at the strength they had when it began) and the after-combat windows.
This module runs up to the roll; ``combat_results`` the rest.
"""

from __future__ import annotations

from types import MappingProxyType

from games.engine import rng
from games.engine.abilities import ability_options, use_ability
from games.engine.actions import (
    Action,
    IllegalAction,
    Pass,
    PlayCard,
    UseAbility,
)
from games.engine.avatars import remove_from_game, trait_parts, trait_value
from games.engine.card_piles import ask_to_lose
from games.engine.costs import combat_shen, counting_counters, shen_at
from games.engine.decisions import (
    ClearCombat,
    CombatEnd,
    CombatRetreat,
    CombatWindow,
    RemoveOrLose,
    RollCombat,
)
from games.engine.effect_resolution import push
from games.engine.events import (
    DicePool,
    Event,
    MeleeRolled,
    Part,
    Passed,
    RangedRolled,
    RealmStoneAttacked,
    TiedRoll,
)
from games.engine.movement import place_avatar
from games.engine.playing import (
    distinct_cards,
    fighter,
    play_card,
    play_options,
    playable_now,
)
from games.engine.seats import seat_count
from games.engine.state import Avatar, Combat, GameState, evolve, player_name, with_item

# The traits each side rolls with, per kind of combat (R19, R22).
POWER = MappingProxyType(
    {"melee": ("melee", "defense"), "ranged": ("ranged", "defense"), "stone": ("melee", "")}
)


def start_combat(
    state: GameState,
    log: list[Event],
    *,
    kind: str,
    attacker: Avatar,
    target: int,
    defender: Avatar | None = None,
    origin: int | None = None,
) -> GameState:
    """Begin a combat of ``kind`` (melee, ranged, stone) on the ``target`` position.

    ``origin`` is where the attacker attacks from (its own position unless
    given); the attacker is moved there, and remembers where it started.
    """
    start = attacker.at
    origin = start if origin is None else origin
    # Indexed by seat, one item per seat: (0, 0) and (False, False) with two players.
    seats = seat_count(state)
    combat = Combat(
        kind=kind,
        attacker=attacker.card,
        defender=-1 if defender is None else defender.card,
        origin=origin,
        target=target,
        on_path=attacker.on_path,
        start=start,
        bonus_dice=(0,) * seats,
        cards_used=(False,) * seats,
        abilities_used=(False,) * seats,
    )
    player = attacker.owner
    state = evolve(state, combat=combat)
    # Only the attacker and the defender (the Realm Stone's owner) have a window (M6);
    # a shot at one's own Avatar (``ranged_targets`` "any") has one player on both sides.
    defending = combatant_players(state)[1]
    windows = (
        (CombatWindow(player),)
        if defending == player
        else (CombatWindow(defending), CombatWindow(player))
    )
    state = push(state, ClearCombat(), CombatEnd(), CombatRetreat(), RollCombat(), *windows)
    if origin != attacker.at:
        state = place_avatar(state, attacker, origin, attacker.on_path, log)
    return state


def combatant_players(state: GameState) -> tuple[int, int]:
    """(attacker, defender) of the current combat as players: the defender is the
    attacked Avatar's owner, or the attacked Realm Stone's (M6)."""
    combat = state.combat
    attacker = state.owners[combat.attacker]
    if combat.defender >= 0:
        return attacker, state.owners[combat.defender]
    return attacker, state.grid.stone_owner(combat.target)


# -- windows ------------------------------------------------------------------------


def _combatant(state: GameState, player: int) -> Avatar | None:
    card = fighter(state, player)
    return state.avatar(card) if card >= 0 else None


def window_may_offer(state: GameState, player: int) -> bool:
    """Could ``player`` use anything in this combat window? A cheap first look: a card of a
    kind playable in combat in hand (Items too, with ``window_items``), or an in-combat
    ability on their combatant."""
    combat = state.combat
    cards = state.cards
    if not combat.cards_used[player] and any(
        playable_now(state, cards[card], True) for card in state.hands[player]
    ):
        return True
    avatar = _combatant(state, player)
    return (
        avatar is not None
        and state.ruleset.window_abilities
        and not combat.abilities_used[player]
        and any(
            ability.timing == "in_combat"
            for card in (avatar.card, *avatar.items)
            for ability in cards[card].abilities
        )
    )


def window_options(state: GameState, player: int) -> list[Action]:
    """Pass, plus the card and ability ``player`` may still use in this combat window."""
    combat = state.combat
    options: list[Action] = [Pass()]
    shen = combat_shen(state, player)
    if not combat.cards_used[player]:
        for card in distinct_cards(state, state.hands[player]):
            options.extend(play_options(state, player, card))
    avatar = _combatant(state, player)
    if avatar is not None and not combat.abilities_used[player] and state.ruleset.window_abilities:
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
        if combat.abilities_used[player] or avatar is None or not state.ruleset.window_abilities:
            raise IllegalAction(f"{player_name(player)} has no ability left in this combat")
        before = state

        def options():
            return ability_options(before, avatar, "in_combat", combat_shen(before, player))

        state = evolve(
            state,
            combat=evolve(combat, abilities_used=with_item(combat.abilities_used, player, True)),
        )
        return use_ability(state, action, options, log)
    raise IllegalAction("in a combat window play a card, use an ability or pass")


# -- the roll ------------------------------------------------------------------------


def _roll(state: GameState, count: int) -> tuple[GameState, tuple[int, ...]]:
    """Roll ``count`` d6 from the state's generator, forced dice (scenarios) first."""
    forced = state.forced_dice
    if forced:
        take = forced[:count]
        dice, seed = rng.roll(state.rng, count - len(take))
        return evolve(state, forced_dice=forced[len(take) :], rng=seed), take + dice
    dice, seed = rng.roll(state.rng, count)
    return evolve(state, rng=seed), dice


def _power(state: GameState, avatar: Avatar, trait: str) -> int:
    """The power a combat's card loss counts (R23): current, or printed (``loss_power``)."""
    if state.ruleset.loss_power == "printed":
        return state.cards[avatar.card].trait(trait)
    return trait_value(state, avatar, trait)


def dice_pools(state: GameState) -> tuple[DicePool, DicePool]:
    """The dice each side of the current melee or ranged combat rolls, part by part (R22):
    the Avatar's trait (R18: exhausted, −1 in beta-2026-07) with its Items', attached
    cards' and end-of-turn changes, the player's Shén around the position the ruleset
    counts, and the bonus dice by the card that gave them. The roll is their sums."""
    combat = state.combat
    rules = state.ruleset
    attacker, defender = state.avatar(combat.attacker), state.avatar(combat.defender)
    player, defending = attacker.owner, defender.owner
    attack_trait, defense_trait = POWER[combat.kind]
    attack = list(trait_parts(state, attacker, attack_trait))
    defense = list(trait_parts(state, defender, defense_trait))
    if combat.kind == "melee":
        attacked_from = combat.origin if rules.attacker_dice_at == "origin" else combat.target
        attack += _shen_parts(state, player, attacked_from, combat.on_path)
        defense += _shen_parts(state, defending, combat.target, combat.on_path)
    elif rules.ranged_counters:
        # The earlier texts: each side's counters around the target space.
        attack += _shen_parts(state, player, combat.target, False)
        defense += _shen_parts(state, defending, combat.target, False)
    attack += _bonus_parts(state, player)
    # At one's own Avatar (``ranged_targets`` "any") the player's bonus dice are the attack's.
    if defending != player:
        defense += _bonus_parts(state, defending)
    return (
        DicePool(player_name(player), tuple(attack)),
        DicePool(player_name(defending), tuple(defense)),
    )


def _shen_parts(state: GameState, player: int, position: int, on_path: bool) -> list[Part]:
    """``player``'s Shén around a position as dice (R22): their counters, and their Realm
    Stones where they count (R15)."""
    shen = shen_at(state, player, position, on_path)
    board = state.board
    region = board.around_vertex_masks[position] if on_path else board.space_corner_masks[position]
    counters = (counting_counters(state, player) & region).bit_count()
    parts = [Part("shen", counters)]
    if shen > counters:
        parts.append(Part("realm_stone", shen - counters))
    return parts


def _bonus_parts(state: GameState, player: int) -> list[Part]:
    """``player``'s bonus dice in this combat, by the card whose text or ability gave them
    (the card unnamed where the state does not note it)."""
    combat = state.combat
    parts = [
        Part("bonus", dice, state.card_name(card) if card >= 0 else "")
        for side, card, dice in combat.bonus_from
        if side == player
    ]
    unnoted = combat.bonus_dice[player] - sum(part.amount for part in parts)
    if unnoted:
        parts.append(Part("bonus", unnoted))
    return parts


def roll_combat(state: GameState, log: list[Event]) -> GameState:
    """Roll and compare (R22), then push the loser's choice or card loss (R23)."""
    combat = state.combat
    attacker = state.avatar(combat.attacker)
    defender = state.avatar(combat.defender) if combat.defender >= 0 else None
    if attacker is None or (combat.kind != "stone" and defender is None):
        return state  # a combatant left the board during the windows: nothing to fight
    player = attacker.owner
    name = state.position_name
    start = combat.start if combat.start >= 0 else combat.origin
    if combat.kind == "stone":
        power = _power(state, attacker, "melee")
        log.append(
            RealmStoneAttacked(
                state.card_name(attacker.card),
                name(combat.origin, combat.on_path),
                state.board.vertex_name(combat.target),
                power,
            )
        )
        state = evolve(state, combat=evolve(combat, winner=player))
        return ask_to_lose(state, combatant_players(state)[1], power)
    attack_trait, defense_trait = POWER[combat.kind]
    attack_pool, defense_pool = dice_pools(state)
    attack_count, defense_count = attack_pool.count, defense_pool.count
    rules = state.ruleset
    # A ranged tie follows ``ties`` too, unless ``ranged_ties`` gives it to the defender.
    ties = rules.ties if combat.kind == "melee" or rules.ranged_ties == "as_melee" else "defender"
    rerolls = ties == "reroll" and (attack_count or defense_count)
    rerolled: list[TiedRoll] = []
    while True:
        state, attack_dice = _roll(state, attack_count)
        state, defense_dice = _roll(state, defense_count)
        attack_total, defense_total = sum(attack_dice), sum(defense_dice)
        # A tie is re-rolled in the earlier rulesets (R22), else it goes to the defender.
        if attack_total != defense_total or not rerolls:
            break
        rerolled.append(TiedRoll(attack_dice, defense_dice))
    ties = "reroll" if rerolls else "defender"
    told = (attack_pool, defense_pool, ties, tuple(rerolled))
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
                *told,
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
                *told,
            )
        )
    state = evolve(
        state,
        combat=evolve(
            combat, winner=winner_avatar.owner, attack_dice=attack_dice, defense_dice=defense_dice
        ),
    )
    if not attacker_wins and (combat.kind == "ranged" or not state.ruleset.beaten_attacker_pays):
        return state  # a ranged attack that loses costs nobody anything (R23)
    winner_trait = attack_trait if attacker_wins else defense_trait
    due = _power(state, winner_avatar, winner_trait)
    winner_total, loser_total = max(attack_total, defense_total), min(attack_total, defense_total)
    if winner_total > 0 and winner_total >= 2 * loser_total:
        state = remove_from_game(state, loser_avatar, "beaten by twice its total", log)
        return ask_to_lose(state, loser_avatar.owner, due)
    if due <= 0 or not state.ruleset.card_losses:
        return state
    return push(state, RemoveOrLose(loser_avatar.owner, loser_avatar.card, due))

"""The cards paid after a claim (R20, M5): who loses (anchors held − 1) cards.

With ``claim_loss`` "each_opponent" (the default) every opponent still in loses them,
asked one after another clockwise from the claimer's left (turn order). With
"chosen_opponent" the claimer names one opponent still in (``ChooseOpponent``), who
loses them; with only one opponent in there is nothing to choose and that one loses
them at once. Two-player games are the same either way: the other player loses them.
"""

from __future__ import annotations

from games.engine.actions import Action, IllegalAction, NameOpponent
from games.engine.card_piles import ask_to_lose
from games.engine.decisions import ChooseOpponent
from games.engine.events import Event, OpponentNamed
from games.engine.seats import opponents
from games.engine.state import GameState, evolve, player_name


def ask_after_claim(state: GameState, claimer: int, count: int) -> GameState:
    """Push what the claim costs ``claimer``'s opponents: ``count`` cards each, or, with
    ``chosen_opponent``, the claimer's choice of who pays (M5)."""
    if count <= 0 or not state.ruleset.card_losses:
        return state
    paying = opponents(state, claimer)
    if state.ruleset.claim_loss == "chosen_opponent" and len(paying) > 1:
        return evolve(state, pending=(*state.pending, ChooseOpponent(claimer, count)))
    # The stack runs top first: the first in turn order goes on last.
    for opponent in reversed(paying):
        state = ask_to_lose(state, opponent, count)
    return state


def opponent_options(state: GameState, decision: ChooseOpponent) -> list[Action]:
    """The opponents still in whom the claimer may name, clockwise from their left."""
    return [NameOpponent(opponent) for opponent in opponents(state, decision.player)]


def answer_opponent(
    state: GameState, decision: ChooseOpponent, action: Action, log: list[Event]
) -> GameState:
    """The named opponent loses the claim's cards (M5), or IllegalAction saying why."""
    if not isinstance(action, NameOpponent):
        raise IllegalAction(
            f"{player_name(decision.player)} must name the opponent who loses "
            f"{decision.count} cards (M5)"
        )
    if action not in opponent_options(state, decision):
        raise IllegalAction("name an opponent still in the game (M5)")
    opponent = action.opponent
    log.append(OpponentNamed(player_name(decision.player), player_name(opponent), decision.count))
    state = evolve(state, pending=state.pending[:-1])
    return ask_to_lose(state, opponent, decision.count)

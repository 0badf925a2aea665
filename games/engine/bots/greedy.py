"""The greedy bot: looks one decision ahead and takes the best-scoring result.

For each legal action on its shortlist (``estimates.Shortlist``: options ranked
cheaply, the best few of each estimated kind kept) it plays the action forward in a
world sampled from its own view (``determinize``) and scores what follows with
``evaluation``. "One decision ahead" is one *step* of the game: the action, then
whatever has to be answered before the next Activation step, Shén placement or Realm
Stone (``STEP_BOUNDARIES``). Under the one-action turn of the earlier rulesets (R27)
the step is the turn: the entry taken from the turn's menu (``TakeTurn``) and
whatever it sets off, scored when the opponent's turn begins. Its own next decision
in the step (what an Avatar it activates does) is chosen the same way, greedily
(``FOLLOW_UPS``), among a shorter list (``FOLLOW_UP_OPTIONS``: each is played
forward for every option that leads to it); every other answer on the way (combat
windows, keeping a beaten Avatar, which cards to lose, its own or the opponent's)
takes the engine's first option, the plain default (pass; the bot loss order of
R24).

Dice and reshuffles make a step's result uncertain: when the best-scoring action's
step rolled any, it is played again under ``SAMPLES - 1`` more rolls and the scores
averaged, and so on until the best is a step without dice or one averaged already
(an option scored below the best cannot be chosen on more rolls of its dice unless
its first roll was unlucky, so averaging only the leaders costs one or two lines
instead of every random one). Between equal scores the bot passes if it may (an
action that changes nothing is not worth a step, and passing is what ends a phase,
R13), else takes the first in the engine's order (for a card loss, the R24 default).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import rng
from games.engine.actions import PASS, Action
from games.engine.bots.determinize import Outlook, outlook, reroll
from games.engine.bots.estimates import FOLLOW_UP_OPTIONS, SHORTLIST, Shortlist
from games.engine.bots.evaluation import WEIGHTS, Weights, evaluate, weights_for
from games.engine.decisions import (
    ActivationStep,
    AfterCombat,
    ChooseRealmStone,
    CombatWindow,
    PlaceShen,
    TakeTurn,
)
from games.engine.game import apply, legal_actions
from games.engine.state import GameState

# Decisions that start a new step: the look-ahead stops and scores there. The
# next turn's menu (TakeTurn, R27) is one: looking on through it, the bot played
# the opponent's turn and then expanded its own whole next menu, each entry to
# the end of the guard below (tens of seconds a decision).
STEP_BOUNDARIES = (ActivationStep, PlaceShen, ChooseRealmStone, TakeTurn)
# How many of its own decisions inside one step the bot chooses for after the
# first: activate, then what the Avatar does. Looking through the combat window
# too (2) tripled the time per game and already beat the random bot.
FOLLOW_UPS = 1
# Worlds an action with a random outcome is scored in.
SAMPLES = 3
# Answers played through at most in one step (a guard: steps are a few long).
MAX_STEP_ACTIONS = 40
# Decisions whose options always start with Pass: the engine's first option, taken
# without listing the rest (a combat window's list is every card its player could play
# in it: listing it was a fifth of a decision's time).
PASS_FIRST = (CombatWindow, AfterCombat)
# Scores closer than this count as equal.
TIE = 1e-9


class GreedyBot:
    """Picks the action whose step scores best for it (see the module docstring), by
    ``weights`` (by default the game's ruleset's, ``evaluation.weights_for``)."""

    def __init__(
        self,
        seed: int,
        *,
        weights: Weights | None = None,
        samples: int = SAMPLES,
        shortlist: Shortlist = SHORTLIST,
        follow_ups: Shortlist = FOLLOW_UP_OPTIONS,
    ) -> None:
        self._rng = rng.seed_state(seed)
        self.weights = weights
        self.samples = samples
        self.shortlist = shortlist
        self.follow_ups = follow_ups

    def choose(self, state: GameState) -> Action:
        """The best-scoring legal action, judged from ``player``'s view alone."""
        look, self._rng = outlook(state, self._rng)
        if len(look.actions) == 1:
            return look.actions[0]
        weights = self.weights or weights_for(state.ruleset)
        options = self.shortlist.of(look.world, look.actions, look.player, weights)
        steps = [
            step_value(look.world, action, look.player, FOLLOW_UPS, weights, self.follow_ups)
            for action in options
        ]
        scores = [step.score for step in steps]
        # Only a leader is worth more worlds: a random step that scores below the best
        # cannot be chosen by scoring in more worlds unless its first world was unlucky,
        # and the leader's average is what every other option is measured against.
        averaged = [not step.random for step in steps]
        while True:
            leader = max(range(len(options)), key=lambda i: (scores[i], -i))
            if averaged[leader]:
                break
            averaged[leader] = True
            scores[leader] = self._averaged(look, options[leader], steps[leader], weights)
        best_score = max(scores)
        best = [a for a, score in zip(options, scores, strict=True) if score > best_score - TIE]
        return PASS if PASS in best else best[0]

    def _averaged(self, look: Outlook, action: Action, step: StepValue, weights: Weights) -> float:
        """``step``'s score averaged with the same line's under ``samples - 1`` more rolls
        of the dice."""
        # The other worlds follow the own choices the first one found best instead of
        # choosing again: expanding them in every world tripled a decision's cost, and
        # taking the best of each world's dice flattered every random line. They keep the
        # first world's hidden cards: every option was scored with those, and a step's
        # own answers are the defaults, which read little of them; sampling them afresh
        # cost as much as replaying the line.
        total = step.score
        for _ in range(self.samples - 1):
            other_world, self._rng = reroll(look.world, self._rng)
            total += line_value(other_world, action, step.line, look.player, weights)
        return total / self.samples


@dataclass(frozen=True)
class StepValue:
    """What playing an action and the rest of its step came to."""

    score: float  # for the player judging, by ``evaluation``
    random: bool  # whether dice or a reshuffle played a part on the way
    played: int  # engine actions played forward to find out: the work it cost
    line: tuple[Action, ...] = ()  # the player's own choices on the way, after ``action``


def step_value(
    state: GameState,
    action: Action,
    player: int,
    depth: int,
    weights: Weights = WEIGHTS,
    shortlist: Shortlist = SHORTLIST,
) -> StepValue:
    """The score for ``player`` once ``action`` and the rest of its step are played
    (see :class:`StepValue`), ``player``'s own choices on the way among ``shortlist``."""
    before = state.rng
    state, _ = apply(state, action)
    played = 1
    for _ in range(MAX_STEP_ACTIONS):
        decision = state.decision
        if decision is None or isinstance(decision, STEP_BOUNDARIES):
            break
        chooses = decision.player == player and depth > 0
        if not chooses and type(decision) in PASS_FIRST:
            state, _ = apply(state, PASS)
            played += 1
            continue
        actions = legal_actions(state)
        if chooses and len(actions) > 1:
            options = shortlist.of(state, actions, player, weights)
            steps = [step_value(state, a, player, depth - 1, weights, shortlist) for a in options]
            best = max(range(len(steps)), key=lambda i: steps[i].score)
            return StepValue(
                steps[best].score,
                state.rng != before or any(step.random for step in steps),
                played + sum(step.played for step in steps),
                (options[best], *steps[best].line),
            )
        state, _ = apply(state, actions[0])
        played += 1
    return StepValue(evaluate(state, player, weights), state.rng != before, played)


def line_value(
    state: GameState, action: Action, line: tuple[Action, ...], player: int, weights: Weights
) -> float:
    """The score for ``player`` once ``action`` and the rest of its step are played,
    ``player``'s own choices on the way taken from ``line`` in order (where one is not
    legal here, the engine's first option) and every other answer the first option."""
    state, _ = apply(state, action)
    choices = iter(line)
    for _ in range(MAX_STEP_ACTIONS):
        decision = state.decision
        if decision is None or isinstance(decision, STEP_BOUNDARIES):
            break
        if decision.player != player and type(decision) in PASS_FIRST:
            state, _ = apply(state, PASS)
            continue
        actions = legal_actions(state)
        answer = actions[0]
        if decision.player == player and len(actions) > 1:
            wanted = next(choices, None)
            if wanted in actions:
                answer = wanted
        state, _ = apply(state, answer)
    return evaluate(state, player, weights)

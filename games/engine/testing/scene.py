"""A game under test: apply actions by notation and read the position back.

Built by ``games.engine.testing.scenario.ScenarioBuilder``; strict about choices:
``done()`` fails while a decision inside an action is still unanswered.

At an Activation step an Avatar's move, attack, claim or ability activates
it first: ``do("c3-d4")`` is ``do("activate c3", "c3-d4")``, and ``legal()``
lists what each Avatar could do once activated next to the step's own options.
"""

from __future__ import annotations

from games.engine.abilities import bearer_of
from games.engine.actions import Action, Activate, IllegalAction, UseAbility
from games.engine.activation import ACTIVATION_CHOICES
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.client.notation import describe, parse
from games.engine.decisions import (
    ActivationStep,
    AvatarActivation,
    ChooseRealmStone,
    PlaceShen,
    TakeTurn,
)
from games.engine.events import CardsLost, Event
from games.engine.game import apply, begin, legal_actions
from games.engine.state import Avatar, GameState, evolve, player_name

REST = (ActivationStep, PlaceShen, ChooseRealmStone, TakeTurn)


class ScenarioError(Exception):
    """A scenario that does not hold: a set-up the rules forbid, an ambiguous name, an
    unexpected decision or an action accepted that should have been refused."""


class Scene:
    """A game in progress under test: apply actions by notation and read the result.

    Every action goes through its client JSON form and ``apply``, exactly as a
    player's action sent from a browser would.
    """

    def __init__(self, state: GameState) -> None:
        self.accepted: GameState | None = None
        self.events: list[Event] = []
        self.state, events = begin(state)
        self.events.extend(events)
        self.last: list[Event] = events

    # -- acting --------------------------------------------------------------------------

    def do(self, *moves: str) -> Scene:
        """Apply each move written in notation (games.engine.client.notation)."""
        for text in moves:
            self._apply(self._steps(text))
        return self

    def act(self, action: Action) -> Scene:
        """Apply an Action object (activating its Avatar first if it needs that)."""
        return self._apply(self._steps(action))

    def _apply(self, actions: list[Action]) -> Scene:
        self.last = []
        for action in actions:
            self.state, events = apply(self.state, as_sent(action))
            self.last.extend(events)
        self.events.extend(self.last)
        return self

    def refused(self, action: Action | str) -> str:
        """The reason the engine gives for refusing ``action`` (fails if it is accepted)."""
        before = state = self.state
        try:
            for step in self._steps(action):
                state, _ = apply(state, as_sent(step))
        except IllegalAction as error:
            if self.state is not before:
                raise ScenarioError("a refused action changed the scene") from error
            return error.reason
        raise ScenarioError(f"{action!r} was accepted")

    def _steps(self, action: Action | str) -> list[Action]:
        """The actions that carry out ``action`` (notation or an Action) now."""
        state = self.state
        if isinstance(action, Action):
            avatar = _activating(state, action)
            return [action] if avatar < 0 else [Activate(avatar), action]
        legal = legal_actions(state)
        try:
            return [parse(state, action, legal)]
        except IllegalAction as refusal:
            for activate, activated in _activations(state, legal):
                try:
                    return [activate, parse(activated, action, legal_actions(activated))]
                except IllegalAction:
                    continue
            if not isinstance(state.decision, ActivationStep):
                raise
            options = ", ".join(sorted(set(self.legal()))[:40])
            raise IllegalAction(f"{action!r} is not legal now; legal: {options}") from refusal

    def dice(self, *values: int) -> Scene:
        """Force the next dice results."""
        self.state = evolve(self.state, forced_dice=(*self.state.forced_dice, *values))
        return self

    # -- looking -------------------------------------------------------------------------

    @property
    def decision(self):
        """The decision waiting now."""
        return self.state.decision

    def expect(self, kind: type) -> Scene:
        """Fail unless the waiting decision is a ``kind``."""
        if not isinstance(self.decision, kind):
            raise ScenarioError(f"waiting for {self.decision!r}, not {kind.__name__}")
        self.accepted = self.state
        return self

    def done(self) -> Scene:
        """Fail while a decision inside an action is still unanswered."""
        unanswered = self.unanswered()
        if unanswered is not None:
            raise ScenarioError(unanswered)
        return self

    def unanswered(self) -> str | None:
        """What is left unanswered inside an action, unless ``expect`` accepted it."""
        if self.state.result is not None or isinstance(self.decision, REST):
            return None
        if self.accepted is self.state:
            return None
        return f"unanswered decision: {self.decision!r} (answer it, or expect() it)"

    def legal(self) -> list[str]:
        """The legal actions now, in notation; at an Activation step also what each
        Avatar could do once activated (``do`` activates it first)."""
        legal = legal_actions(self.state)
        written = [describe(self.state, a) for a in legal]
        for _, activated in _activations(self.state, legal):
            written.extend(
                describe(activated, a)
                for a in legal_actions(activated)
                if isinstance(a, ACTIVATION_CHOICES)
            )
        return written

    def log(self) -> list[str]:
        """Every event so far as a log line."""
        return [e.log_line() for e in self.events]

    def cards_lost(self, player: int) -> int:
        """Cards ``player`` has lost (R24) since the scene began."""
        name = player_name(player)
        return sum(e.count for e in self.events if isinstance(e, CardsLost) and e.player == name)

    def at(self, position: str) -> str | None:
        """The slug of the Avatar on ``position`` (space or vertex), or None."""
        board = self.state.board
        if position[:1].isupper():
            avatar = self.state.avatar_at(board.parse_vertex(position), True)
        else:
            avatar = self.state.avatar_at(board.parse_space(position), False)
        return None if avatar is None else self.state.cards[avatar.card].slug

    def avatar(self, position: str) -> Avatar:
        """The Avatar on ``position``."""
        board = self.state.board
        on_path = position[:1].isupper()
        at = board.parse_vertex(position) if on_path else board.parse_space(position)
        found = self.state.avatar_at(at, on_path)
        if found is None:
            raise ScenarioError(f"no Avatar on {position}")
        return found

    def find(self, slug: str) -> Avatar | None:
        """The Avatar whose card is ``slug``, or None if it is not on the board.

        Two Avatars of that card make the name ambiguous: name them by position
        with :meth:`avatar` instead."""
        found = [a for a in self.state.avatars if self.state.cards[a.card].slug == slug]
        if len(found) > 1:
            where = ", ".join(self.state.position_name(a.at, a.on_path) for a in found)
            raise ScenarioError(
                f"{slug} names {len(found)} Avatars ({where}): use avatar(position)"
            )
        return found[0] if found else None

    def card(self, slug: str, player: int, pile: str = "hand") -> int:
        """The first card ``slug`` in ``player``'s ``pile``."""
        piles = {"hand": self.state.hands, "deck": self.state.decks, "discard": self.state.discards}
        return next(c for c in piles[pile][player] if self.state.cards[c].slug == slug)

    def counters(self, player: int) -> str:
        """``player``'s counters as sorted vertex names."""
        board = self.state.board
        return " ".join(sorted(map(board.vertex_name, self.state.grid.counters_of(player))))

    def vertex(self, name: str) -> int:
        """The vertex named ``name``."""
        return self.state.board.parse_vertex(name)

    def space(self, name: str) -> int:
        """The space named ``name``."""
        return self.state.board.parse_space(name)

    def pile(self, player: int, pile: str) -> list[str]:
        """Slugs in ``player``'s hand, deck, discard, out or beside pile."""
        piles = {
            "hand": self.state.hands,
            "deck": self.state.decks,
            "discard": self.state.discards,
            "out": self.state.out,
            "beside": self.state.beside,
        }
        return [self.state.cards[c].slug for c in piles[pile][player]]

    def holder(self, anchor: str) -> int | None:
        """Who holds the anchor point on ``anchor``."""
        on_vertex = anchor[:1].isupper()
        index = self.state.anchors.index(self.vertex(anchor) if on_vertex else self.space(anchor))
        holder = self.state.holders[index]
        return None if holder < 0 else holder


def _activating(state: GameState, action: Action) -> int:
    """The Avatar ``action`` needs activated first, or -1."""
    if not isinstance(state.decision, ActivationStep) or not isinstance(action, ACTIVATION_CHOICES):
        return -1
    if isinstance(action, UseAbility):
        bearer = bearer_of(state, action.card)
        return -1 if bearer is None else bearer.card
    return action.avatar


def _activations(state: GameState, legal: list[Action]) -> list[tuple[Activate, GameState]]:
    """Each Activate among ``legal`` and the state where that Avatar's activation waits
    (left out when it could do nothing and the activation ended by itself)."""
    found = []
    for action in legal:
        if isinstance(action, Activate):
            activated, _ = apply(state, action)
            decision = activated.decision
            if isinstance(decision, AvatarActivation) and decision.avatar == action.avatar:
                found.append((action, activated))
    return found


def as_sent(action: Action) -> Action:
    """``action`` after the round trip a client's action makes: to JSON and back."""
    return action_from_json(action_to_json(action))

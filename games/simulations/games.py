"""One simulated game of a job, played by bots and summed up by value.

A simulation job is a list of :class:`SimulatedGame` values (``job_games``): the
ruleset and options, both decks by value, a bot for each deck and a seed. Each
is played on its own (``play_simulated_game``) into a :class:`GameSummary`: who
won (deck A or B, not the seat), who went first, how long it took, how it ended,
and for every distinct card of each deck whether it was in the opening hand,
drawn at any point and played. The summaries are what the figures
(``games.simulations.figures``) are made of, and they go to and from JSON so a
job can store them.

Plain Python with no Django: Celery tasks, ``manage.py simulate`` and the
benchmarks all play games through here. Every game is a function of its value
alone: the engine's seed is the game's seed and each seat's bot is seeded from
it, so a game replays from its seed (and a sample of them links to the replay
viewer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games import engine
from games.engine import PLAYERS, player_name
from games.play import GAMES, MAX_BOT_GAME_ACTIONS, STALLED
from games.seeds import SEED_BITS, derive_seed

DECKS = ("a", "b")
# A simulated game is stopped as "stalled" after MAX_ACTIONS (games.play): the job, the
# results page, the exports, the replay import and bench/bots.py count it the same way.
MAX_ACTIONS = MAX_BOT_GAME_ACTIONS
# The engine's result reasons under the names simulations report (R20, R25, R26).
# An engine reason not listed keeps its own name.
ENDINGS: Mapping[str, str] = MappingProxyType(
    {"anchors": "anchors", "out_of_cards": "out_of_cards", "adjudicated": "turn_limit"}
)


def played_out(
    state: engine.GameState,
    bots: Sequence[engine.Bot],
    on_action: Callable[[engine.Action, engine.GameState, Sequence[engine.Event]], None]
    | None = None,
) -> tuple[engine.GameState, int]:
    """Play from ``state``, ``bots[p]`` answering for player ``p``, until the game has a
    result or stalls (MAX_ACTIONS actions answered, or a decision with no legal answer);
    (the last state, the actions answered). ``on_action`` sees each action, the state
    after it and its events. :func:`outcome` reads how it ended."""
    actions = 0
    while state.result is None and actions < MAX_ACTIONS:
        try:
            action = bots[state.to_decide].choose(state)
        except engine.GameStalled:
            break
        state, emitted = engine.apply(state, action)
        actions += 1
        if on_action is not None:
            on_action(action, state, emitted)
    return state, actions


def outcome(state: engine.GameState) -> tuple[int | None, str]:
    """(the winning seat, None for a draw; the engine's reason) of a game ``played_out``
    left: one without a result is a draw that stalled (:data:`STALLED`)."""
    if state.result is None:
        return None, STALLED
    return state.result.winner, state.result.reason


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """One game of a job, by value.

    ``decks`` are deck A and deck B as the engine reads them (``{"home_realm",
    "cards": [card data, ...]}``, or DeckLists); ``bots`` the bot names playing
    them. ``swapped``: deck A sits in seat 1 (Blue) in this game. ``seed_bits``: the
    width its bots' seeds are derived with (``games.seeds``; a job stored before the
    one range keeps its old width). Games of more than two seats are
    ``games.simulations.tables``'.
    """

    ruleset: str
    options: tuple[tuple[str, Any], ...]
    decks: tuple[Any, Any]
    bots: tuple[str, str]
    seed: int
    swapped: bool
    seed_bits: int = SEED_BITS
    # A two-player scenario (M1: its board and anchor points); None is the ruleset's own.
    scenario: engine.Scenario | None = None

    def seats(self) -> tuple[int, int]:
        """Deck A's seat and deck B's seat."""
        return (1, 0) if self.swapped else (0, 1)

    def deck_in_seat(self, seat: int) -> int:
        """0 for deck A, 1 for deck B: whose deck plays in ``seat``."""
        return seat ^ int(self.swapped)


def job_games(
    ruleset: str,
    options: Mapping[str, Any] | Sequence[tuple[str, Any]],
    decks: Sequence[Any],
    bots: Sequence[str],
    seed: int,
    count: int,
    *,
    seed_bits: int = SEED_BITS,
    scenario: engine.Scenario | None = None,
) -> Iterator[SimulatedGame]:
    """The ``count`` games of a job: game ``i`` has its own seed derived from
    (``seed``, ``i``) and swaps seats on odd ``i``, so deck A goes first about as
    often as deck B and any chunk of games can be played on its own."""
    for index in range(count):
        yield job_game(
            ruleset, options, decks, bots, seed, index, seed_bits=seed_bits, scenario=scenario
        )


def job_game(
    ruleset: str,
    options: Mapping[str, Any] | Sequence[tuple[str, Any]],
    decks: Sequence[Any],
    bots: Sequence[str],
    seed: int,
    index: int,
    *,
    seed_bits: int = SEED_BITS,
    scenario: engine.Scenario | None = None,
) -> SimulatedGame:
    """Game ``index`` of the job ``job_games`` describes, without the ones before it
    (on ``scenario``'s board when one is given: a two-player one)."""
    return SimulatedGame(
        ruleset=ruleset,
        options=tuple(sorted(dict(options).items())),
        decks=(decks[0], decks[1]),
        bots=(str(bots[0]), str(bots[1])),
        seed=derive_seed(seed, index, bits=seed_bits),
        swapped=index % 2 == 1,
        seed_bits=seed_bits,
        scenario=scenario,
    )


@dataclass(frozen=True, slots=True)
class CardSighting:
    """What became of one distinct card (by name) of a deck in one game.

    ``drawn``: reached the hand at any point, the opening hand included.
    """

    name: str
    in_opening_hand: bool
    drawn: bool
    played: bool


def sightings_to_json(cards: Sequence[Sequence[CardSighting]]) -> list:
    """Each deck's sightings as JSON rows: [name, in opening hand, drawn, played]."""
    return [[[s.name, s.in_opening_hand, s.drawn, s.played] for s in deck] for deck in cards]


def sightings_from_json(data: Any) -> tuple[tuple[CardSighting, ...], ...]:
    """The sightings ``sightings_to_json`` gave (raises KeyError, TypeError, ValueError)."""
    return tuple(
        tuple(
            CardSighting(str(name), bool(opening), bool(drawn), bool(played))
            for name, opening, drawn, played in deck
        )
        for deck in data
    )


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One played game, by deck (``"a"``/``"b"``) rather than by seat.

    ``winner`` None is a draw; ``first`` whose player took turn 1; ``turns`` the
    last turn reached; ``actions`` the decisions answered; ``ending`` one of
    :data:`ENDINGS`' names. ``cards``: deck A's sightings, deck B's, one per
    distinct card name, sorted by name.
    """

    seed: int
    swapped: bool
    winner: str | None
    first: str
    turns: int
    actions: int
    ending: str
    cards: tuple[tuple[CardSighting, ...], tuple[CardSighting, ...]]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; sightings as ``[name, opening, drawn, played]`` rows to keep
        a stored job small."""
        return {
            "seed": self.seed,
            "swapped": self.swapped,
            "winner": self.winner,
            "first": self.first,
            "turns": self.turns,
            "actions": self.actions,
            "ending": self.ending,
            "cards": sightings_to_json(self.cards),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameSummary:
        """The summary ``to_json`` gave; raises ValueError for anything else."""
        try:
            cards = sightings_from_json(data["cards"])
            winner = data["winner"]
            summary = cls(
                seed=int(data["seed"]),
                swapped=bool(data["swapped"]),
                winner=None if winner is None else str(winner),
                first=str(data["first"]),
                turns=int(data["turns"]),
                actions=int(data["actions"]),
                ending=str(data["ending"]),
                cards=cards,  # type: ignore[arg-type]
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a game summary: {error!r}") from None
        if len(cards) != 2 or summary.first not in DECKS or winner not in (None, *DECKS):
            raise ValueError("not a game summary: decks are 'a' and 'b'")
        return summary

    def score(self, deck: str = "a") -> float:
        """``deck``'s result: 1 a win, 0.5 a draw, 0 a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == deck else 0.0


def make_bot(name: str, seed: int) -> engine.Bot:
    """The bot called ``name``, seeded; KeyError naming the known bots when unknown.

    Bots come from the match games' registry (``games.play``), the one list of
    names a match and a simulation both offer.
    """
    game = GAMES["shen"]
    if name not in game.bot_names():
        raise KeyError(f"unknown bot {name!r}: choose {', '.join(game.bot_names())}")
    return game.bot(name, seed)


def bot_names() -> tuple[str, ...]:
    """The bots a simulation may use."""
    return GAMES["shen"].bot_names()


def ruleset_for(name: str, options: Mapping[str, Any] | Sequence[tuple[str, Any]]):
    """The engine ruleset ``name`` with ``options``, checked as a match checks them;
    raises ValueError."""
    return GAMES["shen"].ruleset(name, dict(options))


def play_simulated_game(game: SimulatedGame) -> GameSummary:
    """Play ``game`` to its end and sum it up.

    Seat ``s`` holds deck ``game.deck_in_seat(s)`` and its bot, seeded from the
    game's seed and the seat. The opening hand is the hand a player holds when
    turn 1 begins (set-up deals it, R8); a card counts as drawn when it is seen in
    its owner's hand after any action, is lost from hand or is played.
    """
    return _play(game, None)


@dataclass(frozen=True, slots=True)
class SimulatedRecord:
    """A simulated game as a match records one, to watch it in the replay viewer:
    ``decks`` by seat (Red, Blue), ``actions`` as the engine's action JSON,
    ``result`` ``{"winner": seat or None, "reason": the engine's reason}``."""

    ruleset: str
    options: dict[str, Any]
    decks: tuple[Any, Any]
    bots: tuple[str, str]
    seed: int
    actions: tuple[dict[str, Any], ...]
    result: dict[str, Any]
    summary: GameSummary


def record_simulated_game(game: SimulatedGame) -> SimulatedRecord:
    """Play ``game`` again keeping its actions: the same game as
    ``play_simulated_game`` gives (same summary), as a record a match can hold."""
    actions: list[engine.Action] = []
    summary = _play(game, actions)
    seated = [game.deck_in_seat(seat) for seat in PLAYERS]
    winner = None if summary.winner is None else game.seats()[DECKS.index(summary.winner)]
    reason = next((key for key, name in ENDINGS.items() if name == summary.ending), summary.ending)
    return SimulatedRecord(
        ruleset=game.ruleset,
        options=dict(game.options),
        decks=(game.decks[seated[0]], game.decks[seated[1]]),
        bots=(game.bots[seated[0]], game.bots[seated[1]]),
        seed=game.seed,
        actions=tuple(engine.action_to_json(action) for action in actions),
        result={"winner": winner, "reason": reason},
        summary=summary,
    )


def _play(game: SimulatedGame, keep: list[engine.Action] | None) -> GameSummary:
    """Play ``game``; its actions go into ``keep`` unless that is None."""
    ruleset = ruleset_for(game.ruleset, game.options)
    seats = game.seats()
    decks = [None, None]
    bots: list[Any] = [None, None]
    for deck, seat in enumerate(seats):
        decks[seat] = game.decks[deck]
        bot_seed = derive_seed(game.seed, "bot", seat, bits=game.seed_bits)
        bots[seat] = make_bot(game.bots[deck], bot_seed)
    state, opening_events = engine.start_game(ruleset, decks, game.seed, game.scenario)
    tracker = Sightings(state)
    tracker.read(state, opening_events)

    def taken(action: engine.Action, after: engine.GameState, events) -> None:
        if keep is not None:
            keep.append(action)
        tracker.read(after, events)

    state, actions = played_out(state, bots, taken)
    winner, reason = outcome(state)
    by_seat = tracker.sightings()
    first = tracker.first_seat
    if first < 0:  # stalled before turn 1: the seat its roll gave turn 1 (R6-R8)
        first = GAMES["shen"].first_seat(game.seed)
    return GameSummary(
        seed=game.seed,
        swapped=game.swapped,
        winner=None if winner is None else DECKS[game.deck_in_seat(winner)],
        first=DECKS[game.deck_in_seat(first)],
        turns=state.turn,
        actions=actions,
        ending=ENDINGS.get(reason, reason),
        cards=(by_seat[seats[0]], by_seat[seats[1]]),
    )


class Sightings:
    """Which cards each player held, and when, over one game (card names per seat, for
    any number of seats)."""

    def __init__(self, state: engine.GameState) -> None:
        self._names = tuple(spec.name for spec in state.cards)
        self._owners = state.owners
        self._seats = range(len(state.hands))
        self._hands: tuple[Any, ...] = ()
        self.opening: tuple[set[str], ...] = tuple(set() for _ in self._seats)
        self.drawn: tuple[set[str], ...] = tuple(set() for _ in self._seats)
        self.played: tuple[set[str], ...] = tuple(set() for _ in self._seats)
        self.first_seat = -1
        self._dealt = False
        self._seat_of = {player_name(p): p for p in self._seats}

    def read(self, state: engine.GameState, events: Sequence[engine.Event]) -> None:
        """Take in the state after an action and that action's events."""
        for event in events:
            kind = type(event)
            if kind is engine.TurnBegan and event.turn == 1:
                self.first_seat = self._seat_of[event.player]
            elif kind is engine.CardPlayed:
                seat = self._seat_of[event.player]
                self.played[seat].add(event.card)
                self.drawn[seat].add(event.card)
            elif kind is engine.CardsLost and event.hand:
                # Drawn and lost inside one action would never be seen in a hand.
                self.drawn[self._seat_of[event.player]].update(event.hand)
        if self.first_seat >= 0 and not self._dealt:
            # The first state of turn 1: set-up has dealt and nothing is played yet.
            self._dealt = True
            for seat, hand in enumerate(state.hands):
                self.opening[seat].update(self._names[card] for card in hand)
        if state.hands is self._hands:
            return
        self._hands = state.hands
        for seat, hand in enumerate(state.hands):
            self.drawn[seat].update(self._names[card] for card in hand)

    def sightings(self) -> tuple[tuple[CardSighting, ...], ...]:
        """Per seat, one sighting per distinct card name of that seat's deck, by name."""
        names: tuple[set[str], ...] = tuple(set() for _ in self._seats)
        for card, owner in enumerate(self._owners):
            names[owner].add(self._names[card])
        return tuple(  # type: ignore[return-value]
            tuple(
                CardSighting(
                    name,
                    name in self.opening[seat],
                    name in self.drawn[seat],
                    name in self.played[seat],
                )
                for name in sorted(names[seat])
            )
            for seat in self._seats
        )

"""The game a match plays, behind one small interface: Shén today, another game later.

The match services never import the rules engine; they talk to a :class:`Game`
(start, legal actions, apply, a player's view, the action codec, the decision a
screen draws, the result, the record's digests). :data:`GAMES` names the games a
match can play; ``GAMES["shen"]`` is the Shén rules engine (``games.engine``).

Seats are 0 and 1 (Red and Blue in Shén); ``None`` as a seat is a spectator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from games import engine
from games.engine import (
    CLAIM_REACHES,
    MOVEMENT_READINGS,
    PATH_CARDS,
    RANGED_TARGETS,
    RANGED_TIES,
    RECOVERY_CHOICES,
    RETREATS,
    TIE_RULES,
)

SEATS = (0, 1)
SEAT_NAMES = ("Red", "Blue")
# Why a game ended, in a player's words with the rule (the result's "reason").
REASON_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "anchors": "every anchor point held (R20)",
        "out_of_cards": "the other player is out of cards (R25)",
        "no_avatars": "the other player has no Avatar left (R25)",
        "adjudicated": "the turn limit was reached and cards counted (R26)",
        "resigned": "the other player resigned",
    }
)
# The decisions answered from the board alone: a Realm Stone or a counter to place, counters
# to remove (R7, R10, effects). Their options name no card in a hand, and they alternate
# between the players in the Set-Up and Recovery, so a hot-seat screen offers them with no
# hand on the table and no hand-over (games.matches.screens).
BOARD_ONLY: frozenset[type] = frozenset(
    {
        engine.ChooseRealmStone,
        engine.PlaceShen,
        engine.PlaceEffectCounters,
        engine.RemoveEffectCounters,
    }
)
# A game played by bots alone (a simulated game) without a result after this many actions,
# or with a decision no bot can answer, is stopped: a draw that "stalled". Real games take
# a few hundred actions, and the replay import takes records of up to this many, so every
# simulated game's record imports.
MAX_BOT_GAME_ACTIONS = 5_000
STALLED = "stalled"
# The turn limit (R26) a match may ask for: up to the one-action rulesets' own 400, and it
# bounds a record.
MAX_TURNS_RANGE = (1, 400)


def _a_few(value: Any) -> bool:
    """A count from 0 (no limit) to 9: of Spirits in play, of Items on an Avatar (R16)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9


# Ruleset options a match may change, each with the check its value must pass.
OPTION_CHECKS: Mapping[str, Callable[[Any], bool]] = MappingProxyType(
    {
        "recovery": lambda value: value in RECOVERY_CHOICES,
        "ko": lambda value: isinstance(value, bool),
        "realm_stone_counts": lambda value: isinstance(value, bool),
        # The readings the earlier rulesets leave open (docs/rules-beta-2025.md).
        "opening_redraw": lambda value: isinstance(value, bool),
        "spirits_limit": _a_few,
        "ties": lambda value: value in TIE_RULES,
        "ranged_counters": lambda value: isinstance(value, bool),
        "beaten_attacker_pays": lambda value: isinstance(value, bool),
        "claim_reach": lambda value: value in CLAIM_REACHES,
        "retreat": lambda value: value in RETREATS,
        "window_items": lambda value: isinstance(value, bool),
        "max_items": _a_few,
        "items_on_walkers": lambda value: isinstance(value, bool),
        "path_cards": lambda value: value in PATH_CARDS,
        # Issue 20: the earlier texts' set-up and ranged readings (R7, R19, R22, R23).
        "stone_on_edge": lambda value: isinstance(value, bool),
        "ranged_targets": lambda value: value in RANGED_TARGETS,
        "ranged_ties": lambda value: value in RANGED_TIES,
        "ranged_after_combat": lambda value: isinstance(value, bool),
        "movement": lambda value: value in MOVEMENT_READINGS,
        "max_turns": lambda value: (
            isinstance(value, int)
            and not isinstance(value, bool)
            and MAX_TURNS_RANGE[0] <= value <= MAX_TURNS_RANGE[1]
        ),
    }
)
# The options a match may set under each ruleset: the rulings each rulebook leaves open
# ("Ruleset options" in docs/rules*.md) and the turn limit. Another ruleset's option is
# refused, not ignored: `recovery` means nothing when a turn is one action (R27).
RULESET_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "beta-2026-07": ("recovery", "ko", "realm_stone_counts", "max_turns"),
        "beta-2025": (
            "opening_redraw",
            "spirits_limit",
            "ties",
            "ranged_counters",
            "beaten_attacker_pays",
            "claim_reach",
            "retreat",
            "window_items",
            "max_items",
            "items_on_walkers",
            "path_cards",
            "stone_on_edge",
            "ranged_targets",
            "ranged_ties",
            "ranged_after_combat",
            "movement",
            "max_turns",
        ),
        "simplified-0.1": (
            "claim_reach",
            "retreat",
            "ties",
            "ranged_counters",
            "ranged_targets",
            "ranged_ties",
            "movement",
            "max_turns",
        ),
    }
)


# Before the earlier rulesets followed their own texts where they differ from today's
# (issue 20): the 2026 rules they played by then. simplified-0.1 has no other cards than
# Avatars and no redraw, but its records hold those fields too.
_BEFORE_OWN_TEXTS = {
    "redraw_needs_avatar_in_deck": True,
    "card_shen": "target",
    "max_items": 3,
    "items_on_walkers": False,
    "path_cards": "remains",
    "stone_blocks_diagonal": True,
    "walker_counters": "own_or_empty",
    "window_items": False,
    "ranged_ties": "as_melee",
    "ranged_after_combat": True,
}


# The readings of rules changed since a ruleset was first played: for each ruleset, the
# options under which the matches and jobs stored before the change were played. The
# migrations of games set them on those records (0007: every turn made to end, R9 and
# R16; 0008: the earlier rulesets made to follow their own texts; 0009: their R26
# safeguard moved from 200 turns to 400), and a replay file
# written before then is read under them when it does not replay as it stands. A record
# may carry such an option, which no form offers, only with this value.
EARLIER_READINGS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "beta-2026-07": MappingProxyType({"finite_turns": False}),
        "beta-2025": MappingProxyType(
            {**_BEFORE_OWN_TEXTS, "stone_on_edge": True, "max_turns": 200}
        ),
        "simplified-0.1": MappingProxyType({**_BEFORE_OWN_TEXTS, "max_turns": 200}),
    }
)


class IllegalMove(ValueError):
    """An action that cannot be played now (or cannot be read), with the rules' reason."""


class RecordMismatch(ValueError):
    """A record that does not replay: a digest differs, an action is refused, or the
    starting data is not a game."""


@dataclass(frozen=True)
class Replayed:
    """A record played back: every state and the events that led to each
    (``events[0]``: what happened while setting up)."""

    states: tuple[Any, ...]
    events: tuple[tuple[Any, ...], ...]


class Game(Protocol):
    """What a match needs of a game. States, actions and events are the game's own values."""

    name: str

    def rulesets(self) -> tuple[str, ...]:
        """The names of the rulesets a match may choose."""

    def check_options(self, ruleset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options, checked; raises ValueError naming the first bad one."""

    def earlier_reading(self, ruleset: str) -> Mapping[str, Any]:
        """The options under which records stored before ``ruleset``'s rules last changed
        were played (empty when they never changed)."""

    def match_options(self, ruleset: str) -> tuple[str, ...]:
        """The options a match under ``ruleset`` may set, in the order a form shows them."""

    def option_default(self, ruleset: str, option: str) -> Any:
        """The value ``option`` has under ``ruleset`` when a match does not set it."""

    def start(self, ruleset: str, options: Mapping[str, Any], decks: Sequence[Any], seed: int):
        """(the starting state, the set-up events)."""

    def first_seat(self, seed: int) -> int:
        """The seat that takes the first turn in a game started from ``seed``."""

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]:
        """(the next state, its events); raises IllegalMove."""

    def acting_seat(self, state: Any) -> int | None:
        """The seat whose decision is waiting, or None once the game is over."""

    def private(self, state: Any) -> bool:
        """Whether the waiting decision is answered with what only its seat may see (its
        hand; hidden cards it names). False for one answered from the board alone, such as
        a placement on the board, and once the game is over."""

    def result(self, state: Any) -> dict[str, Any] | None:
        """``{"winner": seat or None (a draw), "reason": ...}`` once over, else None."""

    def view(self, state: Any, seat: int | None) -> Any:
        """``state`` as ``seat`` may see it (for display, never for play)."""

    def events_for(self, events: Sequence[Any], seat: int | None) -> list[Any]:
        """``events`` as ``seat`` may read them."""

    def log_line(self, event: Any, *, first_chosen: bool = False) -> str:
        """``event`` in words; ``first_chosen``: the match chose who takes the first turn,
        so a roll for it is not told as if it decided anything."""

    def decision(self, state: Any) -> Any:
        """What a screen draws for the waiting decision (None once over)."""

    def decision_to_json(self, decision: Any) -> dict[str, Any]:
        """A waiting ``decision`` (from :meth:`decision`) with its legal actions, as JSON data."""

    def action_from_json(self, data: Any) -> Any:
        """A client's action; raises IllegalMove when it is malformed."""

    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    def action_words(self, state: Any, action: Any) -> str: ...

    def digest(self, state: Any) -> str: ...

    def fixtures(self, state: Any) -> tuple[Any, ...]:
        """The parts of ``state`` that stay the same from a game's start to its end (equal
        in every state of one game): a stored position leaves them out and takes them back
        from its match's one copy."""

    def dump(self, value: Any) -> str:
        """A state (or any game value) as canonical JSON text."""

    def load(self, text: str) -> Any: ...

    def replay(
        self,
        ruleset: str,
        options: Mapping[str, Any],
        decks: Sequence[Any],
        seed: int,
        actions: Sequence[Any],
        *,
        digests: Sequence[str] | None = None,
        every: int = 1,
    ) -> Replayed:
        """The record played back; raises RecordMismatch."""

    def bot(self, name: str, seed: int) -> Any:
        """A bot by name, seeded; it answers ``choose(state)``. KeyError when unknown."""

    def bot_names(self) -> tuple[str, ...]: ...


# The engine's bots by name, weakest first: "random", "greedy", "search".
BOTS: Mapping[str, Callable[[int], engine.Bot]] = engine.BOTS


class Shen:
    """The Shén rules engine as a :class:`Game`."""

    name = "shen"

    def rulesets(self) -> tuple[str, ...]:
        return tuple(engine.RULESETS)

    def ruleset(self, name: str, options: Mapping[str, Any]) -> engine.Ruleset:
        """The named ruleset with the match's options; raises ValueError."""
        if name not in engine.RULESETS:
            raise ValueError(f"Unknown ruleset {name!r}: choose {', '.join(engine.RULESETS)}.")
        return engine.RULESETS[name].with_options(**self.check_options(name, options))

    def check_options(self, ruleset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("Options are an object of option names and values.")
        offered = self.match_options(ruleset)
        earlier = self.earlier_reading(ruleset)
        checked = {}
        for option, value in options.items():
            if option in earlier and option not in offered:
                if value != earlier[option] or type(value) is not type(earlier[option]):
                    raise ValueError(
                        f"{option} is not an option of {ruleset}: a record may hold it only "
                        f"as {earlier[option]!r}, the reading it was played under."
                    )
                checked[option] = value
                continue
            check = OPTION_CHECKS.get(option)
            if check is None:
                raise ValueError(f"Unknown option {option!r}: use {', '.join(OPTION_CHECKS)}.")
            if offered and option not in offered:
                raise ValueError(
                    f"{option} is not an option of {ruleset}: it offers {', '.join(offered)}."
                )
            if not check(value):
                raise ValueError(f"{value!r} is not a valid value for {option}.")
            checked[option] = value
        return checked

    def earlier_reading(self, ruleset: str) -> Mapping[str, Any]:
        return EARLIER_READINGS.get(ruleset, MappingProxyType({}))

    def match_options(self, ruleset: str) -> tuple[str, ...]:
        return RULESET_OPTIONS.get(ruleset, ())

    def option_default(self, ruleset: str, option: str) -> Any:
        return getattr(engine.RULESETS[ruleset], option)

    def start(self, ruleset: str, options: Mapping[str, Any], decks: Sequence[Any], seed: int):
        try:
            return engine.start_game(self.ruleset(ruleset, options), decks, seed)
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"These decks are not decks of Shén cards: {error!r}") from None

    def first_seat(self, seed: int) -> int:
        # The roll (R6) reads the seed alone, so any deck shows who it favours.
        blank = {"home_realm": "", "cards": []}
        state = engine.new_game(engine.RULESETS["beta-2026-07"], [blank, blank], seed)
        # The roll's winner places a Realm Stone first; the other seat takes turn 1 (R7, R8).
        return 1 - state.decision.player

    def legal_actions(self, state: engine.GameState) -> list[engine.Action]:
        return engine.legal_actions(state)

    def apply(self, state: engine.GameState, action: engine.Action):
        try:
            return engine.apply(state, action)
        except engine.IllegalAction as error:
            raise IllegalMove(str(error)) from None

    def acting_seat(self, state: engine.GameState) -> int | None:
        return None if state.decision is None else state.decision.player

    def private(self, state: engine.GameState) -> bool:
        return state.decision is not None and type(state.decision) not in BOARD_ONLY

    def result(self, state: engine.GameState) -> dict[str, Any] | None:
        if state.result is None:
            return None
        return {"winner": state.result.winner, "reason": state.result.reason}

    def view(self, state: engine.GameState, seat: int | None) -> engine.GameState:
        return engine.view_for(state, seat)

    def events_for(self, events: Sequence[engine.Event], seat: int | None) -> list[engine.Event]:
        return engine.redact_events(events, seat)

    def log_line(self, event: engine.Event, *, first_chosen: bool = False) -> str:
        return event_words(event, first_chosen=first_chosen)

    def decision(self, state: engine.GameState) -> engine.DecisionView | None:
        return engine.describe_decision(state)

    def decision_to_json(self, decision: engine.DecisionView) -> dict[str, Any]:
        return engine.decision_to_json(decision)

    def action_from_json(self, data: Any) -> engine.Action:
        try:
            return engine.action_from_json(data)
        except engine.IllegalAction as error:
            raise IllegalMove(str(error)) from None

    def action_to_json(self, action: engine.Action) -> dict[str, Any]:
        return engine.action_to_json(action)

    def action_words(self, state: engine.GameState, action: engine.Action) -> str:
        return engine.action_in_words(state, action)

    def digest(self, state: engine.GameState) -> str:
        return engine.state_digest(state)

    def fixtures(self, state: engine.GameState) -> tuple[Any, ...]:
        # The cards by value and the board's lookup tables: five sixths of a pickled
        # mid-game position, and most of the time it takes to pickle one.
        return (state.cards, state.grid.geometry)

    def dump(self, value: Any) -> str:
        return engine.to_json(value)

    def load(self, text: str) -> Any:
        return engine.from_json(text)

    def replay(self, ruleset, options, decks, seed, actions, *, digests=None, every=1) -> Replayed:
        try:
            played = engine.replay(
                self.ruleset(ruleset, options),
                decks,
                seed,
                # One at a time: an action is read when the replay reaches it.
                (self.action_from_json(action) for action in actions),
                digests=digests,
                every=every,
            )
        except engine.ReplayMismatch as error:
            raise RecordMismatch(
                f"The record does not replay: the state after {error.index} actions differs "
                "from the one recorded."
            ) from None
        except (engine.IllegalAction, IllegalMove) as error:
            raise RecordMismatch(f"The record does not replay: {error}") from None
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise RecordMismatch(f"The record is not a game: {error}") from None
        return Replayed(played.states, played.events)

    def bot(self, name: str, seed: int) -> engine.Bot:
        return BOTS[name](seed)

    def bot_names(self) -> tuple[str, ...]:
        return tuple(BOTS)


GAMES: Mapping[str, Game] = MappingProxyType({"shen": Shen()})


def seat_name(seat: int | None) -> str:
    """Red, Blue, or "Spectator"."""
    return "Spectator" if seat is None else SEAT_NAMES[seat]


def reason_words(reason: str) -> str:
    """Why a game ended, in words (an unknown reason as it is, underscores spaced)."""
    return REASON_WORDS.get(reason, reason.replace("_", " "))


def game_over_line(winner: str | None, reason: str) -> str:
    """The log's line of a game's end: "Blue wins: the other player is out of cards (R25)"."""
    words = reason_words(reason)
    return f"The game is a draw: {words}" if winner is None else f"{winner} wins: {words}"


def event_words(event: engine.Event, *, first_chosen: bool = False) -> str:
    """A Shén event in the log's words, for the API's log and the table's alike: why a
    game ended in words, not its code; no roll told for a chosen first turn."""
    if isinstance(event, engine.GameOver):
        return game_over_line(event.winner, event.reason)
    if first_chosen and isinstance(event, engine.FirstPlayerRolled):
        return first_chosen_line(event.first)
    return event.log_line()


def first_chosen_line(first: str) -> str:
    """The log's line of the roll for the first turn (R6) when the match chose that turn:
    the roll only seated the players."""
    return f"{first} places a Realm Stone first (the first turn was chosen)"


def ending_words(result: Mapping[str, Any], you: int | None = None) -> str:
    """How a match ended, as ``you`` (the viewer's one seat; None: a spectator or both
    seats of a hot-seat match) reads it: "You resigned: Blue wins", "Red resigned: you
    win", "Red resigned: Blue wins"; "Blue wins: ..." with the rule's reason otherwise."""
    winner, reason = result.get("winner"), result.get("reason", "")
    if reason == "resigned" and winner in SEATS:
        loser = 1 - winner
        if you == loser:
            return f"You resigned: {seat_name(winner)} wins"
        if you == winner:
            return f"{seat_name(loser)} resigned: you win"
        return f"{seat_name(loser)} resigned: {seat_name(winner)} wins"
    return game_over_line(None if winner is None else seat_name(winner), reason)

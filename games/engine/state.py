"""The whole game as plain frozen data.

Cards are small ints: card ``c`` is ``state.cards[c]`` (its CardSpec) and
belongs to ``state.owners[c]``; hands, decks (top first), discard piles and
the out-of-game piles are tuples of them. Board positions are ints of the
board geometry: an Avatar's ``at`` is a space, or a vertex when it walks the
Spirit Path (``on_path``). Players are their seats, 0 to 5 clockwise (Red, Blue,
Green, Yellow, Purple, Orange): every per-player tuple has one item per seat, and
:mod:`games.engine.seats` says who plays next and who is whose opponent.

``pending`` is a stack (top last) of what must happen next: decisions a
player answers with an action, and automatic tasks the engine runs itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from games.engine.board import Geometry
from games.engine.capture import ShenGrid
from games.engine.cards import CardSpec
from games.engine.ruleset import Ruleset

# Seat colours, clockwise (M2); two-player games use the first two.
PLAYER_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
# The seats of a two-player game.
PLAYERS = (0, 1)

SETUP = "setup"
PLACEMENT = "placement"
ACTIVATION = "activation"
OVER = "over"


def player_name(player: int) -> str:
    """The seat's colour: Red, Blue, Green, Yellow, Purple or Orange."""
    return PLAYER_NAMES[player]


# The metadata of a note: what the log remembers, never what the game plays by. Stored,
# but no digest reads it (``games.engine.codec.NOTE``).
_NOTE = MappingProxyType({"note": True})


def note(default: Any) -> Any:
    """A field holding a note for the log (``codec.NOTE``), ``default`` when not known."""
    return field(default=default, metadata=_NOTE)


@dataclass(frozen=True)
class Avatar:
    """A manifested Avatar on the board with what it carries.

    ``start_at`` is where it stood, Ready, when this turn's Activation phase
    began (-1 otherwise): claiming and attacking a Realm Stone need it (R19).
    """

    card: int
    owner: int
    at: int
    on_path: bool
    exhausted: bool = True
    activated: bool = False
    start_at: int = -1
    items: tuple[int, ...] = ()
    attachments: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A temporary trait change on one Avatar, until the end of the turn; ``source`` notes
    the card whose text or ability made it (-1: not known), for the combat log."""

    avatar: int
    trait: str
    amount: int
    source: int = note(-1)


@dataclass(frozen=True, slots=True)
class Combat:
    """The combat being resolved (R22, R23).

    ``kind`` is melee, ranged or stone. ``origin`` is where the attacker
    attacks from; ``target`` the attacked position (the Realm Stone's vertex
    for a stone attack). Per-player tuples are indexed by player, one item per seat;
    only the two combatants' items change (M6).
    ``bonus_from`` notes, for the log, the cards that gave the bonus dice:
    (player, card, dice) for each gift, in order.
    """

    kind: str
    attacker: int
    defender: int
    origin: int
    target: int
    on_path: bool
    start: int = -1
    bonus_dice: tuple[int, ...] = (0, 0)
    cards_used: tuple[bool, ...] = (False, False)
    abilities_used: tuple[bool, ...] = (False, False)
    winner: int = -1
    attack_dice: tuple[int, ...] = ()
    defense_dice: tuple[int, ...] = ()
    bonus_from: tuple[tuple[int, int, int], ...] = note(())


# Metadata of a field added after games were stored (``codec.OMIT_DEFAULT``): left out
# of the text while it holds its default, so older games and their digests stay valid.
_ADDED = MappingProxyType({"omit_default": True})


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: ``winner`` None is a draw; reason anchors, out_of_cards,
    no_avatars (simplified-0.1) or adjudicated.

    With more than two seats (M8) ``among`` names every player who shares the result:
    the winners (the one player, or every player of the winning ``team``, those out
    included), or in a draw the players drawing (the last ones in, or the leaders of an
    adjudication). ``winner`` is then one of the winners: the claimer who completed the
    anchor points, else the lowest seat still in. Two-player results leave both at their
    defaults, so their encoding is what it always was.
    """

    winner: int | None
    reason: str
    team: int = field(default=-1, metadata=_ADDED)
    among: tuple[int, ...] = field(default=(), metadata=_ADDED)

    @property
    def winners(self) -> tuple[int, ...]:
        """Every player who won: () for a draw, else ``among`` or just ``winner``."""
        if self.winner is None:
            return ()
        return self.among or (self.winner,)


# No slots: evolve() copies a state by updating its __dict__.
@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. Never mutated: ``apply`` returns a new one."""

    ruleset: Ruleset
    cards: tuple[CardSpec, ...]
    owners: tuple[int, ...]
    home_realms: tuple[str, ...]
    grid: ShenGrid
    stones: tuple[int, ...]
    anchors: tuple[int, ...]
    holders: tuple[int, ...]
    avatars: tuple[Avatar, ...]
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    out: tuple[tuple[int, ...], ...]
    beside: tuple[tuple[int, ...], ...]
    modifiers: tuple[Modifier, ...]
    turn: int
    turn_player: int
    phase: str
    pending: tuple[Any, ...]
    combat: Combat | None
    just_captured: tuple[int, ...]
    rng: int
    forced_dice: tuple[int, ...]
    result: Result | None
    # R28: the realm of each player's second Realm Stone ("" while they have none).
    # Left out of stored games while unused (codec.OMIT_DEFAULT).
    second_realms: tuple[str, ...] = field(default=("", ""), metadata=_ADDED)
    # M1, M4: the team of each seat, or () for every player on their own.
    teams: tuple[int, ...] = field(default=(), metadata=_ADDED)
    # M7: the players who are out, in the order they went out (the game goes on
    # while two players or teams are in).
    players_out: tuple[int, ...] = field(default=(), metadata=_ADDED)

    @property
    def board(self) -> Geometry:
        """The board geometry (the grid's own: one per board size)."""
        return self.grid.geometry

    @property
    def decision(self) -> Any:
        """The decision waiting for a player, or None when the game is over."""
        return self.pending[-1] if self.pending and self.result is None else None

    @property
    def to_decide(self) -> int | None:
        """The player who must act now, or None when the game is over."""
        decision = self.decision
        return None if decision is None else decision.player

    def avatar(self, card: int) -> Avatar | None:
        """The Avatar on the board that card ``card`` manifested, or None."""
        for avatar in self.avatars:
            if avatar.card == card:
                return avatar
        return None

    def avatar_at(self, position: int, on_path: bool) -> Avatar | None:
        """The Avatar in that space (or on that vertex), or None."""
        for avatar in self.avatars:
            if avatar.at == position and avatar.on_path == on_path:
                return avatar
        return None

    def card_count(self, player: int) -> int:
        """Cards in hand, deck and discard pile: what R25 and R26 count."""
        return len(self.hands[player]) + len(self.decks[player]) + len(self.discards[player])

    def position_name(self, position: int, on_path: bool) -> str:
        """R2 name of a space or vertex."""
        board = self.board
        return board.vertex_name(position) if on_path else board.space_name(position)

    def anchor_name(self, index: int) -> str:
        """R2 name of anchor point ``index``: a space, or a vertex (``anchors_on``)."""
        return self.position_name(self.anchors[index], self.ruleset.anchors_on == "vertices")

    def card_name(self, card: int) -> str:
        """The printed name of card ``card``."""
        return self.cards[card].name


def with_item(values: tuple, index: int, value: Any) -> tuple:
    """``values`` with the item at ``index`` replaced (for per-player tuples)."""
    return (*values[:index], value, *values[index + 1 :])


def other(player: int) -> int:
    """The opponent of ``player`` in a two-player game (``seats`` for any number)."""
    return 1 - player


def evolve(obj: Any, **changes: Any) -> Any:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (field names unchecked).

    The game state and Avatars keep their fields in a ``__dict__``: their copy is
    that dict updated, without re-running ``__init__`` (they validate nothing
    there), since every action makes several of them. Other values go through
    ``dataclasses.replace``.
    """
    fields = getattr(obj, "__dict__", None)
    if fields is None:
        return replace(obj, **changes)
    new = object.__new__(type(obj))
    new.__dict__.update(fields, **changes)
    return new

"""Set-up (R5–R8): scenario, first player, Realm Stones and opening hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine import rng
from games.engine.actions import PASS, Action, IllegalAction, Pass, PlaceRealmStone, Redraw
from games.engine.board import Geometry, mask_vertices
from games.engine.capture import ShenGrid
from games.engine.card_piles import draw
from games.engine.cards import CardSpec
from games.engine.decisions import BeginTurn, ChooseRealmStone, ChooseRedraw, DealHands
from games.engine.events import Event, FirstPlayerRolled, HandRedrawn, RealmStonePlaced
from games.engine.groups import union_of
from games.engine.ruleset import Ruleset
from games.engine.scenarios import (
    Scenario,
    ScenarioError,
    check_board,
    check_seating,
    corner_spaces,
    default_side,
    team_seats,
)
from games.engine.seats import seats, stone_order
from games.engine.state import SETUP, GameState, evolve, player_name, with_item


@dataclass(frozen=True, slots=True)
class DeckList:
    """A player's deck for one game: the Home Realm and the cards."""

    home_realm: str
    cards: tuple[CardSpec, ...]


def _deck(deck: DeckList | Mapping | Sequence) -> DeckList:
    if isinstance(deck, DeckList):
        return deck
    if isinstance(deck, Mapping):
        cards = tuple(
            c if isinstance(c, CardSpec) else CardSpec.from_data(c) for c in deck["cards"]
        )
        return DeckList(str(deck.get("home_realm") or (cards[0].realm if cards else "")), cards)
    cards = tuple(c if isinstance(c, CardSpec) else CardSpec.from_data(c) for c in deck)
    realms = [c.realm for c in cards]
    home = max(sorted(set(realms)), key=realms.count) if realms else ""
    return DeckList(home, cards)


def roll_first_player(seed: int, forced: tuple[int, ...], players: int = 2):
    """R6, M2: each player rolls 2d6; only the players tied for highest re-roll.
    Returns (first player, rolls in order, rng, forced dice left)."""
    rolls = []
    rolling = list(range(players))
    while True:
        totals = []
        for _ in rolling:
            dice = forced[:2]
            forced = forced[2:]
            extra, seed = rng.roll(seed, 2 - len(dice))
            rolls.append(dice + extra)
            totals.append(sum(dice + extra))
        best = max(totals)
        rolling = [p for p, total in zip(rolling, totals, strict=True) if total == best]
        if len(rolling) == 1:
            return rolling[0], tuple(rolls), seed, forced


def new_game(
    ruleset: Ruleset,
    decks: Sequence[DeckList | Mapping | Sequence[CardSpec]],
    seed: int,
    scenario: Scenario | None = None,
) -> GameState:
    """A new game waiting for the first Realm Stone (R5–R7); see :func:`start_game`."""
    return start_game(ruleset, decks, seed, scenario)[0]


def start_game(
    ruleset: Ruleset,
    decks: Sequence[DeckList | Mapping | Sequence[CardSpec]],
    seed: int,
    scenario: Scenario | None = None,
    *,
    forced_dice: tuple[int, ...] = (),
) -> tuple[GameState, list[Event]]:
    """A new game waiting for the first Realm Stone (R5–R7, M1, M2), with the events so far.

    ``decks`` are a DeckList per seat (or ``{"home_realm", "cards"}`` mappings, or
    plain card lists whose most common realm is home), as many as the scenario's
    players (two by default). The first-player roll happens here, from the seed (or
    ``forced_dice`` first).
    """
    scenario = scenario or Scenario()
    board, anchors = laid_out(ruleset, scenario)
    if len(decks) != scenario.players:
        raise ValueError(f"a game of {scenario.players} players needs {scenario.players} decks")
    lists = [_deck(d) for d in decks]
    count = len(lists)
    cards = tuple(spec for deck in lists for spec in deck.cards)
    owners = tuple(p for p, deck in enumerate(lists) for _ in deck.cards)
    starts = [0]
    for deck in lists:
        starts.append(starts[-1] + len(deck.cards))
    first_ids = tuple(tuple(range(starts[p], starts[p + 1])) for p in range(count))
    first, rolls, seed_state, forced = roll_first_player(
        rng.seed_state(seed), tuple(forced_dice), count
    )
    log: list[Event] = [FirstPlayerRolled(rolls, player_name(first))]
    order = stone_order(first, count)
    empty = ((),) * count
    state = GameState(
        ruleset=ruleset,
        cards=cards,
        owners=owners,
        home_realms=tuple(d.home_realm for d in lists),
        grid=ShenGrid.empty(board, count),
        stones=(-1,) * count,
        anchors=anchors,
        holders=first_holders(ruleset, len(anchors)),
        avatars=(),
        hands=empty,
        decks=first_ids,
        discards=empty,
        out=empty,
        beside=empty,
        modifiers=(),
        turn=0,
        # M2: the last to place a Realm Stone takes the first turn.
        turn_player=order[-1],
        phase=SETUP,
        # A stack: the first player's stone is on top.
        pending=(DealHands(), *(ChooseRealmStone(p) for p in reversed(order))),
        combat=None,
        just_captured=(),
        rng=seed_state,
        forced_dice=forced,
        result=None,
        second_realms=("",) * count,
        teams=team_seats(count, scenario.teams),
    )
    return state, log


def laid_out(ruleset: Ruleset, scenario: Scenario) -> tuple[Geometry, tuple[int, ...]]:
    """The board and anchor points of ``scenario`` under ``ruleset`` (M1's defaults
    filled in); raises ScenarioError, with the reason, for a scenario that cannot be
    played: seats, board size, anchor points, room for every Realm Stone (M1, R1, R5,
    R7)."""
    check_seating(scenario.players, scenario.teams)
    if scenario.players > ruleset.max_players:
        raise ScenarioError(f"{ruleset.name} is a game for {ruleset.max_players} players (M1)")
    board, names = scenario_board(ruleset, scenario)
    if not 1 <= len(names) <= 6 or len(set(names)) != len(names):
        raise ScenarioError("a scenario has 1 to 6 different anchor points (R5)")
    try:
        anchors = parse_anchors(board, ruleset, names)
    except ValueError as error:  # a name off the board, or anchors too close (R5)
        raise ScenarioError(str(error)) from None
    if not room_for_stones(board, anchors, ruleset, scenario.players):
        raise ScenarioError(
            f"a {board.width}×{board.height} board with these anchor points has no room "
            f"for {scenario.players} Realm Stones (R7)"
        )
    return board, anchors


def scenario_board(ruleset: Ruleset, scenario: Scenario) -> tuple[Geometry, tuple[str, ...]]:
    """The board and anchor names of ``scenario`` under ``ruleset``, M1's defaults filled
    in: the ruleset's own board and anchors for two players, else the side for the
    players and the four corner spaces."""
    two = scenario.players == 2
    side = default_side(scenario.players)
    width = scenario.width if scenario.width is not None else ruleset.width if two else side
    height = scenario.height if scenario.height is not None else ruleset.height if two else side
    check_board(width, height)
    if scenario.anchors is not None:
        names = scenario.anchors
    elif (width, height) == (ruleset.width, ruleset.height):
        names = ruleset.anchors
    else:
        names = corner_spaces(width, height)
    return Geometry(width, height), tuple(names)


def parse_anchors(board: Geometry, ruleset: Ruleset, names: Sequence[str]) -> tuple[int, ...]:
    """The anchor points named (R5): spaces, or vertices when ``anchors_on`` says so;
    anchors on vertices are never next to each other, and anchors held half each from
    the start come in an even number (simplified-0.1)."""
    on_vertices = ruleset.anchors_on == "vertices"
    parse = board.parse_vertex if on_vertices else board.parse_space
    anchors = tuple(parse(name) for name in names)
    if ruleset.anchors_held and len(anchors) % 2:
        raise ValueError("anchor points held half each need an even number of them (R5)")
    if on_vertices and any(a in board.vertex_neighbours[b] for a in anchors for b in anchors):
        raise ValueError("no anchor point may be next to another (R5)")
    return anchors


def first_holders(ruleset: Ruleset, count: int) -> tuple[int, ...]:
    """Who holds each anchor point as the game begins: nobody, or (``anchors_held``,
    simplified-0.1) the first half Red's and the second half Blue's."""
    if not ruleset.anchors_held:
        return (-1,) * count
    return tuple(0 if index < count // 2 else 1 for index in range(count))


def stone_error(state: GameState, vertex: int) -> str | None:
    """Why a Realm Stone may not go on ``vertex`` (R7), or None."""
    return realm_stone_error(state.board, state.grid, state.anchors, vertex, state.ruleset)


def realm_stone_error(
    board: Geometry,
    grid: ShenGrid,
    anchors: tuple[int, ...],
    vertex: object,
    ruleset: Ruleset | None = None,
) -> str | None:
    """Why a Realm Stone may not go on ``vertex`` of ``grid`` with these anchor points
    (R7), or None: the vertex empty, not by an anchor point or another Realm Stone,
    (``stone_counters`` "all") its neighbours empty, and (not ``stone_on_edge``,
    beta-2025) off the board's edge."""
    rules = ruleset or Ruleset()
    if not isinstance(vertex, int) or not board.is_vertex(vertex):
        return f"{vertex!r} is not a vertex of this board"
    name = board.vertex_name(vertex)
    if not grid.is_empty(vertex):
        return f"{name} is not empty (R7)"
    if not rules.stone_on_edge and len(board.vertex_neighbours[vertex]) < 4:
        return f"{name} is on the board's edge: the stone's 4 counters need 4 neighbours (R7)"
    if _anchor_closed(board, anchors, rules) >> vertex & 1:
        return f"{name} is a corner of, or next to, an anchor point (R7)"
    for neighbour in board.vertex_neighbours[vertex]:
        if grid.stone_owner(neighbour) is not None:
            return f"{name} is next to a Realm Stone (R7)"
        if rules.stone_counters == "all" and not grid.is_empty(neighbour):
            return f"{name} has an occupied neighbour {board.vertex_name(neighbour)} (R7)"
    return None


def _anchor_closed(board: Geometry, anchors: tuple[int, ...], rules: Ruleset) -> int:
    """The vertices a Realm Stone may not take because of the anchor points: the
    corners of anchor spaces, or anchor vertices and their neighbours."""
    mask = 0
    if rules.anchors_on == "vertices":
        for anchor in anchors:
            mask |= 1 << anchor
        return mask | board.mask_neighbours(mask)
    corners = board.space_corner_masks
    for anchor in anchors:
        mask |= corners[anchor]
    return mask


# A Realm Stone and its starting counters close at most this many vertices to the
# stones still to come (the stone, its four neighbours and theirs): while more stay
# open than that many per stone to come, every choice leaves room for them all.
_CLOSED_PER_STONE = 13


def open_stone_vertices(
    board: Geometry, anchors: tuple[int, ...], rules: Ruleset, stones: int, taken: int
) -> int:
    """The vertices (a bitmask) where a Realm Stone may go (R7), given the vertices
    holding ``stones`` and those ``taken`` by stones or counters."""
    # Not by an anchor, not next to a stone, and (starting counters on all neighbours)
    # neither it nor any neighbour occupied.
    crowded = taken if rules.stone_counters == "all" else stones
    closed = _anchor_closed(board, anchors, rules) | taken | board.mask_neighbours(crowded)
    open_mask = ((1 << board.vertex_count) - 1) & ~closed
    if not rules.stone_on_edge:  # beta-2025: 4 counters around the stone
        for vertex in range(board.vertex_count):
            if len(board.vertex_neighbours[vertex]) < 4:
                open_mask &= ~(1 << vertex)
    return open_mask


def room_for_stones(
    board: Geometry,
    anchors: tuple[int, ...],
    rules: Ruleset,
    count: int,
    stones: int = 0,
    taken: int = 0,
) -> bool:
    """Whether ``count`` more Realm Stones fit (R7), placed one by one on the lowest open
    vertex: a packing along the board's edge that finds room on every board we play
    (a sufficient test; it may refuse a board that a cleverer packing would fill)."""
    for _ in range(count):
        open_mask = open_stone_vertices(board, anchors, rules, stones, taken)
        if not open_mask:
            return False
        vertex = (open_mask & -open_mask).bit_length() - 1
        stones, taken = _with_stone(board, stones, taken, vertex)
    return True


def _with_stone(board: Geometry, stones: int, taken: int, vertex: int) -> tuple[int, int]:
    """The masks after a Realm Stone on ``vertex`` and counters on its empty neighbours."""
    around = board.mask_neighbours(1 << vertex) & ~taken
    return stones | 1 << vertex, taken | 1 << vertex | around


def _stones_to_come(state: GameState) -> int:
    """Realm Stones still to be placed after the one being chosen now."""
    return sum(isinstance(task, ChooseRealmStone) for task in state.pending) - 1


def _leaves_room(state: GameState, vertex: int) -> bool:
    """M1, R7: a Realm Stone on ``vertex`` leaves room for every stone still to come."""
    to_come = _stones_to_come(state)
    layout = state.grid.layout
    stones, taken = union_of(layout.stones), union_of(layout.counters)
    taken |= stones
    board = state.board
    if to_come <= 0:
        return True
    open_mask = open_stone_vertices(board, state.anchors, state.ruleset, stones, taken)
    if open_mask.bit_count() > _CLOSED_PER_STONE * to_come:
        return True
    stones, taken = _with_stone(board, stones, taken, vertex)
    return room_for_stones(board, state.anchors, state.ruleset, to_come, stones, taken)


def stone_options(state: GameState, decision: ChooseRealmStone) -> list[Action]:
    """Every vertex where the Realm Stone may go (R7) and leave room for the stones still
    to come (M1)."""
    layout = state.grid.layout
    stones = union_of(layout.stones)
    taken = stones | union_of(layout.counters)
    open_mask = open_stone_vertices(state.board, state.anchors, state.ruleset, stones, taken)
    vertices = mask_vertices(open_mask)
    if open_mask.bit_count() <= _CLOSED_PER_STONE * _stones_to_come(state):
        vertices = tuple(v for v in vertices if _leaves_room(state, v))
    return [PlaceRealmStone(v) for v in vertices]


def answer_stone(state: GameState, decision: ChooseRealmStone, action: Action, log: list[Event]):
    """Place the Realm Stone and its starting counters on every neighbour (R7)."""
    if not isinstance(action, PlaceRealmStone):
        raise IllegalAction(f"{player_name(decision.player)} must place a Realm Stone (R7)")
    error = stone_error(state, action.vertex)
    if error is None and not _leaves_room(state, action.vertex):
        error = (
            f"{state.board.vertex_name(action.vertex)} leaves no room for every other "
            "player's Realm Stone (R7, M1)"
        )
    if error:
        raise IllegalAction(error)
    player = decision.player
    board = state.board
    grid = state.grid.with_stone(action.vertex, player)
    # On every neighbour; where neighbours may be occupied (simplified-0.1), the empty ones.
    starting = [n for n in board.vertex_neighbours[action.vertex] if grid.is_empty(n)]
    for neighbour in starting:
        grid = grid.with_counter(neighbour, player)
    log.append(
        RealmStonePlaced(
            player_name(player),
            board.vertex_name(action.vertex),
            tuple(board.vertex_name(n) for n in starting),
        )
    )
    return evolve(
        state,
        grid=grid,
        stones=with_item(state.stones, player, action.vertex),
        pending=state.pending[:-1],
    )


def deal_hands(state: GameState, log: list[Event]) -> GameState:
    """R8: each player shuffles and draws a hand; the last to place a stone begins.

    Without a deck (simplified-0.1, R29) the whole force is the hand. With
    ``opening_redraw`` (beta-2025) a player whose hand has no Avatar may redraw it
    once (with ``redraw_needs_avatar_in_deck``, only if the deck holds one): the roll
    winner is asked first.
    """
    seed = state.rng
    decks = list(state.decks)
    if not state.ruleset.deck:
        state = evolve(state, hands=state.decks, decks=((),) * len(state.decks))
        return evolve(state, turn=1, pending=(*state.pending, BeginTurn()))
    for player in seats(state):
        decks[player], seed = rng.shuffled(seed, decks[player])
    state = evolve(state, decks=tuple(decks), rng=seed)
    for player in seats(state):
        state, _, _ = draw(state, player, state.ruleset.hand_size)
    pending = (*state.pending, BeginTurn())
    if state.ruleset.opening_redraw:
        # Asked in the Realm Stones' order, the roll winner first (the stack's top last).
        count = len(state.hands)
        for player in reversed(stone_order((state.turn_player - 1) % count, count)):
            if _may_redraw(state, player):
                pending = (*pending, ChooseRedraw(player))
    return evolve(state, turn=1, pending=pending)


def _may_redraw(state: GameState, player: int) -> bool:
    cards = state.cards
    if any(cards[card].kind == "avatar" for card in state.hands[player]):
        return False
    if not state.ruleset.redraw_needs_avatar_in_deck:  # beta-2025: the hand is all it asks
        return True
    return any(cards[card].kind == "avatar" for card in state.decks[player])


def redraw_options(state: GameState, decision: ChooseRedraw) -> list[Action]:
    """Keep the hand (Pass) or redraw it (R8, beta-2025)."""
    return [PASS, Redraw()]


def answer_redraw(state: GameState, decision: ChooseRedraw, action: Action, log: list[Event]):
    """Shuffle the hand back into the deck and draw a new one, or keep it."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    if not isinstance(action, Redraw):
        raise IllegalAction(f"{player_name(decision.player)} redraws the hand or keeps it (R8)")
    player = decision.player
    deck, seed = rng.shuffled(state.rng, state.decks[player] + state.hands[player])
    state = evolve(
        state,
        hands=with_item(state.hands, player, ()),
        decks=with_item(state.decks, player, deck),
        rng=seed,
    )
    state, drawn, _ = draw(state, player, state.ruleset.hand_size)
    log.append(HandRedrawn(player_name(player), drawn))
    return state

"""Scenario builder: tests that read like the rules' own examples.

    scene = (
        ScenarioBuilder()
        .stone(RED, "B2").stone(BLUE, "H8")
        .counters(RED, "C3 D3")
        .avatar(RED, warden, "c3")
        .avatar(BLUE, sentinel, "d4", exhausted=True)
        .hand(BLUE, kindle, kindle, kindle)
        .dice(6, 5, 2, 1, 4, 3, 2)
        .activation(RED)
    )
    scene.do("c3xd4", "pass", "pass", "keep avatar")
    assert scene.cards_lost(BLUE) == 3
    scene.done()

Positions are R2 names: lowercase for spaces, capitals for vertices (an
Avatar put on a vertex walks the Spirit Path). Choices are strict:
``done()`` fails while a decision other than a phase's own step is waiting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from games.engine.capture import ShenGrid
from games.engine.cards import AbilitySpec, CardSpec
from games.engine.decisions import (
    ActivationStep,
    BeginTurn,
    ChooseRealmStone,
    EndTurn,
    PlaceShen,
    TakeTurn,
)
from games.engine.effects import parse_effect
from games.engine.ruleset import BETA_2026_07, Ruleset
from games.engine.scenarios import Scenario, team_seats
from games.engine.seats import stone_order
from games.engine.setup import first_holders, parse_anchors, realm_stone_error, scenario_board
from games.engine.state import (
    ACTIVATION,
    PLACEMENT,
    Avatar,
    GameState,
    Modifier,
    player_name,
)
from games.engine.testing.scene import ScenarioError, Scene

RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE = range(6)

# -- small card specs for tests ------------------------------------------------------


def ability(name: str, timing: str, *steps: dict, cost: int = 0) -> AbilitySpec:
    """An ability from effect steps written as dicts."""
    return AbilitySpec(name, cost, timing, parse_effect(list(steps)))


def avatar_card(
    name: str,
    melee: int = 2,
    defense: int = 2,
    ranged: int = 0,
    movement: int = 2,
    *,
    cost: int = 0,
    realm: str = "fire",
    spirit: bool = False,
    abilities: Iterable[AbilitySpec] = (),
) -> CardSpec:
    """An Avatar card."""
    return CardSpec(
        name,
        _slug(name),
        "avatar",
        realm,
        cost,
        melee,
        defense,
        ranged,
        movement,
        is_spirit=spirit,
        abilities=tuple(abilities),
    )


def item_card(name: str, *, cost: int = 0, realm: str = "fire", **bonuses: int) -> CardSpec:
    """An Item card; ``bonuses`` like ``melee=1``."""
    fields = {f"bonus_{trait}": value for trait, value in bonuses.items() if trait != "abilities"}
    return CardSpec(name, _slug(name), "item", realm, cost, **fields)


def action_card(
    name: str,
    *steps: dict,
    cost: int = 0,
    realm: str = "fire",
    target: str = "none",
    timing: str = "on_play",
) -> CardSpec:
    """An Action card whose one ability does ``steps``."""
    abilities = (ability(name, timing, *steps),) if steps else ()
    return CardSpec(name, _slug(name), "action", realm, cost, target=target, abilities=abilities)


def remains_card(
    name: str,
    *steps: dict,
    cost: int = 0,
    realm: str = "fire",
    target: str = "own_avatar",
    timing: str = "while_attached",
) -> CardSpec:
    """A Remains-in-Play card whose one ability does ``steps``."""
    abilities = (ability(name, timing, *steps),) if steps else ()
    return CardSpec(name, _slug(name), "remains", realm, cost, target=target, abilities=abilities)


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


# A card nobody can afford to play: it only stands for "a card" in hands and piles.
FILLER = item_card("Filler", cost=99)


# -- the builder ---------------------------------------------------------------------


class ScenarioBuilder:
    """Puts a position together piece by piece; ``activation``/``placement``/``turn_start``
    finish it as a :class:`Scene`."""

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        *,
        realms: tuple[str, ...] = ("fire", "water"),
        anchors: tuple[str, ...] | None = None,
        players: int = 2,
        teams: int = 0,
        width: int | None = None,
        height: int | None = None,
    ) -> None:
        self.ruleset = ruleset or BETA_2026_07
        self.players = players
        self.teams = team_seats(players, teams)
        wanted = Scenario(anchors, width, height, players, teams)
        self.board, names = scenario_board(self.ruleset, wanted)
        # Realms round the table as given, repeated for more seats.
        self.realms = tuple(realms[p % len(realms)] for p in range(players))
        self.anchors = parse_anchors(self.board, self.ruleset, names)
        self.holders = list(first_holders(self.ruleset, len(self.anchors)))
        self.second_realms = [""] * players
        self.cards: list[CardSpec] = []
        self.owners: list[int] = []
        self.grid = ShenGrid.empty(self.board, players)
        self.stones = [-1] * players
        self.avatars: list[Avatar] = []
        self.piles = {name: [[] for _ in range(players)] for name in ("hand", "deck", "discard")}
        self.beside: list[list[int]] = [[] for _ in range(players)]
        self.modifiers: list[Modifier] = []
        self.forced: list[int] = []
        self.seed = 1
        self.players_out: tuple[int, ...] = ()

    def out(self, *players: int) -> ScenarioBuilder:
        """These players are already out of the game (M7)."""
        self.players_out = (*self.players_out, *players)
        return self

    def _card(self, player: int, spec: CardSpec) -> int:
        self.cards.append(spec)
        self.owners.append(player)
        return len(self.cards) - 1

    def _position(self, name: str) -> tuple[int, bool]:
        if name[:1].isupper():
            return self.board.parse_vertex(name), True
        return self.board.parse_space(name), False

    def stone(self, player: int, vertex: str, *, with_counters: bool = False) -> ScenarioBuilder:
        """``player``'s Realm Stone on ``vertex`` (its starting counters only if asked).

        Set-up's rule holds (R7): not on a corner of an anchor point, not next to
        another Realm Stone, and on an empty vertex with empty neighbours. The board's
        edge is allowed under every ruleset (beta-2025's set-up keeps stones off it), so
        one table serves the tests of all of them."""
        v = self.board.parse_vertex(vertex)
        if self.stones[player] >= 0:
            raise ScenarioError(f"{player_name(player)} already has a Realm Stone")
        rules = replace(self.ruleset, stone_on_edge=True)
        refused = realm_stone_error(self.board, self.grid, self.anchors, v, rules)
        if refused is not None:
            raise ScenarioError(f"a Realm Stone there breaks set-up's rule: {refused}")
        self.grid = self.grid.with_stone(v, player)
        self.stones[player] = v
        if with_counters:
            for n in self.board.vertex_neighbours[v]:
                self.grid = self.grid.with_counter(n, player)
        return self

    def second_stone(self, player: int, vertex: str, realm: str) -> ScenarioBuilder:
        """``player``'s second Realm Stone of ``realm`` on ``vertex`` (R28, as if established)."""
        if self.second_realms[player]:
            raise ScenarioError(f"{player_name(player)} already has a second Realm Stone")
        self.grid = self.grid.with_stone(self.board.parse_vertex(vertex), player)
        self.second_realms[player] = realm
        return self

    def counters(self, player: int, vertices: str) -> ScenarioBuilder:
        """``player``'s counters on the space-separated ``vertices`` (no capture)."""
        for name in vertices.split():
            self.grid = self.grid.with_counter(self.board.parse_vertex(name), player)
        return self

    def avatar(
        self,
        player: int,
        spec: CardSpec,
        at: str,
        *,
        exhausted: bool = False,
        activated: bool = False,
        arrived: bool = False,
        items: Iterable[CardSpec] = (),
        attachments: Iterable[CardSpec | tuple[int, CardSpec]] = (),
    ) -> ScenarioBuilder:
        """An Avatar on ``at``; ``arrived`` means it was not there when the phase began.

        The position must be free of Avatars, and a walker's vertex of Realm Stones
        (R21)."""
        position, on_path = self._position(at)
        if spec.kind != "avatar":
            raise ScenarioError(f"{spec.name} is not an Avatar card")
        if any(a.at == position and a.on_path == on_path for a in self.avatars):
            raise ScenarioError(f"two Avatars on {at}")
        if on_path and self.grid.stone_owner(position) is not None:
            raise ScenarioError(f"no walker can stand on the Realm Stone on {at} (R21)")
        card = self._card(player, spec)
        item_cards = tuple(self._card(player, item) for item in items)
        attached = tuple(
            self._card(*a) if isinstance(a, tuple) else self._card(player, a) for a in attachments
        )
        if on_path:
            self.grid = self.grid.with_blocked(position, True)
        start = -1 if exhausted or arrived else position
        self.avatars.append(
            Avatar(
                card, player, position, on_path, exhausted, activated, start, item_cards, attached
            )
        )
        return self

    def beside_board(self, player: int, spec: CardSpec) -> ScenarioBuilder:
        """A Remains card of ``player`` lying beside the board."""
        self.beside[player].append(self._card(player, spec))
        return self

    def _pile(self, pile: str, player: int, specs: tuple[CardSpec, ...]) -> ScenarioBuilder:
        self.piles[pile][player].extend(self._card(player, spec) for spec in specs)
        return self

    def hand(self, player: int, *specs: CardSpec) -> ScenarioBuilder:
        """Cards in ``player``'s hand."""
        return self._pile("hand", player, specs)

    def deck(self, player: int, *specs: CardSpec) -> ScenarioBuilder:
        """Cards in ``player``'s deck, top first."""
        return self._pile("deck", player, specs)

    def discard(self, player: int, *specs: CardSpec) -> ScenarioBuilder:
        """Cards in ``player``'s discard pile, oldest first."""
        return self._pile("discard", player, specs)

    def fill(self, player: int, hand: int = 0, deck: int = 0, discard: int = 0):
        """Filler cards, so nobody runs out of cards by accident (R25)."""
        self.hand(player, *[FILLER] * hand)
        self.deck(player, *[FILLER] * deck)
        return self.discard(player, *[FILLER] * discard)

    def holds(self, player: int, anchor: str) -> ScenarioBuilder:
        """``player`` holds the anchor point on ``anchor``."""
        position, _ = self._position(anchor)
        self.holders[self.anchors.index(position)] = player
        return self

    def modifier(self, spec_slug: str, trait: str, amount: int) -> ScenarioBuilder:
        """An until-end-of-turn modifier on the one Avatar with ``spec_slug``."""
        found = [a.card for a in self.avatars if self.cards[a.card].slug == spec_slug]
        if len(found) != 1:
            raise ScenarioError(f"{len(found)} Avatars are {spec_slug}: a modifier needs one")
        card = found[0]
        self.modifiers.append(Modifier(card, trait, amount))
        return self

    def dice(self, *values: int) -> ScenarioBuilder:
        """The next dice results, in order (then the seeded generator takes over)."""
        self.forced.extend(values)
        return self

    def _state(self, phase: str, pending: tuple, turn: int, turn_player: int) -> GameState:
        from games.engine.rng import seed_state

        def piles(name: str) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple(p) for p in self.piles[name])

        return GameState(
            ruleset=self.ruleset,
            cards=tuple(self.cards),
            owners=tuple(self.owners),
            home_realms=self.realms,
            grid=self.grid,
            stones=tuple(self.stones),
            anchors=self.anchors,
            holders=tuple(self.holders),
            avatars=tuple(self.avatars),
            hands=piles("hand"),
            decks=piles("deck"),
            discards=piles("discard"),
            out=((),) * self.players,
            beside=tuple(tuple(b) for b in self.beside),
            modifiers=tuple(self.modifiers),
            turn=turn,
            turn_player=turn_player,
            phase=phase,
            pending=pending,
            combat=None,
            just_captured=(),
            rng=seed_state(self.seed),
            forced_dice=tuple(self.forced),
            result=None,
            second_realms=tuple(self.second_realms),
            teams=self.teams,
            players_out=self.players_out,
        )

    def activation(self, player: int = RED, *, turn: int = 1, turn_player: int | None = None):
        """The Activation phase with ``player`` to take a step."""
        tp = player if turn_player is None else turn_player
        return Scene(self._state(ACTIVATION, (ActivationStep(player),), turn, tp))

    def placement(self, player: int = RED, *, turn: int = 1, turn_player: int | None = None):
        """The placement of Shén with ``player`` to place (nobody has placed yet)."""
        tp = player if turn_player is None else turn_player
        nobody = PlaceShen(player, (0,) * self.players, (False,) * self.players)
        return Scene(self._state(PLACEMENT, (nobody,), turn, tp))

    def one_action(self, player: int = RED, *, turn: int = 1):
        """A turn of one action (R27, the earlier rulesets) with ``player`` to take it."""
        return Scene(self._state(ACTIVATION, (EndTurn(), TakeTurn(player)), turn, player))

    def turn_start(self, turn_player: int = RED, *, turn: int = 1):
        """The start of a turn: recovery runs, then placement waits."""
        return Scene(self._state(PLACEMENT, (BeginTurn(),), turn, turn_player))

    def realm_stones(self, first: int = RED):
        """Set-up: ``first`` places a Realm Stone, then the others anticlockwise (R6, R7,
        M2); the last to place begins."""
        from games.engine.decisions import DealHands

        order = stone_order(first, self.players)
        pending = (DealHands(), *(ChooseRealmStone(p) for p in reversed(order)))
        return Scene(self._state("setup", pending, 0, order[-1]))

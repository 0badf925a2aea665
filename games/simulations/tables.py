"""Simulated games of three to six seats (M1-M9): a scenario, a deck and a bot per seat.

A table job plays N decks on one scenario. Game ``i`` rotates the seating by
``i mod N`` (deck ``d`` sits in seat ``(d + i) mod N``), so over any N games in a
row every deck plays every seat once. With teams (M2: seat ``s`` is on team
``s mod T``) the decks listed for one team's seats stay team-mates in every
rotation, since T divides N: a rotation only moves the whole team round the table.

Each game is summed up by deck into a :class:`TableSummary`: its finishing place,
its points, who went first, how it ended, how long it took and its cards'
sightings, as a two-deck summary (``games.simulations.games``) has them.

Finishing places (M7, M8): the winners share first place (a team's players who
went out included); in a draw the players drawing (``Result.among``, else every
player still in) share it. The players still in who did not share the result
come next, together; then the players out, the last to go out first. Places are
ranked as in a competition: two decks sharing first place leave no second.

Points are a share of one win per side (a player, or a team): a winner scores a
whole win; a draw among K sides scores each drawing player 1/K; everyone else
nothing. Without teams a game's points add up to one, so a fair deck scores 1/N;
with T teams each team's players score together and a fair deck scores 1/T.
Points are kept as whole :data:`POINTS` ths of a win (a draw among up to six
sides is a whole number of them), so tallies add up exactly.

Plain Python with no Django, like ``games.simulations.games``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import engine
from games.play import STALLED
from games.seeds import SEED_BITS, derive_seed
from games.simulations.games import (
    ENDINGS,
    CardSighting,
    Sightings,
    make_bot,
    played_out,
    ruleset_for,
    sightings_from_json,
    sightings_to_json,
)

# One win in points: divisible by every number of sides that may draw (2 to 6).
POINTS = 60


def scenario_data(scenario: engine.Scenario) -> dict[str, Any]:
    """The scenario as JSON data (what a job stores by value)."""
    return {
        "anchors": None if scenario.anchors is None else list(scenario.anchors),
        "width": scenario.width,
        "height": scenario.height,
        "players": scenario.players,
        "teams": scenario.teams,
    }


def scenario_of(data: Mapping[str, Any] | None) -> engine.Scenario | None:
    """The scenario ``scenario_data`` gave (None for None); raises ValueError."""
    if data is None:
        return None
    try:
        anchors = data.get("anchors")
        return engine.Scenario(
            anchors=None if anchors is None else tuple(str(name) for name in anchors),
            width=None if data.get("width") is None else int(data["width"]),
            height=None if data.get("height") is None else int(data["height"]),
            players=int(data.get("players", 2)),
            teams=int(data.get("teams", 0)),
        )
    except (AttributeError, TypeError, ValueError) as error:
        raise ValueError(f"not a scenario: {error!r}") from None


def deck_teams(scenario: engine.Scenario) -> tuple[int, ...]:
    """The team of each deck, as the job lists them (deck ``d`` for seat ``d``'s team);
    every deck its own side without teams."""
    # M2: seats alternate between the teams, A, B, A, B... (or A, B, C, A, B, C...).
    teams = scenario.teams or scenario.players
    return tuple(seat % teams for seat in range(scenario.players))


def side_count(scenario: engine.Scenario) -> int:
    """How many sides play: the teams, else the players."""
    return scenario.teams or scenario.players


@dataclass(frozen=True, slots=True)
class SimulatedTable:
    """One game of a table job, by value: ``decks`` and ``bots`` in the job's deck order;
    ``rotation`` how far the seating is turned (deck ``d`` in seat ``d + rotation``,
    round the table)."""

    ruleset: str
    options: tuple[tuple[str, Any], ...]
    scenario: engine.Scenario
    decks: tuple[Any, ...]
    bots: tuple[str, ...]
    seed: int
    rotation: int
    seed_bits: int = SEED_BITS

    @property
    def swapped(self) -> int:
        """The rotation, under the name a two-deck game's pairing key has."""
        return self.rotation

    def seat_of(self, deck: int) -> int:
        """The seat ``deck`` plays in this game."""
        return (deck + self.rotation) % len(self.decks)

    def deck_in_seat(self, seat: int) -> int:
        """Whose deck plays in ``seat``."""
        return (seat - self.rotation) % len(self.decks)


def table_game(
    ruleset: str,
    options: Mapping[str, Any] | Sequence[tuple[str, Any]],
    scenario: engine.Scenario,
    decks: Sequence[Any],
    bots: Sequence[str],
    seed: int,
    index: int,
    *,
    seed_bits: int = SEED_BITS,
) -> SimulatedTable:
    """Game ``index`` of a table job: its own seed derived from (``seed``, ``index``),
    the seating turned ``index mod N`` seats. ValueError unless there is a deck and a
    bot for every seat of ``scenario``."""
    if not len(decks) == len(bots) == scenario.players:
        raise ValueError(f"a game of {scenario.players} players needs a deck and bot per seat")
    return SimulatedTable(
        ruleset=ruleset,
        options=tuple(sorted(dict(options).items())),
        scenario=scenario,
        decks=tuple(decks),
        bots=tuple(str(bot) for bot in bots),
        seed=derive_seed(seed, index, bits=seed_bits),
        rotation=index % scenario.players,
        seed_bits=seed_bits,
    )


@dataclass(frozen=True, slots=True)
class TableSummary:
    """One played table game, by deck (the job's deck order), not by seat.

    ``places`` each deck's finishing place (1 first; shared places as in a competition);
    ``points`` each deck's share of a win in :data:`POINTS` ths; ``winners`` the decks
    that won (() for a draw); ``out`` the decks out of the game in the order they went
    out; ``first`` the deck that took turn 1; ``cards`` each deck's sightings.
    """

    seed: int
    rotation: int
    places: tuple[int, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
    out: tuple[int, ...]
    first: int
    turns: int
    actions: int
    ending: str
    cards: tuple[tuple[CardSighting, ...], ...]

    @property
    def swapped(self) -> int:
        """The rotation: with the seed, what pairs this game with the same game of
        another arm (as a two-deck summary's ``swapped`` does)."""
        return self.rotation

    def seat_of(self, deck: int) -> int:
        """The seat ``deck`` played in."""
        return (deck + self.rotation) % len(self.places)

    def score(self, deck: int | str = 0) -> float:
        """``deck``'s share of a win (deck "a" is deck 0, as for two decks)."""
        index = deck if isinstance(deck, int) else "ab".index(deck)
        return self.points[index] / POINTS

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; sightings as ``[name, opening, drawn, played]`` rows."""
        return {
            "seed": self.seed,
            "rotation": self.rotation,
            "places": list(self.places),
            "points": list(self.points),
            "winners": list(self.winners),
            "out": list(self.out),
            "first": self.first,
            "turns": self.turns,
            "actions": self.actions,
            "ending": self.ending,
            "cards": sightings_to_json(self.cards),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSummary:
        """The summary ``to_json`` gave; raises ValueError for anything else."""
        try:
            summary = cls(
                seed=int(data["seed"]),
                rotation=int(data["rotation"]),
                places=tuple(int(place) for place in data["places"]),
                points=tuple(int(points) for points in data["points"]),
                winners=tuple(int(deck) for deck in data["winners"]),
                out=tuple(int(deck) for deck in data["out"]),
                first=int(data["first"]),
                turns=int(data["turns"]),
                actions=int(data["actions"]),
                ending=str(data["ending"]),
                cards=sightings_from_json(data["cards"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a table summary: {error!r}") from None
        decks = len(summary.places)
        if not (
            len(summary.points) == len(summary.cards) == decks
            and 0 <= summary.first < decks
            and all(0 <= deck < decks for deck in (*summary.winners, *summary.out))
        ):
            raise ValueError("not a table summary: its decks do not agree")
        return summary


def finishing_places(state: engine.GameState) -> tuple[int, ...]:
    """Each seat's finishing place in a game ``played_out`` left (see the module's
    docstring): winners or drawers first, then the others still in, then the players out
    from the last to go out."""
    count = len(state.hands)
    out = state.players_out
    still_in = [seat for seat in range(count) if seat not in out]
    result = state.result
    # A stalled game (no result) is a draw among those still in.
    top = still_in if result is None else list(result.winners or result.among or still_in)
    groups = [top, [seat for seat in still_in if seat not in top]]
    groups += [[seat] for seat in reversed(out) if seat not in top]
    places = [0] * count
    ahead = 0
    for group in groups:
        for seat in group:
            places[seat] = ahead + 1
        ahead += len(group)
    return tuple(places)


def seat_points(state: engine.GameState) -> tuple[int, ...]:
    """Each seat's share of a win in POINTS ths (module docstring)."""
    count = len(state.hands)
    result = state.result
    if result is not None and result.winners:
        return tuple(POINTS * (seat in result.winners) for seat in range(count))
    if result is None:
        drawing = [seat for seat in range(count) if seat not in state.players_out]
    else:
        drawing = list(result.among) or [
            seat for seat in range(count) if seat not in state.players_out
        ]
    teams = state.teams or tuple(range(count))
    sides = len({teams[seat] for seat in drawing}) or 1
    return tuple(POINTS // sides * (seat in drawing) for seat in range(count))


def play_simulated_table(game: SimulatedTable) -> TableSummary:
    """Play ``game`` to its end and sum it up by deck.

    Seat ``s`` holds deck ``game.deck_in_seat(s)`` and its bot, seeded from the game's
    seed and the seat (as in a two-deck game); cards are sighted as there."""
    ruleset = ruleset_for(game.ruleset, game.options)
    count = len(game.decks)
    seated = [game.deck_in_seat(seat) for seat in range(count)]
    bots = [
        make_bot(game.bots[deck], derive_seed(game.seed, "bot", seat, bits=game.seed_bits))
        for seat, deck in enumerate(seated)
    ]
    state, opening_events = engine.start_game(
        ruleset, [game.decks[deck] for deck in seated], game.seed, game.scenario
    )
    # M2: the roll's winner places the first Realm Stone and the others follow
    # anticlockwise; the last to place, on the winner's left, takes turn 1.
    first_by_roll = (state.decision.player + 1) % count
    tracker = Sightings(state)
    tracker.read(state, opening_events)
    state, actions = played_out(state, bots, lambda _, after, events: tracker.read(after, events))
    reason = STALLED if state.result is None else state.result.reason
    first = tracker.first_seat if tracker.first_seat >= 0 else first_by_roll
    places, points, by_seat = finishing_places(state), seat_points(state), tracker.sightings()
    winners = () if state.result is None else state.result.winners
    return TableSummary(
        seed=game.seed,
        rotation=game.rotation,
        places=tuple(places[game.seat_of(deck)] for deck in range(count)),
        points=tuple(points[game.seat_of(deck)] for deck in range(count)),
        winners=tuple(sorted(seated[seat] for seat in winners)),
        out=tuple(seated[seat] for seat in state.players_out),
        first=seated[first],
        turns=state.turn,
        actions=actions,
        ending=ENDINGS.get(reason, reason),
        cards=tuple(by_seat[game.seat_of(deck)] for deck in range(count)),
    )

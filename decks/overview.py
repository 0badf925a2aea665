"""What the deck page and the builder show about a deck, gathered in one value.

Slots grouped by kind, totals, the format's verdict, statistics with their
charts, and the draw odds: built from one read of the slots, so a page costs
the same few queries however large the deck is.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from django.utils.safestring import SafeString

from cards.models import CardKind
from decks.charts import Bar, bar_chart_svg, pie_chart_svg
from decks.decklist import DecklistEntry, EntryGroup, board_total, deck_entries
from decks.models import Board, Deck
from decks.odds import DEFAULT_PLAYED_PER_TURN, DrawChance, deck_draw_chances
from decks.statistics import DeckStatistics, deck_statistics
from decks.validation import FormatViolation, validate_decklist

DEFAULT_TURN = 3
CHEAP_AVATAR_COST = 2


@dataclass(frozen=True)
class DeckOverview:
    deck: Deck
    entries: list[DecklistEntry]
    main: list[EntryGroup]
    side: list[EntryGroup]
    main_total: int
    side_total: int
    violations: list[FormatViolation]
    statistics: DeckStatistics
    charts: dict[str, SafeString]
    odds: list[DrawChance]
    turn: int
    played_per_turn: int
    # Cards in the format's opening hand; None when the format draws none (no odds then).
    opening_hand: int | None

    @property
    def boards(self) -> list[tuple[str, str, list[EntryGroup], int]]:
        """(board, label, kind groups, total) for the main deck, then the sideboard."""
        return [
            (Board.MAIN, Board.MAIN.label, self.main, self.main_total),
            (Board.SIDE, Board.SIDE.label, self.side, self.side_total),
        ]

    @property
    def boards_by_cost(self) -> list[tuple[str, str, list[EntryGroup], int]]:
        """As `boards`, each board grouped by power cost instead of kind."""
        return [
            (board, label, cost_groups(self.entries, board), total)
            for board, label, _, total in self.boards
        ]

    @property
    def is_valid(self) -> bool:
        return not self.violations

    @property
    def odds_order(self) -> str:
        """The order of the odds rows, in words."""
        return ODDS_ORDER


def kind_groups(entries: list[DecklistEntry], board: str) -> list[EntryGroup]:
    """One board's entries grouped by kind, in the catalogue's kind order."""
    on_board = sorted(
        (entry for entry in entries if entry.board == board),
        key=lambda entry: (_kind_rank(entry.card.kind), entry.card.cost, entry.card.name),
    )
    return [
        EntryGroup(label=CardKind(kind).label, entries=list(group))
        for kind, group in groupby(on_board, key=lambda entry: entry.card.kind)
    ]


def _kind_rank(kind: str) -> int:
    """Where a kind comes in the catalogue's kind order (an unknown kind last)."""
    return CardKind.values.index(kind) if kind in CardKind.values else len(CardKind.values)


def cost_groups(entries: list[DecklistEntry], board: str) -> list[EntryGroup]:
    """One board's entries grouped by power cost, cheapest first; in a group by kind, then name."""
    on_board = sorted(
        (entry for entry in entries if entry.board == board),
        key=lambda entry: (entry.card.cost, _kind_rank(entry.card.kind), entry.card.name),
    )
    return [
        EntryGroup(label=f"Cost {cost}", entries=list(group))
        for cost, group in groupby(on_board, key=lambda entry: entry.card.cost)
    ]


# The order of the odds rows, as the panel states it.
ODDS_ORDER = (
    f"an Avatar of cost {CHEAP_AVATAR_COST} or less first, then each kind, then each card "
    "as the deck list shows it (by kind, then cost, then name)"
)


def odds_groups(entries: list[DecklistEntry]) -> list[tuple[str, int]]:
    """The groups the odds panel prices, in `ODDS_ORDER`."""
    main = [entry for entry in entries if entry.board == Board.MAIN]
    cheap_avatars = sum(
        e.count for e in main if e.card.kind == CardKind.AVATAR and e.card.cost <= CHEAP_AVATAR_COST
    )
    groups = [(f"An Avatar of cost {CHEAP_AVATAR_COST} or less", cheap_avatars)]
    by_kind = kind_groups(entries, Board.MAIN)
    groups.extend((f"Any {group.label}", group.total) for group in by_kind)
    groups.extend((entry.card.name, entry.count) for group in by_kind for entry in group.entries)
    return groups


def deck_charts(statistics: DeckStatistics, entries: list[DecklistEntry]) -> dict[str, SafeString]:
    """The statistics drawn as SVG: cost curve, kinds, realms in their colours, Avatar traits.
    A deck of one realm has no realm chart: a full circle tells nothing that a sentence
    does not (the panel says the deck is all that realm)."""
    realm_colours = {entry.card.realm.name: entry.card.realm.colour for entry in entries}
    charts = {
        "cost_curve": bar_chart_svg(
            [Bar(str(cost), count) for cost, count in statistics.cost_curve.items()],
            title="Power-cost curve (main deck)",
        ),
        "kinds": pie_chart_svg(
            [Bar(kind, count) for kind, count in statistics.kinds.items()], title="Card kinds"
        ),
    }
    if len(statistics.realms) > 1:
        charts["realms"] = pie_chart_svg(
            [
                Bar(realm, count, realm_colours.get(realm, ""))
                for realm, count in statistics.realms.items()
            ],
            title="Realms",
        )
    if statistics.avatar_traits:
        charts["traits"] = bar_chart_svg(
            [
                Bar(trait.title(), round(float(value), 2))
                for trait, value in statistics.avatar_traits.as_pairs()
            ],
            title="Average Avatar traits",
        )
    return charts


def deck_overview(
    deck: Deck,
    *,
    turn: int = DEFAULT_TURN,
    played_per_turn: int = DEFAULT_PLAYED_PER_TURN,
) -> DeckOverview:
    """Everything a deck page shows about ``deck`` (its slots are read once)."""
    entries = deck_entries(deck)
    main_entries = [(e.card, e.count) for e in entries if e.board == Board.MAIN]
    statistics = deck_statistics(main_entries, deck.home_realm)
    main_total = board_total(entries, Board.MAIN)
    hand = deck.format.opening_hand
    if hand:
        # No more cards can leave a hand than it holds.
        played_per_turn = min(played_per_turn, hand)
    return DeckOverview(
        deck=deck,
        entries=entries,
        main=kind_groups(entries, Board.MAIN),
        side=kind_groups(entries, Board.SIDE),
        main_total=main_total,
        side_total=board_total(entries, Board.SIDE),
        violations=validate_decklist(
            format=deck.format, entries=entries, home_realm=deck.home_realm_id
        ),
        statistics=statistics,
        charts=deck_charts(statistics, entries),
        odds=deck_draw_chances(
            odds_groups(entries),
            deck_size=main_total,
            turn=turn,
            played_per_turn=played_per_turn,
            hand=hand,
        )
        if main_total and hand
        else [],
        turn=turn,
        played_per_turn=played_per_turn,
        opening_hand=hand,
    )

"""The board of the table in SVG units: spaces, vertices, labels and the pieces on them.

A space is ``CELL`` units wide and ``MARGIN`` holds the coordinate labels: the
spaces' a–h and 1–8 below and to the left, the vertices' A–I and 1–9 above and
to the right. Every position has a key, ``s<index>`` or ``v<index>``
(``table_decision.point_key``), that the drawing and the decision share.

Red sits at rank 1 and Blue at the far edge, as across a real table. A board drawn
``flipped`` is turned half a turn for Blue: a1 at the top right, its labels still beside
their own files and ranks, so Blue looks at the board from their own chair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from games.engine import (
    PLAYER_NAMES,
    Avatar,
    GameState,
    Geometry,
    Place,
    player_name,
    seat_count,
    trait_value,
)
from games.matches.table.decision import Choice, Panel, point_key, target_kind, target_words

# SVG units: a space is CELL wide (about 40 px when the board is 390 px wide).
CELL = 48
MARGIN = 30
# The most files a board drawn a phone's width across shows readably (10: 35 px spaces).
BIG_BOARD = 10
TRAITS = (("melee", "M"), ("defense", "D"), ("ranged", "R"), ("movement", "Mv"))
# Words too small to make an Avatar's initials ("Spirit of the Kiln" reads SK).
SMALL_WORDS = frozenset({"of", "the", "a", "an", "and"})
# Room for a token's texts, in SVG units: an Avatar's token on a space is 38 wide with
# rounded corners of 11 that keep it clear of the counters and stones on its corners;
# a walker's is a circle of 13. Text wider than its room is squeezed into it.
LABEL_ROOM, WALKER_LABEL_ROOM, TRAITS_ROOM = 26, 19, 28
LABEL_SIZE, WALKER_LABEL_SIZE = 13, 10
# Widths of bold letters in ems, on the wide side (DejaVu Sans Bold), to tell whether a
# label fits: a guess that errs towards squeezing.
WIDE_LETTERS, NARROW_LETTERS = frozenset("MWmw"), frozenset("IJijl1")


@dataclass(frozen=True, slots=True)
class Point:
    """A space or vertex (the engine's ``Place``) where the drawing puts it: ``x``, ``y``
    its centre (whole units)."""

    key: str
    place: Place
    x: int
    y: int

    @property
    def name(self) -> str:
        """The R2 name: c3, or C3 for a vertex."""
        return self.place.name

    @property
    def on_path(self) -> bool:
        """True for a vertex of the Spirit Path."""
        return self.place.on_path

    @property
    def xy(self) -> str:
        """ "x y" as text for a translate(): the template engine would localise numbers,
        slowly (and a locale with decimal commas would break the SVG)."""
        return f"{self.x} {self.y}"


@dataclass(frozen=True, slots=True)
class Space:
    """A square of the board: its centre and whether it is shaded."""

    point: Point
    shaded: bool


@dataclass(frozen=True, slots=True)
class Label:
    """A coordinate label at the board's edge, centred on ``xy``."""

    text: str
    xy: str


@dataclass(frozen=True, slots=True)
class Ground:
    """What never changes on a board of one size: the spaces and the labels."""

    view_box: str
    spaces: tuple[Space, ...]
    labels: tuple[Label, ...]
    vertex_labels: tuple[Label, ...]
    # Files across (R1: 4 to 16): past BIG_BOARD a phone scrolls the board sideways
    # rather than shrink its spaces under a finger's width.
    files: int = 8

    @property
    def big(self) -> bool:
        """Whether the board is too wide to fit a phone's screen readably."""
        return self.files > BIG_BOARD


# The white mark on each seat's Shén counters (an SVG path about the centre), so that
# the seats tell apart without their colours: none, a dot, a bar, a column, a cross, a
# ring (drawn even-odd).
COUNTER_MARKS = (
    "",
    "M-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0z",
    "M-4 -1.2h8v2.4h-8z",
    "M-1.2 -4h2.4v8h-2.4z",
    "M-4 -1.1h2.9v-2.9h2.2v2.9h2.9v2.2h-2.9v2.9h-2.2v-2.9h-2.9z",
    "M-4 0a4 4 0 1 0 8 0a4 4 0 1 0 -8 0zM-2 0a2 2 0 1 0 4 0a2 2 0 1 0 -4 0z",
)


# The marks in words, for the key to the board.
COUNTER_MARK_WORDS = (
    "no mark",
    "a white dot",
    "a white bar",
    "a white column",
    "a white cross",
    "a white ring",
)


def counter_mark(player: int) -> str:
    """The path of the white mark on ``player``'s counters ("" for none)."""
    return COUNTER_MARKS[player] if 0 <= player < len(COUNTER_MARKS) else ""


@dataclass(frozen=True, slots=True)
class Marker:
    """A piece that belongs to a player or nobody: a Shén counter, a Realm Stone,
    an Anchor Point (``owner`` -1 when unheld). ``under``: a counter's walker, the Avatar
    standing on it (drawn small on the walker's rim, where it hides neither)."""

    point: Point
    owner: int
    colour: str
    title: str
    under: str = ""

    @property
    def mark(self) -> str:
        """The white mark of its owner's counters (``counter_mark``)."""
        return counter_mark(self.owner)


@dataclass(frozen=True, slots=True)
class Trait:
    """One of an Avatar's traits now (``value``) and as printed."""

    name: str
    short: str
    value: int
    printed: int

    @property
    def change(self) -> str:
        """``up``, ``down`` or empty: how the value differs from the printed one."""
        return "up" if self.value > self.printed else "down" if self.value < self.printed else ""


@dataclass(frozen=True, slots=True)
class Badge:
    """A small mark on the top edge of a token: an Item (``item``) or an attached
    Remains card (``remains``), ``x`` from the token's centre."""

    kind: str
    x: float
    name: str


@dataclass(frozen=True, slots=True)
class BoardPlace:
    """A position the decision points at: a target of its choices, or a place an Avatar
    could reach once activated.

    ``free``: live from the start (a board-wide choice, the preselected piece's), drawn
    as ``kind`` (``attack``, ``move`` or ``act``) and read as ``words``. ``reach``: the
    groups of the Avatars that could act here once activated, ``reach_attacks`` those
    whose action here would be an attack (static/js/table.js shows them once one of
    those Avatars is picked)."""

    point: Point
    free: bool
    kind: str
    words: str
    reach: str
    reach_attacks: str


@dataclass(frozen=True, slots=True)
class AvatarPiece:
    """An Avatar on the board as drawn; ``selected`` when the decision is about it alone
    (an activated Avatar choosing what it does)."""

    card: int
    name: str
    label: str
    slug: str
    realm: str
    owner: int
    colour: str
    point: Point
    exhausted: bool
    activated: bool
    traits: tuple[Trait, ...]
    items: tuple[str, ...]
    attachments: tuple[str, ...]
    sources: str
    selected: bool = False

    @property
    def badges(self) -> tuple[Badge, ...]:
        """One mark per Item, then per attached Remains card, side by side along the
        token's top edge: clear of its texts and of the corners' counters."""
        kinds = [("item", n) for n in self.items] + [("remains", n) for n in self.attachments]
        left = -3.5 * (len(kinds) - 1)
        return tuple(Badge(kind, left + 7 * n, name) for n, (kind, name) in enumerate(kinds))

    @property
    def label_length(self) -> str:
        """The SVG ``textLength`` that keeps the label inside the token, or "" when it
        fits as it is."""
        if self.point.on_path:
            return fitted_length(self.label, WALKER_LABEL_SIZE, WALKER_LABEL_ROOM)
        return fitted_length(self.label, LABEL_SIZE, LABEL_ROOM)

    @property
    def traits_room(self) -> int:
        """The width the traits are set in (``textLength``): one width for every token,
        whatever the font, so the four numbers never spill over the outline."""
        return TRAITS_ROOM

    @property
    def changed(self) -> bool:
        """True when a trait is not its printed value (exhaustion, an Item, an effect)."""
        return any(trait.change for trait in self.traits)

    @property
    def state(self) -> str:
        """``ready`` or ``exhausted``."""
        return "exhausted" if self.exhausted else "ready"

    @property
    def title(self) -> str:
        """The Avatar in words, for a tooltip and screen readers."""
        state = self.state
        traits = ", ".join(f"{t.name} {t.value}" for t in self.traits)
        carried = ", ".join(self.items + self.attachments)
        return (
            f"{player_name(self.owner)} {self.name} ({self.realm}) on {self.point.name}, "
            f"{state}; {traits}" + (f"; carries {carried}" if carried else "")
        )


@dataclass(frozen=True, slots=True)
class Board:
    """The field in SVG units, with everything on it."""

    ground: Ground
    anchors: tuple[Marker, ...]
    stones: tuple[Marker, ...]
    counters: tuple[Marker, ...]
    avatars: tuple[AvatarPiece, ...]
    targets: tuple[Point, ...]
    free_targets: frozenset[str]
    flipped: bool = False
    places: tuple[BoardPlace, ...] = ()

    @property
    def open_counters(self) -> tuple[Marker, ...]:
        """The counters no walker stands on."""
        return tuple(c for c in self.counters if not c.under)

    @property
    def counters_under(self) -> tuple[Marker, ...]:
        """The counters a walker stands on, drawn over it."""
        return tuple(c for c in self.counters if c.under)

    @property
    def walkers(self) -> tuple[AvatarPiece, ...]:
        """The Avatars on the Spirit Path, drawn over those in spaces."""
        return tuple(a for a in self.avatars if a.point.on_path)

    @property
    def grounded(self) -> tuple[AvatarPiece, ...]:
        """The Avatars in spaces."""
        return tuple(a for a in self.avatars if not a.point.on_path)

    @property
    def seen_from(self) -> str:
        """The side whose chair the board is drawn from, in words."""
        return player_name(1 if self.flipped else 0)


def draw_board(view: GameState, panel: Panel | None, *, flipped: bool = False) -> Board:
    """The board of ``view`` with the sources and targets of ``panel`` (None: no decision),
    turned half a turn when ``flipped`` (Blue's side of the table)."""
    points = _Points(view.board, flipped)
    grid = view.grid
    walkers = {a.at: view.card_name(a.card) for a in view.avatars if a.on_path}
    counters = tuple(
        Marker(
            points.vertex(v),
            p,
            colour(p),
            f"{player_name(p)} Shén on {points.vertex(v).name}"
            + (f", under {walkers[v]}" if v in walkers else ""),
            walkers.get(v, ""),
        )
        for p in range(seat_count(view))
        for v in sorted(grid.counters_of(p))
    )
    stones = tuple(
        Marker(
            points.vertex(v),
            p,
            colour(p),
            f"{player_name(p)} Realm Stone on {points.vertex(v).name}",
        )
        for p in range(seat_count(view))
        for v in sorted(grid.stones_of(p))  # a second Realm Stone too (beta-2025)
    )
    # Anchor points stand on spaces, or on vertices in simplified-0.1.
    anchor_point = points.vertex if view.ruleset.anchors_on == "vertices" else points.space
    anchors = tuple(
        Marker(
            anchor_point(anchor),
            holder,
            colour(holder),
            f"Anchor Point {anchor_point(anchor).name}"
            + (f", held by {player_name(holder)}" if holder >= 0 else ", unclaimed"),
        )
        for anchor, holder in zip(view.anchors, view.holders, strict=True)
    )
    sources = panel.sources_at if panel else {}
    chosen = panel.preselected if panel else ""
    labels_of = _labels([view.card_name(a.card) for a in view.avatars])
    avatars = tuple(
        _avatar(view, avatar, points, labels_of[view.card_name(avatar.card)], sources, chosen)
        for avatar in view.avatars
    )
    targets = tuple(points.at(key) for key in panel.target_keys) if panel else ()
    return Board(
        ground=ground(view.board, flipped),
        anchors=anchors,
        stones=stones,
        counters=counters,
        avatars=avatars,
        targets=targets,
        free_targets=panel.free_targets if panel else frozenset(),
        flipped=flipped,
        places=_places(points, panel) if panel else (),
    )


def _places(points: _Points, panel: Panel) -> tuple[BoardPlace, ...]:
    """The targets of ``panel``'s choices, then the places only an activation reaches."""
    preselected = set(panel.preselected.split())
    free: dict[str, list[Choice]] = {}
    for group in panel.groups:
        if not group.kind or group.key in preselected:
            for choice in group.choices:
                if choice.point:
                    free.setdefault(choice.point, []).append(choice)
    reach: dict[str, dict[str, None]] = {}
    attacks: dict[str, dict[str, None]] = {}
    for key, choices in panel.reach.items():
        for choice in choices:
            reach.setdefault(choice.point, {})[key] = None
            if choice.target_kind == "attack":
                attacks.setdefault(choice.point, {})[key] = None
    keys = dict.fromkeys((*panel.target_keys, *reach))
    places = []
    for key in keys:
        point = points.at(key)
        here = free.get(key, [])
        places.append(
            BoardPlace(
                point=point,
                free=bool(here),
                kind=target_kind(here),
                words=target_words(point.name, here),
                reach=" ".join(reach.get(key, {})),
                reach_attacks=" ".join(attacks.get(key, {})),
            )
        )
    return tuple(places)


@cache
def ground(geometry: Geometry, flipped: bool = False) -> Ground:
    """The spaces and labels of a board of ``geometry``'s size (made once per size and
    side): a label sits beside the file or rank it names, wherever the turn put it."""
    width, height = geometry.width, geometry.height
    points = _Points(geometry, flipped)
    spaces = tuple(
        Space(points.space(index), sum(geometry.space_file_rank(index)) % 2 == 0)
        for index in range(geometry.space_count)
    )
    bottom, right = MARGIN + height * CELL, MARGIN + width * CELL
    # Spaces: a–h under the board, 1–8 on its left; vertices: A–I above, 1–9 on the right.
    labels = tuple(
        Label(chr(ord("a") + f), f"{points.x(f, CELL // 2)} {bottom + 17}") for f in range(width)
    ) + tuple(Label(str(r + 1), f"12 {points.y(r, CELL // 2)}") for r in range(height))
    vertex_labels = tuple(
        Label(chr(ord("A") + f), f"{points.x(f, 0)} 8") for f in range(width + 1)
    ) + tuple(Label(str(r + 1), f"{right + 22} {points.y(r, 0)}") for r in range(height + 1))
    size = f"{width * CELL + 2 * MARGIN} {height * CELL + 2 * MARGIN}"
    return Ground(f"0 0 {size}", spaces, labels, vertex_labels, width)


class _Points:
    """Points of one board seen from one side, made once each."""

    def __init__(self, geometry: Geometry, flipped: bool = False) -> None:
        self.board = geometry
        self.flipped = flipped

    def x(self, file: int, offset: int) -> int:
        """The x of file ``file``'s left edge plus ``offset`` (a vertex: 0; a space's
        centre: half a cell), measured from the right edge when flipped."""
        if self.flipped:
            return MARGIN + self.board.width * CELL - file * CELL - offset
        return MARGIN + file * CELL + offset

    def y(self, rank: int, offset: int) -> int:
        """The y of rank ``rank``'s lower edge minus ``offset``: rank 1 at the bottom, or
        at the top when flipped."""
        if self.flipped:
            return MARGIN + rank * CELL + offset
        return MARGIN + (self.board.height - rank) * CELL - offset

    def space(self, index: int) -> Point:
        file, rank = self.board.space_file_rank(index)
        place = Place(index, False, self.board.space_name(index))
        centre = CELL // 2
        return Point(point_key(index, False), place, self.x(file, centre), self.y(rank, centre))

    def vertex(self, index: int) -> Point:
        file, rank = self.board.vertex_file_rank(index)
        place = Place(index, True, self.board.vertex_name(index))
        return Point(point_key(index, True), place, self.x(file, 0), self.y(rank, 0))

    def at(self, key: str) -> Point:
        index = int(key[1:])
        return self.vertex(index) if key[0] == "v" else self.space(index)


def _avatar(
    view: GameState,
    avatar: Avatar,
    points: _Points,
    label: str,
    sources: Mapping[str, str],
    chosen: str,
) -> AvatarPiece:
    spec = view.cards[avatar.card]
    point = points.vertex(avatar.at) if avatar.on_path else points.space(avatar.at)
    here = sources.get(point.key, "")
    return AvatarPiece(
        card=avatar.card,
        name=spec.name,
        label=label,
        slug=spec.slug,
        realm=spec.realm,
        owner=avatar.owner,
        colour=colour(avatar.owner),
        point=point,
        exhausted=avatar.exhausted,
        activated=avatar.activated,
        traits=tuple(
            Trait(name, short, trait_value(view, avatar, name), spec.trait(name))
            for name, short in TRAITS
        ),
        items=tuple(view.card_name(card) for card in avatar.items),
        attachments=tuple(view.card_name(card) for card in avatar.attachments),
        sources=here,
        selected=bool(here) and here == chosen,
    )


def fitted_length(text: str, size: float, room: int) -> str:
    """``room`` (as text) when ``text`` set bold at ``size`` may be wider than ``room``,
    else "": the ``textLength`` that squeezes a label into its token."""
    ems = sum(
        1.05 if c in WIDE_LETTERS else 0.4 if c in NARROW_LETTERS else 0.82 if c.isupper() else 0.7
        for c in text
    )
    return str(room) if ems * size > room else ""


def initials(name: str) -> str:
    """Up to three capitals from a card name: "Spirit of the Kiln" → "SK"."""
    words = [w for w in name.split() if w.lower() not in SMALL_WORDS] or name.split() or ["?"]
    return "".join(w[0].upper() for w in words)[:3]


def _labels(names: Sequence[str]) -> dict[str, str]:
    """A short label per distinct name; names sharing initials get a letter more each."""
    by_label: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        by_label.setdefault(initials(name), []).append(name)
    labels = {}
    for label, clashing in by_label.items():
        for number, name in enumerate(clashing):
            if len(clashing) == 1:
                labels[name] = label
            else:
                last = name.split()[-1]
                longer = label[:2] + last[1:2].lower() if len(last) > 1 else label
                labels[name] = longer if longer not in by_label else f"{label}{number + 1}"
    # Two names still alike after that are numbered.
    seen: dict[str, int] = {}
    for name in sorted(labels):
        count = seen[labels[name]] = seen.get(labels[name], 0) + 1
        if count > 1:
            labels[name] = f"{labels[name][:2]}{count}"
    return labels


def colour(player: int) -> str:
    """The CSS colour word of a seat ("red", "blue", … "orange"), or "none"."""
    return player_name(player).lower() if 0 <= player < len(PLAYER_NAMES) else "none"

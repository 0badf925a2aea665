"""The rules-relevant face of a card, as the engine sees it.

The Django catalogue hands these over as plain dicts (``CardSpec.from_data``);
tests build their own small specs. Nothing here knows about the database.

A spec from data (a catalogue card, a deck in a replay file) has the catalogue's bounds,
defined here and read by the catalogue's checks (``cards.validation``): a trait of a
billion would make a replay search a billion steps of movement.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from games.engine.effects import EffectError, EffectStep, parse_effect, validate_timing

KINDS = ("avatar", "item", "remains", "action")
CARD_TARGETS = ("none", "own_avatar", "opponent_avatar", "any_avatar")
PATH_VERBS = ("walk_spirit_path", "leave_spirit_path")

# The most Shén a player can have around a space is 4, on and next to a vertex 5 (R15):
# a card that costs more could never be played.
MAX_SPACE_COST = 4
MAX_VERTEX_COST = 5
MAX_TRAIT = 10
MAX_BONUS = 5


def cost_limit(kind: Any, is_spirit: Any) -> int:
    """The most a card of ``kind`` may cost: Spirit Avatars are paid on and next to a
    vertex (up to 5 counters), all else at a space (R15)."""
    return MAX_VERTEX_COST if kind == "avatar" and is_spirit else MAX_SPACE_COST


@dataclass(frozen=True, slots=True)
class PlayProfile:
    """What the rules need to know about playing a card, in or out of combat (R16, R22)."""

    playable: bool
    steps: tuple[EffectStep, ...]
    target_kind: str
    path_verb: str | None
    needs_origin: bool


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    """An ability printed on a card: its power cost, when it is used and what it does."""

    name: str
    cost: int
    timing: str
    effect: tuple[EffectStep, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> AbilitySpec:
        """An ability from ``{"name", "cost", "timing", "effect": [steps]}``."""
        return cls(
            name=str(data["name"]),
            cost=_whole(data.get("cost", 0), "cost", most=MAX_VERTEX_COST),
            timing=validate_timing(data["timing"]),
            effect=parse_effect(data["effect"]),
        )

    def target_kind(self) -> str:
        """The kind of Avatar this ability must be aimed at ('none' when only at itself)."""
        return steps_target_kind(self.effect)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A card by name with every field the rules read (R16: kind, cost, realm, traits)."""

    name: str
    slug: str
    kind: str
    realm: str
    cost: int
    melee: int = 0
    defense: int = 0
    ranged: int = 0
    movement: int = 0
    is_spirit: bool = False
    bonus_melee: int = 0
    bonus_defense: int = 0
    bonus_ranged: int = 0
    bonus_movement: int = 0
    target: str = "none"
    abilities: tuple[AbilitySpec, ...] = ()
    # Derived from the fields above when the spec is made (never stored or compared):
    # playing a card is looked at for every card in hand at every step.
    played: PlayProfile = field(init=False, repr=False, compare=False)
    played_in_combat: PlayProfile = field(init=False, repr=False, compare=False)
    # Specs are hashed to tell a hand's card faces apart: hashed once, from the fields.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: kind must be one of {', '.join(KINDS)}")
        if self.target not in CARD_TARGETS:
            raise ValueError(f"{self.name}: target must be one of {', '.join(CARD_TARGETS)}")
        if self.cost < 0:
            raise ValueError(f"{self.name}: cost must not be negative")
        object.__setattr__(self, "played", _play_profile(self, in_combat=False))
        object.__setattr__(self, "played_in_combat", _play_profile(self, in_combat=True))
        compared = (f.name for f in fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, name) for name in compared)))

    def __hash__(self) -> int:
        return self._hash

    def play_profile(self, in_combat: bool) -> PlayProfile:
        """What playing this card does now, in or out of combat."""
        return self.played_in_combat if in_combat else self.played

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> CardSpec:
        """A spec from plain data; missing traits count as 0, missing abilities as none.

        Every number has the catalogue's bounds (the module's ``MAX_*``). Raises
        ValueError (EffectError for a bad ability) naming the card.
        """
        name = str(data["name"])
        try:
            abilities = tuple(AbilitySpec.from_data(a) for a in data.get("abilities") or ())
        except EffectError as error:
            raise EffectError(error.field, f"{name}: {error.message}") from None
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        try:
            kind = str(data["kind"])
            is_spirit = bool(data.get("is_spirit", False))
            traits = {
                trait: _whole(data.get(trait), trait, most=MAX_TRAIT)
                for trait in ("melee", "defense", "ranged", "movement")
            }
            bonuses = {
                bonus: _whole(data.get(bonus), bonus, most=MAX_BONUS, signed=True)
                for bonus in ("bonus_melee", "bonus_defense", "bonus_ranged", "bonus_movement")
            }
            cost = _whole(data.get("cost", 0), "cost", most=cost_limit(kind, is_spirit))
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        return cls(
            name=name,
            slug=str(data.get("slug") or name.lower().replace(" ", "-")),
            kind=kind,
            realm=str(data.get("realm") or ""),
            cost=cost,
            is_spirit=is_spirit,
            target=str(data.get("target") or "none"),
            abilities=abilities,
            **traits,
            **bonuses,
        )

    def trait(self, trait: str) -> int:
        """The printed trait (melee, defense, ranged, movement)."""
        return getattr(self, trait)

    def bonus(self, trait: str) -> int:
        """What an Item gives its bearer in ``trait``."""
        return getattr(self, "bonus_" + trait)

    def abilities_timed(self, timing: str) -> tuple[tuple[int, AbilitySpec], ...]:
        """(index, ability) for the abilities with ``timing``."""
        return tuple((i, a) for i, a in enumerate(self.abilities) if a.timing == timing)

    def play_target_kind(self) -> str:
        """What playing this card must be aimed at: its own target, else its effects' target."""
        if self.target != "none":
            return self.target
        if self.kind == "item":
            return "own_avatar"
        steps = tuple(
            step
            for ability in self.abilities
            if ability.timing in ("on_play", "on_manifest", "while_attached", "in_combat")
            for step in ability.effect
        )
        return steps_target_kind(steps)


def playable_in(spec: CardSpec, in_combat: bool) -> bool:
    """May ``spec`` be played now? Avatars and Items never in combat (R22); Actions with
    only in-combat abilities only in combat."""
    if in_combat:
        return spec.kind in ("remains", "action")
    if spec.kind == "action" and spec.abilities:
        return any(a.timing == "on_play" for a in spec.abilities)
    return True


def play_timings(spec: CardSpec, in_combat: bool) -> tuple[str, ...]:
    """Which abilities of ``spec`` take effect when it is played."""
    if spec.kind == "avatar":
        return ("on_manifest",)
    if spec.kind == "item":
        return ("on_play",)
    timings = ("on_play", "in_combat") if in_combat else ("on_play",)
    return (*timings, "while_attached") if spec.kind == "remains" else timings


def effect_steps(spec: CardSpec, timings: tuple[str, ...]) -> tuple[EffectStep, ...]:
    """The steps of ``spec``'s abilities with these timings that happen once, in order
    (a while-attached trait change lasts instead: see ``avatars.lasting_change``)."""
    return tuple(
        step
        for ability in spec.abilities
        if ability.timing in timings
        for step in ability.effect
        if not (ability.timing == "while_attached" and step.verb == "modify_trait")
    )


def gives_cards_back(spec: CardSpec) -> bool:
    """Does any ability of ``spec`` give cards back (``gain_cards_back``)? Such a card is
    never itself given back under alternating steps (R16)."""
    return any(step.verb == "gain_cards_back" for a in spec.abilities for step in a.effect)


def path_verb(steps: tuple[EffectStep, ...]) -> str | None:
    """The Spirit-Path verb among ``steps``, if any."""
    for step in steps:
        if step.verb in PATH_VERBS:
            return step.verb
    return None


def _play_profile(spec: CardSpec, *, in_combat: bool) -> PlayProfile:
    steps = effect_steps(spec, play_timings(spec, in_combat))
    return PlayProfile(
        playable=playable_in(spec, in_combat),
        steps=steps,
        target_kind=spec.play_target_kind(),
        path_verb=path_verb(steps),
        needs_origin=any(step.verb == "remove_counters" for step in steps),
    )


def steps_target_kind(steps: tuple[EffectStep, ...]) -> str:
    """The first non-'self' target among ``steps``, or 'none'.

    One play or use picks one Avatar; every step aimed at an Avatar other
    than 'self' acts on that one.
    """
    for step in steps:
        for name, value in step.params:
            if name == "target" and value != "self":
                return value
    return "none"


def _whole(value: Any, field: str, *, most: int, signed: bool = False) -> int:
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{field} must be a whole number, not {value!r}")
    least = -most if signed else 0
    if not least <= value <= most:
        raise ValueError(f"{field} must be a whole number from {least} to {most}, not {value}")
    return value

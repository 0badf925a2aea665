"""The effect vocabulary: what a card's ability or one-shot text *does*, as data.

One definition shared by the card catalogue (which validates abilities when a
card is saved or loaded) and the rules engine (which executes them). Plain
Python: no Django here.

An effect is a list of steps; each step is a mapping with a ``verb`` and the
verb's parameters, for example::

    [{"verb": "draw_cards", "count": 2},
     {"verb": "modify_trait", "trait": "melee", "amount": 1, "target": "self"}]

Verbs (parameters in brackets, all required unless a default is shown):

``draw_cards`` [count]
    The card's owner draws ``count`` cards: from the deck alone under alternating
    steps, reshuffling the discard pile into an empty deck under one action a turn (R9).
``place_counters`` [count]
    The owner places ``count`` Shén counters, one at a time, each under the
    rules of R10/R11 (capture applies).
``remove_counters`` [count, range=1]
    The owner removes up to ``count`` counters of any of their opponents (never an
    ally's, M4) on vertices within ``range`` steps (R4, along the Spirit Path) of the
    source's position.
``modify_trait`` [trait, amount, target="self", duration="end_of_turn"]
    ``trait`` is melee, defense, ranged or movement; ``amount`` may be
    negative; the trait never drops below 0. ``duration`` is end_of_turn or
    while_attached (for Items and Remains in Play).
``extra_dice`` [count, target="self"]
    Bonus combat dice for the current combat (R22).
``opponent_loses_cards`` [count]
    Each opponent loses ``count`` cards (R24: the loser chooses which); with more
    than two players each of them, clockwise from the owner (M4), allies never.
``gain_cards_back`` [count]
    The owner returns up to ``count`` cards from their discard pile to their hand.
``refresh_avatar`` [target]
    The target Avatar becomes Ready.
``exhaust_avatar`` [target]
    The target Avatar becomes Exhausted.
``walk_spirit_path`` [target]
    The target Avatar moves from its space onto one of that space's corner
    vertices (empty of counters or holding its owner's) and walks the Spirit
    Path. On a Remains-in-Play card, removing the card reverses it.
``leave_spirit_path`` [target]
    The target walker moves from its vertex into an empty space it borders.
    On a Remains-in-Play card, removing the card reverses it.

Targets: ``self`` (the Avatar whose ability it is, or an Item's or attached
card's bearer), ``own_avatar``, ``opponent_avatar``, ``any_avatar``.

Timings say when an ability may be used: ``activated`` (a step of an Avatar's
activation, before or after its move; exhausts it, R19), ``on_manifest``,
``on_play`` (Action cards when played), ``in_combat`` (the one card/ability
window of R22), ``after_combat``, ``passive`` and ``while_attached``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

TRAITS = ("melee", "defense", "ranged", "movement")
TARGETS = ("self", "own_avatar", "opponent_avatar", "any_avatar")
DURATIONS = ("end_of_turn", "while_attached")
TIMINGS = (
    "activated",
    "on_manifest",
    "on_play",
    "in_combat",
    "after_combat",
    "passive",
    "while_attached",
)


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: its kind, allowed values and default."""

    kind: type
    choices: tuple[str, ...] = ()
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def required(self) -> bool:
        return self.default is None


_COUNT = Param(int, minimum=1, maximum=20)
_TARGET = Param(str, choices=TARGETS)
_TARGET_SELF = Param(str, choices=TARGETS, default="self")

# Each verb of the vocabulary and its parameters, read-only.
VERBS: Mapping[str, Mapping[str, Param]] = MappingProxyType(
    {
        verb: MappingProxyType(params)
        for verb, params in {
            "draw_cards": {"count": _COUNT},
            "place_counters": {"count": _COUNT},
            "remove_counters": {
                "count": _COUNT,
                "range": Param(int, default=1, minimum=0, maximum=8),
            },
            "modify_trait": {
                "trait": Param(str, choices=TRAITS),
                "amount": Param(int, minimum=-10, maximum=10),
                "target": _TARGET_SELF,
                "duration": Param(str, choices=DURATIONS, default="end_of_turn"),
            },
            "extra_dice": {"count": _COUNT, "target": _TARGET_SELF},
            "opponent_loses_cards": {"count": _COUNT},
            "gain_cards_back": {"count": _COUNT},
            "refresh_avatar": {"target": _TARGET},
            "exhaust_avatar": {"target": _TARGET},
            "walk_spirit_path": {"target": _TARGET},
            "leave_spirit_path": {"target": _TARGET},
        }.items()
    }
)


class EffectError(ValueError):
    """An effect that does not fit the vocabulary.

    ``field`` is a path into the effect (``"1.amount"``: the second step's
    amount) so callers can name the card and field in their own message.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class EffectStep:
    """One validated step: a verb and its parameters, defaults filled in."""

    verb: str
    params: tuple[tuple[str, Any], ...]

    def get(self, name: str) -> Any:
        """The value of parameter ``name``."""
        return dict(self.params)[name]

    def to_data(self) -> dict[str, Any]:
        """The step as plain JSON-ready data."""
        return {"verb": self.verb, **dict(self.params)}


def parse_step(raw: Any, *, path: str = "") -> EffectStep:
    """Validate one step and return it with defaults filled in."""
    if not isinstance(raw, Mapping):
        raise EffectError(path, f"a step must be an object with a verb, not {type(raw).__name__}")
    verb = raw.get("verb")
    where = f"{path}.verb" if path else "verb"
    if verb not in VERBS:
        known = ", ".join(sorted(VERBS))
        raise EffectError(where, f"unknown verb {verb!r}; known verbs: {known}")
    spec = VERBS[verb]
    unknown = sorted(set(raw) - set(spec) - {"verb"})
    if unknown:
        name = f"{path}.{unknown[0]}" if path else unknown[0]
        raise EffectError(name, f"{verb} takes no parameter {unknown[0]!r}")
    params = []
    for name, param in spec.items():
        field = f"{path}.{name}" if path else name
        if name not in raw:
            if param.required:
                raise EffectError(field, f"{verb} needs {name!r}")
            params.append((name, param.default))
            continue
        params.append((name, _check_value(field, raw[name], param)))
    return EffectStep(verb=verb, params=tuple(params))


def _check_value(field: str, value: Any, param: Param) -> Any:
    # bool is an int subclass in Python; a JSON true is never a count.
    if not isinstance(value, param.kind) or isinstance(value, bool):
        raise EffectError(field, f"must be {param.kind.__name__}, not {value!r}")
    if param.choices and value not in param.choices:
        raise EffectError(field, f"must be one of {', '.join(param.choices)}, not {value!r}")
    if param.minimum is not None and value < param.minimum:
        raise EffectError(field, f"must be at least {param.minimum}, not {value}")
    if param.maximum is not None and value > param.maximum:
        raise EffectError(field, f"must be at most {param.maximum}, not {value}")
    return value


def parse_effect(raw: Any) -> tuple[EffectStep, ...]:
    """Validate a whole effect (a list of steps); raises EffectError on the first fault."""
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise EffectError("", "an effect must be a list of steps")
    if not raw:
        raise EffectError("", "an effect needs at least one step")
    return tuple(parse_step(step, path=str(index)) for index, step in enumerate(raw))


def validate_timing(timing: Any) -> str:
    """Return ``timing`` if it is one of TIMINGS, else raise EffectError."""
    if timing not in TIMINGS:
        raise EffectError("timing", f"must be one of {', '.join(TIMINGS)}, not {timing!r}")
    return timing


def describe_step(step: EffectStep) -> str:
    """A short English rendering of a step, for card faces and logs."""
    p = dict(step.params)
    target = {"self": "this Avatar", "own_avatar": "your Avatar"}.get(
        p.get("target", ""), "target Avatar"
    )
    subject = target[:1].upper() + target[1:]  # str.capitalize() would lower "Avatar"
    match step.verb:
        case "draw_cards":
            return f"Draw {p['count']} card{'s' * (p['count'] != 1)}."
        case "place_counters":
            return f"Place {p['count']} Shén counter{'s' * (p['count'] != 1)}."
        case "remove_counters":
            return f"Remove up to {p['count']} opposing Shén within {p['range']}."
        case "modify_trait":
            sign = "+" if p["amount"] >= 0 else "−"
            until = " until end of turn" if p["duration"] == "end_of_turn" else ""
            return f"{subject} gets {sign}{abs(p['amount'])} {p['trait']}{until}."
        case "extra_dice":
            return f"{subject} rolls {p['count']} extra combat dice."
        case "opponent_loses_cards":
            return f"Your opponent loses {p['count']} card{'s' * (p['count'] != 1)}."
        case "gain_cards_back":
            return f"Return up to {p['count']} cards from your discard pile to your hand."
        case "refresh_avatar":
            return f"Refresh {target}."
        case "exhaust_avatar":
            return f"Exhaust {target}."
        case "walk_spirit_path":
            return f"{subject} walks the Spirit Path."
        case "leave_spirit_path":
            return f"{subject} leaves the Spirit Path."
    return step.verb

"""The fields a search term may name, and how a term's value is read for each."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from cards.models import CardKind, Rarity
from cards.search.errors import SearchSyntaxError
from cards.search.tokens import OPERATORS, Token


class ValueKind(enum.Enum):
    NUMBER = "number"  # compared with : = != < <= > >=
    TEXT = "text"  # substring, case-insensitive
    CHOICE = "choice"  # one of a fixed set of values
    REALM = "realm"  # a realm's slug, or part of its name
    KEYWORD = "keyword"  # one whole keyword
    FLAG = "flag"  # a yes/no property, reached through is:


@dataclass(frozen=True)
class Field:
    """A searchable field: its name, aliases, the column it reads and how values are read."""

    name: str
    aliases: tuple[str, ...]
    kind: ValueKind
    column: str
    description: str = field(repr=False)
    example: str = field(repr=False)
    choices: Mapping[str, str] = field(default_factory=dict, repr=False)

    @property
    def operators(self) -> tuple[str, ...]:
        return OPERATORS if self.kind is ValueKind.NUMBER else (":", "=")


@dataclass(frozen=True)
class Condition:
    """One validated term: ``field`` compared by ``operator`` with ``value``."""

    field: Field
    operator: str
    value: int | str | bool


def _spellings(values: Mapping[str, tuple[str, ...]]) -> Mapping[str, str]:
    """Every accepted spelling mapped to the stored value it stands for."""
    return MappingProxyType(
        {spelling: str(stored) for stored, extra in values.items() for spelling in (stored, *extra)}
    )


KIND_SPELLINGS = _spellings(
    {
        CardKind.AVATAR: ("avatars",),
        CardKind.ITEM: ("items",),
        CardKind.REMAINS: ("rip", "remains-in-play", "remains_in_play", "remainsinplay"),
        CardKind.ACTION: ("actions",),
    }
)
RARITY_SPELLINGS = _spellings(
    {
        Rarity.COMMON: ("c",),
        Rarity.UNCOMMON: ("u",),
        Rarity.RARE: ("r",),
        Rarity.MYTHIC: ("m",),
        Rarity.CHAMPION: ("ch",),
    }
)

SPIRIT = Field(
    "spirit", (), ValueKind.FLAG, "is_spirit", "Spirit Avatars, which walk the Spirit Path", ""
)

FIELDS: tuple[Field, ...] = (
    Field("name", ("n",), ValueKind.TEXT, "name", "Words in the card's name", "name:warden"),
    Field(
        "o",
        ("text", "oracle"),
        ValueKind.TEXT,
        "rules_text",
        "Words or a quoted phrase in the rules text",
        'o:"spirit path"',
    ),
    Field(
        "flavor",
        ("ft", "flavour"),
        ValueKind.TEXT,
        "flavour_text",
        "Words in the flavour text",
        "ft:stone",
    ),
    Field(
        "kind",
        ("k", "t", "type"),
        ValueKind.CHOICE,
        "kind",
        "avatar, item, remains (or rip) or action",
        "kind:avatar",
        KIND_SPELLINGS,
    ),
    Field(
        "realm",
        ("r",),
        ValueKind.REALM,
        "realm",
        "A realm's slug or part of its name",
        "realm:cinderfall",
    ),
    Field("cost", ("c",), ValueKind.NUMBER, "cost", "Power cost in Shén", "cost<=3"),
    Field("atk", ("melee",), ValueKind.NUMBER, "melee", "An Avatar's melee", "atk>=2"),
    Field(
        "def", ("defense", "defence"), ValueKind.NUMBER, "defense", "An Avatar's defense", "def>3"
    ),
    Field("rng", ("ranged",), ValueKind.NUMBER, "ranged", "An Avatar's ranged attack", "rng:0"),
    Field(
        "mv", ("move", "movement"), ValueKind.NUMBER, "movement", "An Avatar's movement", "mv>=3"
    ),
    Field(
        "rarity",
        ("rar",),
        ValueKind.CHOICE,
        "rarity",
        "common, uncommon, rare, mythic or champion (or c, u, r, m, ch)",
        "rarity:rare",
        RARITY_SPELLINGS,
    ),
    Field("kw", ("keyword",), ValueKind.KEYWORD, "keywords", "A whole keyword", "kw:flying"),
    Field(
        "is",
        (),
        ValueKind.FLAG,
        "",
        "spirit, or a kind: avatar, item, remains, action",
        "is:spirit",
    ),
)
FIELDS_BY_SPELLING: Mapping[str, Field] = MappingProxyType(
    {spelling: f for f in FIELDS for spelling in (f.name, *f.aliases)}
)
KIND = FIELDS_BY_SPELLING["kind"]

_NUMBER = re.compile(r"\d{1,4}")


def read_condition(token: Token, query: str) -> Condition:
    """The Condition a TERM token stands for; raises SearchSyntaxError if it makes no sense."""
    spec = FIELDS_BY_SPELLING.get(token.field.lower())
    if spec is None:
        # The operator after it ended the field's name: no more typing mends it.
        raise SearchSyntaxError(
            f'Unknown field "{token.field}"', token.position, token.field, query, unfinished=False
        )
    if token.operator not in spec.operators:
        allowed = " or ".join(f'"{op}"' for op in spec.operators)
        raise SearchSyntaxError(
            f'Operator "{token.operator}" does not apply to {spec.name}; use {allowed}',
            token.operator_position,
            token.operator,
            query,
            unfinished=False,
        )
    value = token.value.strip()
    if spec.kind is ValueKind.NUMBER:
        if not _NUMBER.fullmatch(value):
            raise _value_error(
                token, query, f'{spec.name} needs a whole number up to 9999, not "{value}"'
            )
        return Condition(spec, token.operator, int(value))
    if spec.kind is ValueKind.CHOICE:
        return Condition(spec, ":", _choose(spec, token, query, value.lower()))
    if spec.kind is ValueKind.KEYWORD:
        if len(value.split()) != 1:
            raise _value_error(token, query, f'A keyword is one word, not "{value}"')
        return Condition(spec, ":", value.lower())
    if spec.kind is ValueKind.FLAG:
        return _read_is(token, query, value.lower())
    return Condition(spec, ":", value)


def _choose(spec: Field, token: Token, query: str, value: str) -> str:
    if value not in spec.choices:
        message = f'Unknown {spec.name} "{token.value}"; expected {spec.description}'
        raise _value_error(token, query, message, completions=spec.choices)
    return spec.choices[value]


def _read_is(token: Token, query: str, value: str) -> Condition:
    if value == SPIRIT.name:
        return Condition(SPIRIT, ":", True)
    if value in KIND_SPELLINGS:
        return Condition(KIND, ":", KIND_SPELLINGS[value])
    raise _value_error(
        token,
        query,
        f'Unknown property "is:{token.value}"; expected spirit, or a kind',
        completions=(SPIRIT.name, *KIND_SPELLINGS),
    )


def _value_error(
    token: Token, query: str, message: str, completions: Iterable[str] = ()
) -> SearchSyntaxError:
    """The error for a bad value. It may be one still being typed only where some value
    the field takes starts with it (``kind:av``, not ``cost<cheap``), unquoted."""
    typed = token.value.lower()
    on_its_way = not token.quoted and any(value.startswith(typed) for value in completions)
    return SearchSyntaxError(
        message,
        token.value_position,
        token.value_text,
        query,
        unfinished=None if on_its_way else False,
    )

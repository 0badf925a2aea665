"""The catalogue file format: parse a document into typed records, collecting every error.

A catalogue is a JSON object::

    {"format": "shen-catalogue", "version": 1, "name": "...",
     "realms": [{"name", "slug", "colour", "symbol", "description"}],
     "cards": [{"name", "slug", "kind", "realm", "cost", "rarity", "keywords",
                "rules_text", "flavour_text",
                "melee", "defense", "ranged", "movement", "is_spirit",   # Avatars
                "bonus_melee", "bonus_defense", "bonus_ranged", "bonus_movement",  # Items
                "target",                                                # Remains, Actions
                "abilities": [{"name", "cost", "timing", "effect", "text"}],
                "errata": [{"date": "YYYY-MM-DD", "note", "previous": {field: value}}]}]}

Card fields use the model's names; ``realm`` is a realm slug; ``keywords`` a list
of words; ``effect`` is in the vocabulary of ``games.engine.effects``. Only
``name``, ``kind``, ``realm`` and ``cost`` are required (Avatars also need their
traits); the slug defaults to the slugified name. ``errata`` lists earlier
versions, newest first, as ``cards.models.CardRevision`` keeps them.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import slugify

from cards.models import CardKind, CardTarget, Rarity, keywords_join
from cards.revisions import ABILITY_FIELDS, RULES_FIELDS, ability_data
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS, card_faults

FORMAT_NAME = "shen-catalogue"
FORMAT_VERSION = 1
_SLUG = re.compile(r"^[-a-z0-9_]+$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_KEYWORD = re.compile(r"^[a-z0-9][-a-z0-9]*$")

REALM_KEYS = ("name", "slug", "colour", "symbol", "description")
CARD_KEYS = (
    "name",
    "slug",
    "kind",
    "realm",
    "cost",
    "rarity",
    "keywords",
    "rules_text",
    "flavour_text",
    *TRAIT_FIELDS,
    "is_spirit",
    *BONUS_FIELDS,
    "target",
    "abilities",
    "errata",
)
ERRATA_KEYS = ("date", "note", "previous")


@dataclass(frozen=True)
class CatalogueError:
    """One fault in a catalogue: the card (or realm) it is on, the field and why."""

    card: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"field '{self.field}': " if self.field else ""
        return f"card '{self.card}', {where}{self.message}" if self.card else where + self.message


class CatalogueInvalid(Exception):
    """A catalogue that cannot be loaded; ``errors`` lists every fault found."""

    def __init__(self, errors: list[CatalogueError]) -> None:
        super().__init__("\n".join(str(error) for error in errors))
        self.errors = errors


@dataclass(frozen=True)
class RealmRecord:
    name: str
    slug: str
    colour: str
    symbol: str
    description: str = ""


@dataclass(frozen=True)
class ErrataRecord:
    """An earlier version of a card: the rules fields it changed and their old values."""

    date: datetime.date
    note: str
    previous: Mapping[str, Any]


@dataclass(frozen=True)
class CardRecord:
    """A card as the file states it; ``values`` holds the model fields but realm."""

    slug: str
    realm: str
    values: Mapping[str, Any]
    abilities: tuple[Mapping[str, Any], ...] = ()
    errata: tuple[ErrataRecord, ...] = ()

    @property
    def name(self) -> str:
        return self.values["name"]


@dataclass(frozen=True)
class Catalogue:
    name: str
    realms: tuple[RealmRecord, ...]
    cards: tuple[CardRecord, ...]


def catalogue_parse_text(text: str, *, known_realms: Collection[str] = ()) -> Catalogue:
    """Parse catalogue JSON text; raises CatalogueInvalid listing every fault.

    Cards may name the file's realms and ``known_realms`` (slugs already in the database).
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise CatalogueInvalid(
            [CatalogueError("", "", f"not valid JSON: {error.msg} at line {error.lineno}")]
        ) from None
    return catalogue_parse(raw, known_realms=known_realms)


def catalogue_parse(raw: Any, *, known_realms: Collection[str] = ()) -> Catalogue:
    """Validate a decoded catalogue document; raises CatalogueInvalid listing every fault.

    Cards may name the file's realms and ``known_realms`` (slugs already in the database).
    """
    errors: list[CatalogueError] = []
    if not isinstance(raw, Mapping):
        raise CatalogueInvalid([CatalogueError("", "", "a catalogue must be a JSON object")])
    if raw.get("format", FORMAT_NAME) != FORMAT_NAME:
        errors.append(CatalogueError("", "format", f"must be {FORMAT_NAME!r}"))
    if raw.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        errors.append(CatalogueError("", "version", f"this loader reads version {FORMAT_VERSION}"))
    realms = [
        realm
        for index, entry in enumerate(_list(raw, "realms", "", errors))
        if (realm := _realm_parse(entry, f"realms[{index}]", errors))
    ]
    cards = [
        card
        for index, entry in enumerate(_list(raw, "cards", "", errors))
        if (card := _card_parse(entry, index, errors))
    ]
    _duplicates_check(realms, cards, errors)
    errors += realm_reference_errors(cards, {realm.slug for realm in realms} | set(known_realms))
    if errors:
        raise CatalogueInvalid(errors)
    return Catalogue(name=str(raw.get("name", "")), realms=tuple(realms), cards=tuple(cards))


def realm_reference_errors(
    cards: Sequence[CardRecord], realm_slugs: Collection[str]
) -> list[CatalogueError]:
    """An error for each card whose realm is not among ``realm_slugs``."""
    return [
        CatalogueError(card.name, "realm", f"unknown realm {card.realm!r}")
        for card in cards
        if card.realm not in realm_slugs
    ]


def _list(raw: Mapping, key: str, card: str, errors: list[CatalogueError]) -> list:
    value = raw.get(key, [])
    if not isinstance(value, list):
        errors.append(CatalogueError(card, key, "must be a list"))
        return []
    return value


@dataclass
class _Reader:
    """Reads typed fields of one entry, noting each fault against the entry's card."""

    raw: Mapping[str, Any]
    card: str
    prefix: str
    errors: list[CatalogueError]
    faulty: bool = field(default=False)

    def fault(self, key: str, message: str) -> None:
        self.faulty = True
        self.errors.append(CatalogueError(self.card, f"{self.prefix}{key}", message))

    def unknown_keys(self, allowed: tuple[str, ...]) -> None:
        for key in sorted(set(self.raw) - set(allowed)):
            self.fault(key, f"unknown field; known fields: {', '.join(allowed)}")

    def get(self, key: str, check: Callable[[Any], str | None], default: Any = ...) -> Any:
        if key not in self.raw:
            if default is ...:
                self.fault(key, "is required")
            return None if default is ... else default
        value = self.raw[key]
        problem = check(value)
        if problem:
            self.fault(key, problem)
            return None
        return value


def _text(limit: int | None = None, *, required: bool = False) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return f"must be text, not {value!r}"
        if required and not value.strip():
            return "must not be empty"
        if limit and len(value) > limit:
            return f"must be at most {limit} characters"
        return None

    return check


def _whole(low: int, high: int, *, nullable: bool = False) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if value is None and nullable:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be a whole number, not {value!r}"
        if not low <= value <= high:
            return f"must be {low}–{high}, not {value}"
        return None

    return check


def _pattern(regex: re.Pattern, what: str) -> Callable[[Any], str | None]:
    return lambda value: (
        None if isinstance(value, str) and regex.match(value) else f"must be {what}"
    )


def _choice(choices: list[str]) -> Callable[[Any], str | None]:
    return lambda value: None if value in choices else f"must be one of {', '.join(choices)}"


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {value!r}"


def _keywords(value: Any) -> str | None:
    if not isinstance(value, list) or not all(
        isinstance(w, str) and _KEYWORD.match(w) for w in value
    ):
        return "must be a list of lower-case words (letters, digits, hyphens)"
    return None


def _realm_parse(raw: Any, where: str, errors: list[CatalogueError]) -> RealmRecord | None:
    if not isinstance(raw, Mapping):
        errors.append(CatalogueError("", where, "a realm must be an object"))
        return None
    read = _Reader(raw, "", f"{where}.", errors)
    read.unknown_keys(REALM_KEYS)
    name = read.get("name", _text(60, required=True))
    slug = read.get("slug", _pattern(_SLUG, "a slug"), default=slugify(name or ""))
    colour = read.get("colour", _pattern(_COLOUR, "a hex colour like #c0392b"))
    symbol = read.get("symbol", _text(8, required=True))
    description = read.get("description", _text(), default="")
    if read.faulty:
        return None
    return RealmRecord(name=name, slug=slug, colour=colour, symbol=symbol, description=description)


def _card_parse(raw: Any, index: int, errors: list[CatalogueError]) -> CardRecord | None:
    if not isinstance(raw, Mapping):
        errors.append(CatalogueError(f"#{index + 1}", "", "a card must be an object"))
        return None
    label = raw.get("name") if isinstance(raw.get("name"), str) else f"#{index + 1}"
    read = _Reader(raw, label, "", errors)
    read.unknown_keys(CARD_KEYS)
    kind = read.get("kind", _choice(CardKind.values))
    values = {
        "name": read.get("name", _text(80, required=True)),
        "kind": kind,
        "cost": read.get("cost", _whole(0, 99)),
        "rarity": read.get("rarity", _choice(Rarity.values), default=Rarity.COMMON.value),
        "rules_text": read.get("rules_text", _text(), default=""),
        "flavour_text": read.get("flavour_text", _text(), default=""),
        "is_spirit": read.get("is_spirit", _boolean, default=False),
        "target": read.get("target", _choice(CardTarget.values), default=CardTarget.NONE.value),
    }
    keywords = read.get("keywords", _keywords, default=[])
    values["keywords"] = keywords_join(keywords or [])
    for trait in TRAIT_FIELDS:
        # Avatars must state every trait; card_faults names a missing one.
        values[trait] = read.get(trait, _whole(0, 99, nullable=True), default=None)
    for bonus in BONUS_FIELDS:
        values[bonus] = read.get(bonus, _whole(-99, 99), default=0)
    slug = read.get("slug", _pattern(_SLUG, "a slug"), default=slugify(values["name"] or ""))
    realm = read.get("realm", _text(60, required=True))
    abilities = _abilities_parse(read.get("abilities", lambda v: None, default=[]), read)
    errata = _errata_parse(read.get("errata", lambda v: None, default=[]), read)
    if read.faulty:
        return None
    for fault in card_faults(values, abilities):
        read.fault(fault.field, fault.message)
    if read.faulty:
        return None
    return CardRecord(
        slug=slug,
        realm=realm,
        values=values,
        abilities=tuple(ability_data(ability) for ability in abilities),
        errata=tuple(errata),
    )


def _abilities_parse(raw: Any, read: _Reader) -> list[Mapping[str, Any]]:
    if not isinstance(raw, list):
        read.fault("abilities", "must be a list of abilities")
        return []
    abilities = []
    for index, entry in enumerate(raw):
        where = f"abilities[{index}]"
        if not isinstance(entry, Mapping):
            read.fault(where, "an ability must be an object")
            continue
        for key in sorted(set(entry) - set(ABILITY_FIELDS)):
            read.fault(
                f"{where}.{key}", f"unknown field; known fields: {', '.join(ABILITY_FIELDS)}"
            )
        if not isinstance(entry.get("text", ""), str):
            read.fault(f"{where}.text", "must be text")
        abilities.append({"cost": 0, "text": "", **entry})
    return abilities


def _errata_parse(raw: Any, read: _Reader) -> list[ErrataRecord]:
    if not isinstance(raw, list):
        read.fault("errata", "must be a list of earlier versions")
        return []
    errata = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            read.fault(f"errata[{index}]", "an erratum must be an object")
            continue
        entry_read = _Reader(entry, read.card, f"errata[{index}].", read.errors)
        entry_read.unknown_keys(ERRATA_KEYS)
        date = entry_read.get("date", _iso_date)
        note = entry_read.get("note", _text(200, required=True))
        previous = entry_read.get("previous", _previous)
        if entry_read.faulty:
            read.faulty = True
            continue
        errata.append(ErrataRecord(datetime.date.fromisoformat(date), note, previous))
    return errata


def _iso_date(value: Any) -> str | None:
    try:
        datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        return "must be a date like 2026-07-11"
    return None


def _previous(value: Any) -> str | None:
    if not isinstance(value, Mapping) or not value:
        return "must map the changed rules fields to their earlier values"
    unknown = sorted(set(value) - set(RULES_FIELDS))
    if unknown:
        return f"{unknown[0]!r} is not a rules field; rules fields: {', '.join(RULES_FIELDS)}"
    return None


def _duplicates_check(
    realms: list[RealmRecord], cards: list[CardRecord], errors: list[CatalogueError]
) -> None:
    for attribute in ("slug", "name"):
        seen: set[str] = set()
        for realm in realms:
            value = getattr(realm, attribute)
            if value in seen:
                errors.append(CatalogueError("", "realms", f"{attribute} {value!r} appears twice"))
            seen.add(value)
        seen = set()
        for card in cards:
            value = card.slug if attribute == "slug" else card.name
            if value in seen:
                errors.append(CatalogueError(card.name, attribute, f"{value!r} appears twice"))
            seen.add(value)

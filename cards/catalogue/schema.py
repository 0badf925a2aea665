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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.text import slugify

from cards.catalogue.errors import CatalogueError, CatalogueInvalid
from cards.catalogue.fields import (
    COLOUR,
    SLUG,
    EntryReader,
    boolean_check,
    choice_check,
    keywords_check,
    pattern_check,
    text_check,
    whole_check,
)
from cards.models import CardKind, CardTarget, Rarity, keywords_join
from cards.revisions import ABILITY_FIELDS, RULES_FIELDS, ability_data
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS, card_faults

FORMAT_NAME = "shen-catalogue"
FORMAT_VERSION = 1

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


def _realm_parse(raw: Any, where: str, errors: list[CatalogueError]) -> RealmRecord | None:
    if not isinstance(raw, Mapping):
        errors.append(CatalogueError("", where, "a realm must be an object"))
        return None
    read = EntryReader(raw, "", f"{where}.", errors)
    read.unknown_keys(REALM_KEYS)
    name = read.get("name", text_check(60, required=True))
    slug = read.get("slug", pattern_check(SLUG, "a slug"), default=slugify(name or ""))
    colour = read.get("colour", pattern_check(COLOUR, "a hex colour like #c0392b"))
    symbol = read.get("symbol", text_check(8, required=True))
    description = read.get("description", text_check(), default="")
    if read.faulty:
        return None
    return RealmRecord(name=name, slug=slug, colour=colour, symbol=symbol, description=description)


def _card_parse(raw: Any, index: int, errors: list[CatalogueError]) -> CardRecord | None:
    if not isinstance(raw, Mapping):
        errors.append(CatalogueError(f"#{index + 1}", "", "a card must be an object"))
        return None
    label = raw.get("name") if isinstance(raw.get("name"), str) else f"#{index + 1}"
    read = EntryReader(raw, label, "", errors)
    read.unknown_keys(CARD_KEYS)
    kind = read.get("kind", choice_check(CardKind.values))
    values = {
        "name": read.get("name", text_check(80, required=True)),
        "kind": kind,
        "cost": read.get("cost", whole_check(0, 99)),
        "rarity": read.get("rarity", choice_check(Rarity.values), default=Rarity.COMMON.value),
        "rules_text": read.get("rules_text", text_check(), default=""),
        "flavour_text": read.get("flavour_text", text_check(), default=""),
        "is_spirit": read.get("is_spirit", boolean_check, default=False),
        "target": read.get(
            "target", choice_check(CardTarget.values), default=CardTarget.NONE.value
        ),
    }
    keywords = read.get("keywords", keywords_check, default=[])
    values["keywords"] = keywords_join(keywords or [])
    for trait in TRAIT_FIELDS:
        # Avatars must state every trait; card_faults names a missing one.
        values[trait] = read.get(trait, whole_check(0, 99, nullable=True), default=None)
    for bonus in BONUS_FIELDS:
        values[bonus] = read.get(bonus, whole_check(-99, 99), default=0)
    slug = read.get("slug", pattern_check(SLUG, "a slug"), default=slugify(values["name"] or ""))
    realm = read.get("realm", text_check(60, required=True))
    abilities = _abilities_parse(read.get("abilities", lambda v: None, default=[]), read)
    errata = _errata_parse(read.get("errata", lambda v: None, default=[]), read)
    if "kind" not in read.faulted:
        # The rules of a kind still apply to the fields that read well.
        earlier = set(read.faulted)
        for fault in card_faults(values, abilities):
            if re.split(r"[.\[]", fault.field, maxsplit=1)[0] not in earlier:
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


def _abilities_parse(raw: Any, read: EntryReader) -> list[Mapping[str, Any]]:
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


def _errata_parse(raw: Any, read: EntryReader) -> list[ErrataRecord]:
    if not isinstance(raw, list):
        read.fault("errata", "must be a list of earlier versions")
        return []
    errata = []
    for index, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            read.fault(f"errata[{index}]", "an erratum must be an object")
            continue
        entry_read = EntryReader(entry, read.card, f"errata[{index}].", read.errors)
        entry_read.unknown_keys(ERRATA_KEYS)
        date = entry_read.get("date", _iso_date)
        note = entry_read.get("note", text_check(200, required=True))
        previous = entry_read.get("previous", _previous)
        if entry_read.faulty:
            read.faulted.add("errata")
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

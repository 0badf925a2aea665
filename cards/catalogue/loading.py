"""Load a parsed catalogue into the database: all of it in one transaction, or nothing."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from cards.api.stored import card_documents_refresh
from cards.catalogue.schema import (
    CardRecord,
    Catalogue,
    CatalogueError,
    CatalogueInvalid,
    ErrataRecord,
    realm_reference_errors,
)
from cards.models import Card, CardRevision, Realm
from cards.revisions import RULES_FIELDS, abilities_replace, ability_data, card_revise

AUTOMATIC_NOTE = "Changed by a catalogue load"
RULES_FIELDS_SET = frozenset(RULES_FIELDS)


@dataclass(frozen=True)
class LoadSummary:
    """How a load went: cards by outcome, and the realms the catalogue holds."""

    new: int
    changed: int
    unchanged: int
    realms: int

    @property
    def cards(self) -> int:
        return self.new + self.changed + self.unchanged

    def __str__(self) -> str:
        return (
            f"Loaded {self.cards} cards ({self.new} new, {self.changed} changed, "
            f"{self.unchanged} unchanged) in {self.realms} realms"
        )


def catalogue_load(
    *, catalogue: Catalogue, on_card: Callable[[CardRecord], None] | None = None
) -> LoadSummary:
    """Upsert the catalogue's realms and cards by slug; idempotent.

    A card's abilities are replaced when they differ; a rules-relevant change
    to an existing card is recorded as errata (``card_revise``) with the note
    of the newest erratum the file adds for it, or AUTOMATIC_NOTE. Errata the
    file lists that the database lacks are added; none are ever removed, and
    neither are cards or realms the file does not mention.
    Raises CatalogueInvalid, writing nothing, when the catalogue clashes with
    the database (unknown realm, a name held by another card).
    """
    _database_check(catalogue)
    outcomes = {"new": 0, "changed": 0, "unchanged": 0}
    with transaction.atomic():
        realms = _realms_upsert(catalogue)
        existing = {
            card.slug: card
            for card in Card.objects.filter(slug__in=[c.slug for c in catalogue.cards])
            .select_related("realm")
            .prefetch_related("abilities", "revisions")
        }
        for record in catalogue.cards:
            card = existing.get(record.slug)
            try:
                if card is None:
                    _card_create(record, realms[record.realm])
                    outcomes["new"] += 1
                elif _card_update(card, record, realms[record.realm]):
                    outcomes["changed"] += 1
                else:
                    outcomes["unchanged"] += 1
            except ValidationError as error:
                # Validation ran before the transaction; this is a last line of defence.
                raise CatalogueInvalid(_errors_from(record, error)) from None
            if on_card:
                on_card(record)
        # The API's stored documents of the new and changed cards (and of any other card
        # left without one), with the load.
        card_documents_refresh()
    return LoadSummary(realms=len(realms), **outcomes)


def _database_check(catalogue: Catalogue) -> None:
    realm_slugs = {realm.slug for realm in catalogue.realms}
    realm_slugs |= set(Realm.objects.values_list("slug", flat=True))
    errors = realm_reference_errors(catalogue.cards, realm_slugs)
    names = [record.name for record in catalogue.cards]
    held_by = dict(Card.objects.filter(name__in=names).values_list("name", "slug"))
    for record in catalogue.cards:
        if held_by.get(record.name, record.slug) != record.slug:
            message = f"the name is already held by the card {held_by[record.name]!r}"
            errors.append(CatalogueError(record.name, "name", message))
    for index, realm in enumerate(catalogue.realms):
        other = Realm.objects.filter(name=realm.name).exclude(slug=realm.slug).first()
        if other:
            message = f"the name is already held by the realm {other.slug!r}"
            errors.append(CatalogueError("", f"realms[{index}].name", message))
    if errors:
        raise CatalogueInvalid(errors)


def _realms_upsert(catalogue: Catalogue) -> dict[str, Realm]:
    for record in catalogue.realms:
        Realm.objects.update_or_create(
            slug=record.slug,
            defaults={
                "name": record.name,
                "colour": record.colour,
                "symbol": record.symbol,
                "description": record.description,
            },
        )
    used = {record.slug for record in catalogue.realms} | {c.realm for c in catalogue.cards}
    return {realm.slug: realm for realm in Realm.objects.filter(slug__in=used)}


def _card_create(record: CardRecord, realm: Realm) -> None:
    card = Card.objects.create(slug=record.slug, realm=realm, **record.values)
    abilities_replace(card=card, abilities=record.abilities)
    _errata_add(card, record.errata)


def _card_update(card: Card, record: CardRecord, realm: Realm) -> bool:
    """Bring ``card`` in line with ``record``; True when anything changed."""
    changes: dict[str, Any] = {
        field: value for field, value in record.values.items() if getattr(card, field) != value
    }
    if card.realm_id != realm.pk:
        changes["realm"] = realm
    if [ability_data(ability) for ability in card.abilities.all()] != list(record.abilities):
        changes["abilities"] = list(record.abilities)
    known = {(_revision_date(revision), revision.note) for revision in card.revisions.all()}
    new_errata = [erratum for erratum in record.errata if (erratum.date, erratum.note) not in known]
    if changes:
        newest = None
        if RULES_FIELDS_SET & set(changes):
            # The newest erratum the file adds describes this change; card_revise
            # records it with the values actually replaced.
            newest = max(new_errata, key=lambda erratum: erratum.date, default=None)
        card_revise(
            card=card,
            changes=changes,
            note=newest.note if newest else AUTOMATIC_NOTE,
            when=_midnight(newest.date) if newest else None,
        )
        new_errata = [erratum for erratum in new_errata if erratum is not newest]
    _errata_add(card, new_errata)
    return bool(changes or new_errata)


def _errata_add(card: Card, errata: list[ErrataRecord] | tuple[ErrataRecord, ...]) -> None:
    CardRevision.objects.bulk_create(
        CardRevision(
            card=card,
            revised_at=_midnight(erratum.date),
            note=erratum.note,
            previous=dict(erratum.previous),
        )
        for erratum in errata
    )


def _revision_date(revision: CardRevision) -> datetime.date:
    return revision.revised_at.astimezone(datetime.UTC).date()


def _midnight(date: datetime.date) -> datetime.datetime:
    return datetime.datetime.combine(date, datetime.time(), tzinfo=datetime.UTC)


def _errors_from(record: CardRecord, error: ValidationError) -> list[CatalogueError]:
    if not hasattr(error, "error_dict"):
        return [CatalogueError(record.name, "", message) for message in error.messages]
    fields: Mapping[str, list[ValidationError]] = error.error_dict
    return [
        CatalogueError(record.name, field, message)
        for field, problems in fields.items()
        for problem in problems
        for message in problem.messages
    ]

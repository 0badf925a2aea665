"""The world the hostile campaign aims at: the catalogue, users, decks and match it makes
on the fresh database (with the matches and jobs of `play_world`), each client's
cookies, and the site's own API operations and page routes."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bench.hostile.basics import ANONYMOUS, CURATOR, FORGER, PLAYER, ApiOperation, World
from bench.hostile.play_world import play_world_build

GENERATED_CARDS = 400
PASSWORD = "correct-horse-battery"


@dataclass(frozen=True)
class Credentials:
    """What a client sends with every request: its cookies and its CSRF token."""

    cookies: str = ""
    csrf_token: str = ""


def world_build() -> tuple[World, dict[str, Credentials]]:
    """The catalogue, users, decks and match the requests aim at, and each client's cookies."""
    from bench.catalogue import fill_catalogue
    from cards.api.serializers import CardSerializer, RealmSerializer
    from cards.models import Card, Realm
    from cards.search.fields import FIELDS
    from decks.decklist import DecklistEntry, deck_entries
    from decks.io.exporting import deck_export
    from decks.models import Board, Format, Visibility
    from decks.services import deck_create, deck_delete, deck_replace_slots
    from games.matches.services import match_create
    from tests.factories.decks import UserFactory
    from tests.factories.matches import playable_deck, sample_catalogue_load, starter_deck

    realms = sample_catalogue_load()
    fill_catalogue(GENERATED_CARDS)
    player = UserFactory(username="player", password=PASSWORD)
    other = UserFactory(username="other", password=PASSWORD)
    curator = UserFactory(username="curator", password=PASSWORD, is_staff=True)
    standard = Format.objects.get(slug="shen-standard")
    cards = list(Card.objects.order_by("slug"))

    own = playable_deck(owner=player, realm=realms[0], visibility=Visibility.PUBLIC)
    match = match_create(owner=player, deck=own, opponent_deck=own, mode="hotseat", seed=3)
    listed = deck_entries(own)
    for number in range(12):  # a history to diff and restore, every version still valid
        first = DecklistEntry(listed[0].card, 1 + number % 3, listed[0].board)
        deck_replace_slots(deck=own, entries=[first, *listed[1:]], note=f"Version {number + 2}")

    def absurd(name: str, entries: list, visibility: str = Visibility.PUBLIC, **fields):
        return deck_create(
            owner=player,
            name=name,
            format=standard,
            visibility=visibility,
            entries=entries,
            **fields,
        )

    every_card = [DecklistEntry(card, 1) for card in cards[:300]]
    absurd_decks = (
        absurd("Every card once", every_card),
        absurd(
            "Ninety-nines",
            [DecklistEntry(card, 99) for card in cards[:3]]
            + [DecklistEntry(card, 1, Board.SIDE) for card in cards[3:6]],
        ),
        absurd("Nothing at all", [], Visibility.PRIVATE),
        starter_deck(owner=player, realm=realms[1]),
    )
    shared = absurd(
        "<b>Half and half</b> 😀" * 4,
        [
            DecklistEntry(card, 1, Board.SIDE if n % 2 else Board.MAIN)
            for n, card in enumerate(cards[:300])
        ],
        Visibility.UNLISTED,
        description="<script>alert(1)</script> " * 150,
    )
    throwaway = absurd("Throwaway", every_card[:40])
    public = playable_deck(owner=other, realm=realms[1], visibility=Visibility.PUBLIC)
    private = playable_deck(owner=other, realm=realms[2])
    deck_delete(deck=playable_deck(owner=other, realm=realms[3]))
    play = play_world_build(player=player, other=other, own=own, public=public, private=private)

    target_card = Card.objects.get(slug=cards[-1].slug)
    target_realm = Realm.objects.filter(slug__startswith="bench-").first()
    exports = {kind: deck_export(own, kind) for kind in ("text", "json", "csv", "code")}
    world = World(
        own_deck=own.pk,
        throwaway_deck=throwaway.pk,
        absurd_decks=tuple(deck.pk for deck in absurd_decks),
        public_deck=public.pk,
        private_deck=private.pk,
        share_token=shared.share_token,
        match=match.pk,
        usernames=("player", "other", "curator"),
        card_slugs=tuple(card.slug for card in cards),
        card_names=tuple(card.name for card in cards),
        realm_slugs=tuple(Realm.objects.values_list("slug", flat=True)),
        format_slugs=tuple(Format.objects.values_list("slug", flat=True)),
        target_card=target_card.slug,
        target_realm=target_realm.slug,
        search_fields=tuple(s for f in FIELDS for s in (f.name, *f.aliases)),
        exports=exports,
        operations=api_operations(),
        page_routes=page_routes(),
        play=play,
        valid_bodies=_valid_bodies(
            own.pk,
            cards[0].slug,
            exports["text"],
            CardSerializer(target_card).data,
            RealmSerializer(target_realm).data,
        ),
    )
    clients = {
        PLAYER: _signed_in(player),
        CURATOR: _signed_in(curator),
        ANONYMOUS: _with_token(""),
        FORGER: Credentials(_signed_in(player).cookies.split(";")[0], ""),
    }
    return world, clients


def _valid_bodies(deck: int, slug: str, text: str, card: Mapping, realm: Mapping) -> dict:
    """A valid body for the operations whose fields need one, keyed "METHOD path"."""
    entries = [{"card": slug, "count": 2, "board": "main"}]
    written = {"name": "Hostile", "format": "shen-standard", "entries": entries}
    return {
        "POST /api/decks/": written,
        "PUT /api/decks/{id}/": written,
        "PATCH /api/decks/{id}/": {"description": "Patched"},
        "POST /api/decks/import/": {"text": text, "kind": "text", "format": "shen-standard"},
        "POST /api/decklists/validate/": {"format": "shen-standard", "text": text, "kind": "text"},
        "POST /api/decks/{id}/restore/": {"number": 1},
        "POST /api/decks/{id}/copy/": {"name": "Copied"},
        "POST /api/decks/{id}/validate/": {"on": "2026-06-01"},
        "POST /api/matches/": {"deck": deck, "opponent": "hotseat", "seed": 1},
        "POST /api/matches/{id}/act/": {"action": {"type": "pass"}, "number": 1},
        "POST /api/matches/join/": {"token": "x" * 20, "deck": deck},
        "POST /api/matches/{id}/undo/answer/": {"accept": True},
        "POST /api/cards/": {**card, "slug": "hostile-new", "name": "Hostile New"},
        "PUT /api/cards/{slug}/": dict(card),
        "PATCH /api/cards/{slug}/": {"rules_text": "Patched."},
        "POST /api/realms/": {**realm, "slug": "hostile-realm", "name": "Hostile Realm"},
        "PUT /api/realms/{slug}/": dict(realm),
    }


def _with_token(cookies: str) -> Credentials:
    token = secrets.token_hex(16)
    return Credentials("; ".join(filter(None, [cookies, f"csrftoken={token}"])), token)


def _signed_in(user) -> Credentials:
    """A session of `user`'s, made as the log-in page makes one."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return _with_token(
        f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    )


def api_operations() -> tuple[ApiOperation, ...]:
    """Every operation of the API schema (/api/schema/) with its JSON body's field names."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    operations = []
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            content = operation.get("requestBody", {}).get("content", {})
            body = content.get("application/json") or next(iter(content.values()), {})
            reference = body.get("schema", {}).get("$ref", "")
            shape = components.get(reference.rsplit("/", 1)[-1], body.get("schema", {}))
            operations.append(
                ApiOperation(method.upper(), path, tuple(shape.get("properties", {})))
            )
    return tuple(operations)


def page_routes() -> tuple[str, ...]:
    """Every page's route ("/decks/<int:pk>/odds/"), apart from the API and the admin."""
    from django.urls import URLResolver, get_resolver
    from django.urls.resolvers import RoutePattern

    def walk(patterns: Iterable, prefix: str) -> Iterable[str]:
        for entry in patterns:
            if not isinstance(entry.pattern, RoutePattern):
                continue
            route = prefix + str(entry.pattern)
            if route.startswith(("admin/", "api/")):
                continue
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, route)
            else:
                yield "/" + route

    return tuple(sorted(set(walk(get_resolver().url_patterns, ""))))

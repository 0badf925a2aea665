"""JSON shapes of realms and cards; card writes go through the catalogue's services."""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.api.representation import PlainFieldsRepresentation
from cards.models import Ability, Card, Realm, keywords_join

_KEYWORD = re.compile(r"[A-Za-z][\w-]*")


class RealmSerializer(PlainFieldsRepresentation):
    colour = serializers.RegexField(r"^#[0-9a-fA-F]{6}$", help_text="Hex colour, e.g. #c0392b")

    class Meta:
        model = Realm
        fields = ["slug", "name", "colour", "symbol", "description"]


class AbilitySerializer(PlainFieldsRepresentation):
    """An ability; ``effect`` is a list of steps in the effect vocabulary."""

    effect = serializers.JSONField(
        help_text='A list of steps, e.g. [{"verb": "draw_cards", "count": 1}]'
    )

    class Meta:
        model = Ability
        fields = ["name", "cost", "timing", "effect", "text"]


@extend_schema_field({"type": "array", "items": {"type": "string"}})
class KeywordsField(serializers.Field):
    """Keywords as a list of words; stored space-padded so ``kw:`` matches whole words."""

    def to_representation(self, value: str) -> list[str]:
        return value.split()

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, list) or not all(
            isinstance(word, str) and _KEYWORD.fullmatch(word.strip()) for word in data
        ):
            raise serializers.ValidationError('Give a list of single words, e.g. ["flying"].')
        return keywords_join(data)


class CardSerializer(PlainFieldsRepresentation):
    realm = serializers.SlugRelatedField(slug_field="slug", queryset=Realm.objects.all())
    keywords = KeywordsField(required=False)
    abilities = AbilitySerializer(many=True, required=False)
    note = serializers.CharField(
        write_only=True,
        required=False,
        allow_blank=True,
        help_text="Errata note; required when an update changes rules-relevant fields",
    )

    class Meta:
        model = Card
        fields = [
            "slug",
            "name",
            "kind",
            "realm",
            "cost",
            "rarity",
            "rules_text",
            "flavour_text",
            "keywords",
            "melee",
            "defense",
            "ranged",
            "movement",
            "is_spirit",
            "bonus_melee",
            "bonus_defense",
            "bonus_ranged",
            "bonus_movement",
            "target",
            "abilities",
            "note",
            "updated_at",
        ]
        read_only_fields = ["updated_at"]
        extra_kwargs = {"slug": {"required": False}}

    def validate_slug(self, value: str) -> str:
        if self.instance is not None and value != self.instance.slug:
            raise serializers.ValidationError("A card's slug cannot change.")
        return value

    # The catalogue's services write cards (the API's views call card_create and
    # card_revise); a serializer only reads and checks, so the services, which refresh
    # the stored API documents, never import the API back.
    def create(self, validated_data: dict[str, Any]) -> Card:
        raise NotImplementedError("cards are created by cards.creation.card_create")

    def update(self, instance: Card, validated_data: dict[str, Any]) -> Card:
        raise NotImplementedError("cards are revised by cards.revisions.card_revise")

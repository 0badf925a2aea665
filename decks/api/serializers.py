"""JSON shapes of formats, decks and decklists; deck writes go through decks.services."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import APIException

from cards.models import Realm
from decks.decklist import MAX_DECK_CARDS, DecklistEntry, entries_from_slugs
from decks.importing import IMPORT_KINDS, DeckImportError, upload_read
from decks.models import (
    FORMAT_COPY_AND_KIND_FIELDS,
    MAX_COPIES_PER_SLOT,
    Board,
    Deck,
    DeckSlot,
    DeckVersion,
    Format,
    Visibility,
)
from decks.services import (
    MAX_DESCRIPTION_CHARS,
    DeckChangeError,
    DeckStaleError,
    deck_create,
    deck_edit,
)
from decks.versions import MAX_VERSION_NUMBER


def active_format_field(**options: Any) -> serializers.SlugRelatedField:
    """A format named by its slug; only active formats are accepted."""
    return serializers.SlugRelatedField(
        slug_field="slug", queryset=Format.objects.filter(is_active=True), **options
    )


def home_realm_field() -> serializers.SlugRelatedField:
    """An optional Home Realm named by its slug."""
    return serializers.SlugRelatedField(
        slug_field="slug", queryset=Realm.objects.all(), allow_null=True, required=False
    )


class FormatSerializer(serializers.ModelSerializer):
    rulesets = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        help_text="The rulesets the format is played under, the first being the default; "
        "a ruleset's rulebook is at /rules/<ruleset>/.",
    )

    class Meta:
        model = Format
        fields = [
            "slug",
            "name",
            "description",
            "rulesets",
            "min_cards",
            "max_cards",
            *FORMAT_COPY_AND_KIND_FIELDS,
            "sideboard_max",
            "opening_hand",
        ]


class SlotSerializer(serializers.ModelSerializer):
    """A slot as read: its stable id, the card's slug and name, board and count."""

    card = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    card_name = serializers.CharField(source="card.name", read_only=True)

    class Meta:
        model = DeckSlot
        fields = ["id", "card", "card_name", "board", "count"]


class EntryInputSerializer(serializers.Serializer):
    """A slot as written: a card slug, a count and a board."""

    card = serializers.SlugField(help_text="The card's slug, e.g. ember-lance")
    count = serializers.IntegerField(min_value=1, max_value=MAX_COPIES_PER_SLOT)
    board = serializers.ChoiceField(choices=Board.choices, default=Board.MAIN)


class EntriesField(serializers.ListField):
    """Entries in, `DecklistEntry` rows out, every card looked up in one query."""

    child = EntryInputSerializer()

    def __init__(self, **kwargs: Any) -> None:
        # Each entry holds at least one card, so a longer list is over the deck limit.
        super().__init__(max_length=MAX_DECK_CARDS, **kwargs)

    def to_internal_value(self, data: Any) -> list[DecklistEntry]:
        if not isinstance(data, list):
            raise serializers.ValidationError("Expected a list of entries.")
        if len(data) > MAX_DECK_CARDS:
            raise serializers.ValidationError(
                f"A deck holds at most {MAX_DECK_CARDS} cards; this list has {len(data)} entries."
            )
        # A serializer of its own: a PATCH must not skip the entries' required fields.
        rows = EntryInputSerializer(data=data, many=True)
        if not rows.is_valid():
            raise serializers.ValidationError(rows.errors)
        entries, unknown = entries_from_slugs(rows.validated_data)
        if unknown:
            raise serializers.ValidationError(f"Unknown cards: {', '.join(unknown)}.")
        return entries


class DeckSerializer(serializers.ModelSerializer):
    """A deck as read, and as written: `slots` replaces every slot (one new version)."""

    owner = serializers.CharField(source="owner.get_username", read_only=True)
    format = active_format_field()
    home_realm = home_realm_field()
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    slots = SlotSerializer(many=True, read_only=True)
    entries = EntriesField(
        write_only=True,
        required=False,
        help_text="Replaces every slot; leave out to keep the slots as they are.",
    )
    share_url = serializers.SerializerMethodField(
        help_text="The secret link of an unlisted deck (its owner only sees it); "
        "GET /api/decks/shared/{token}/ reads the deck by it."
    )

    class Meta:
        model = Deck
        fields = [
            "id",
            "owner",
            "name",
            "description",
            "format",
            "home_realm",
            "visibility",
            "slots",
            "entries",
            "share_url",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["id", "owner", "created_at", "updated_at"]
        extra_kwargs = {"description": {"max_length": MAX_DESCRIPTION_CHARS}}

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_share_url(self, deck: Deck) -> str | None:
        request = self.context.get("request")
        if request is None or deck.owner_id != request.user.pk or deck.visibility == "private":
            return None
        return request.build_absolute_uri(reverse("decks:detail", args=[deck.share_token]))

    def create(self, validated_data: dict) -> Deck:
        return _service(
            deck_create,
            owner=self.context["request"].user,
            entries=validated_data.pop("entries", []),
            **validated_data,
        )

    def update(self, instance: Deck, validated_data: dict) -> Deck:
        """The fields sent, and `entries` if sent, as one write; the view passes `if_match`."""
        return _service(deck_edit, deck=instance, note="Edited through the API", **validated_data)


class PreconditionFailed(APIException):
    status_code = 412
    default_detail = (
        "The deck changed since you read it (its ETag no longer matches If-Match); "
        "nothing was saved. GET it again and resend your change."
    )
    default_code = "precondition_failed"


def _service(service: Callable[..., Deck], **arguments: Any) -> Deck:
    # A refused change is a 400 with the service's sentence, like any other bad input;
    # a change based on a stale copy is a 412.
    try:
        return service(**arguments)
    except DeckStaleError:
        raise PreconditionFailed() from None
    except DeckChangeError as error:
        raise serializers.ValidationError({"detail": str(error)}) from None


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card slugs")


class ValidationResultSerializer(serializers.Serializer):
    format = serializers.CharField(help_text="The format's slug")
    is_valid = serializers.BooleanField()
    violations = ViolationSerializer(many=True)


class ValidateInputSerializer(serializers.Serializer):
    on = serializers.DateField(
        required=False, help_text="Check the banned and restricted lists as of this date"
    )


# A pattern, not an enum: spectacular would hoist an enum into a component whose name
# collides with the cards' `kind` enum.
@extend_schema_field(
    {"type": "string", "pattern": f"^({'|'.join(IMPORT_KINDS)})$", "default": "text"}
)
class ImportKindField(serializers.ChoiceField):
    """The kind of a pasted decklist; inline in the schema, apart from the cards' `kind`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=IMPORT_KINDS, default="text", **kwargs)


class DecklistTextMixin(serializers.Serializer):
    text = serializers.CharField(
        required=False,
        trim_whitespace=False,
        help_text="A pasted decklist (limit 64 KiB, 500 lines)",
    )
    kind = ImportKindField()


class DecklistValidateInputSerializer(DecklistTextMixin, ValidateInputSerializer):
    """An unsaved decklist: `entries`, or `text` of `kind` to read them from."""

    format = active_format_field()
    home_realm = home_realm_field()
    entries = EntriesField(required=False)

    def validate(self, attrs: dict) -> dict:
        if ("entries" in attrs) == ("text" in attrs):
            raise serializers.ValidationError("Send either `entries` or `text`, not both.")
        return attrs


class ImportInputSerializer(DecklistTextMixin):
    """A decklist to save as a new deck: pasted `text` or an uploaded `file`."""

    file = serializers.FileField(required=False, help_text="An uploaded decklist file")
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
    format = active_format_field(
        required=False, help_text="Needed unless the decklist names its format (JSON, deck code)"
    )
    home_realm = home_realm_field()
    keep_valid_lines = serializers.BooleanField(
        default=False, help_text="Save the good lines even when others have problems"
    )

    def validate(self, attrs: dict) -> dict:
        upload = attrs.pop("file", None)
        if (upload is None) == ("text" not in attrs):
            raise serializers.ValidationError("Send either `text` or a `file`.")
        if upload is not None:
            try:
                attrs["text"] = upload_read(upload)
            except DeckImportError as error:
                raise serializers.ValidationError({"file": str(error)}) from None
        return attrs


class ImportProblemSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    unit = serializers.CharField(help_text='"line", or "entry" for JSON entries and deck codes')
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class ImportProblemsSerializer(serializers.Serializer):
    problems = ImportProblemSerializer(many=True)


class CopyInputSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, max_length=100)


class VersionSlotSerializer(serializers.Serializer):
    card = serializers.CharField(help_text="The card's slug")
    name = serializers.CharField(required=False)
    board = serializers.CharField()
    count = serializers.IntegerField()


class DeckVersionSerializer(serializers.ModelSerializer):
    """A version: `label` is the name its player gave it ("" when none); builder edits made
    close together share one version, `edits` of them, the last at `updated_at`."""

    slots = VersionSlotSerializer(many=True)

    class Meta:
        model = DeckVersion
        fields = ["number", "created_at", "updated_at", "edits", "label", "note", "slots"]


class SlotChangeSerializer(serializers.Serializer):
    card = serializers.CharField(help_text="The card's slug")
    name = serializers.CharField()
    board = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()
    kind = serializers.CharField(help_text="added, removed or changed")


def version_number_field(**options: Any) -> serializers.IntegerField:
    """A deck version's number: bounded, so no query ever overflows its column."""
    return serializers.IntegerField(min_value=1, max_value=MAX_VERSION_NUMBER, **options)


class DiffInputSerializer(serializers.Serializer):
    a = version_number_field(help_text="The earlier version's number")
    b = version_number_field(help_text="The later version's number")


class RestoreInputSerializer(serializers.Serializer):
    number = version_number_field()

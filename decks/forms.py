"""Forms for the deck pages; they check input, the services in decks/services.py act on it."""

from __future__ import annotations

from typing import Any

from django import forms

from cards.models import Card, Realm
from decks.importing import DeckImportError, upload_read
from decks.io.detect import detect_kind
from decks.io.parsing import MAX_IMPORT_BYTES
from decks.models import MAX_COPIES_PER_SLOT, Board, Deck, Format
from decks.odds import DEFAULT_PLAYED_PER_TURN, OPENING_HAND
from decks.overview import DEFAULT_TURN
from decks.services import MAX_DESCRIPTION_CHARS
from decks.versions import MAX_LABEL_LENGTH, MAX_VERSION_NUMBER

# The format a new deck starts in: F1, the one most players build for.
DEFAULT_FORMAT_SLUG = "shen-standard"


class DeckSettingsForm(forms.ModelForm):
    """Name, description, Home Realm, format and visibility: for new decks and the builder.

    A new deck's format starts at Shén Standard (when the site has it)."""

    description = forms.CharField(
        required=False,
        max_length=MAX_DESCRIPTION_CHARS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    class Meta:
        model = Deck
        fields = ["name", "format", "home_realm", "visibility", "description"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["format"].queryset = Format.objects.filter(is_active=True)
        self.fields["home_realm"].empty_label = "— none declared —"
        if self.instance.pk is None and "format" not in self.initial:
            self.initial["format"] = (
                self.fields["format"].queryset.filter(slug=DEFAULT_FORMAT_SLUG).first()
            )


class BasedOnForm(forms.Form):
    """The deck revision an edit was based on (a hidden field the builder keeps current)."""

    revision = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class DeckBrowseForm(forms.Form):
    """The public deck search: by name, Home Realm, format, and a card the deck contains."""

    q = forms.CharField(label="Name", required=False, max_length=100)
    realm = forms.ModelChoiceField(
        Realm.objects.all(), to_field_name="slug", required=False, empty_label="Any realm"
    )
    format = forms.ModelChoiceField(
        Format.objects.all(), to_field_name="slug", required=False, empty_label="Any format"
    )
    card = forms.CharField(label="Contains card", required=False, max_length=80)


class SlotChangeForm(forms.Form):
    """One builder change: add or remove a copy, add up to the copy limit, set a count, or
    move a copy across boards."""

    ACTIONS = [
        ("add", "Add one"),
        ("max", "Add up to the copy limit"),
        ("remove", "Remove one"),
        ("set", "Set count"),
        ("move", "Move"),
    ]

    card = forms.ModelChoiceField(Card.objects.all(), to_field_name="slug")
    board = forms.ChoiceField(choices=Board.choices, initial=Board.MAIN)
    action = forms.ChoiceField(choices=ACTIONS)
    count = forms.IntegerField(min_value=0, max_value=MAX_COPIES_PER_SLOT, required=False)

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("action") == "set" and cleaned.get("count") is None:
            self.add_error("count", "Give the number of copies.")
        return cleaned


class QuickAddForm(forms.Form):
    """One typed line of the builder's quick-add box; decks.services.deck_quick_add reads it
    (and says what is wrong with it, so the form asks for nothing more than text)."""

    line = forms.CharField(required=False, strip=False)


class OddsForm(forms.Form):
    """The odds panel's assumptions: which turn, and how many cards leave the hand each turn."""

    turn = forms.IntegerField(min_value=1, max_value=30, initial=DEFAULT_TURN)
    played = forms.IntegerField(
        label="Cards played per turn",
        min_value=0,
        max_value=OPENING_HAND,
        initial=DEFAULT_PLAYED_PER_TURN,
    )


class VersionPairForm(forms.Form):
    """Two version numbers of one deck to compare (bounded like the column that holds them)."""

    a = forms.IntegerField(min_value=1, max_value=MAX_VERSION_NUMBER)
    b = forms.IntegerField(min_value=1, max_value=MAX_VERSION_NUMBER)


class VersionLabelForm(forms.Form):
    """A name for one version of a deck; blank removes the name."""

    number = forms.IntegerField(min_value=1)
    label = forms.CharField(label="Name", required=False, max_length=MAX_LABEL_LENGTH)


class DeckImportForm(forms.Form):
    """A decklist pasted or uploaded, in one of the kinds the importer reads.

    The kind defaults to "auto": the form reads it from the text (decks.io.detect), and
    `cleaned_data["detected"]` says it did."""

    AUTO = "auto"
    KINDS = [
        (AUTO, "Detect from the text"),
        ("text", "Text (“3 Cinder Hound” lines)"),
        ("code", "Deck code"),
        ("json", "JSON"),
        ("csv", "CSV"),
    ]
    KIND_LABELS = {"text": "text", "code": "a deck code", "json": "JSON", "csv": "CSV"}

    kind = forms.ChoiceField(choices=KINDS, initial=AUTO)
    text = forms.CharField(
        label="Paste the decklist",
        required=False,
        widget=forms.Textarea(attrs={"rows": 12}),
        max_length=MAX_IMPORT_BYTES,
    )
    upload = forms.FileField(label="…or upload a file", required=False)
    name = forms.CharField(label="Deck name", required=False, max_length=100)
    format = forms.ModelChoiceField(
        Format.objects.filter(is_active=True),
        required=False,
        empty_label="As the decklist says",
        help_text="JSON files and deck codes name their format; text and CSV need one.",
    )
    home_realm = forms.ModelChoiceField(
        Realm.objects.all(), required=False, empty_label="As the decklist says"
    )
    keep_valid_lines = forms.BooleanField(
        label="Import the good lines even if some are wrong", required=False
    )

    def clean(self) -> dict:
        cleaned = super().clean()
        upload = cleaned.get("upload")
        if upload:
            try:
                cleaned["text"] = upload_read(upload)
            except DeckImportError as error:
                raise forms.ValidationError(str(error)) from None
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError("Paste a decklist or upload a file.")
        cleaned["detected"] = cleaned.get("kind") == self.AUTO
        if cleaned["detected"]:
            cleaned["kind"] = detect_kind(cleaned["text"])
        return cleaned

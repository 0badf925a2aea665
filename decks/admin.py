"""Staff pages: formats (with their banned and restricted lists), decks (with slots) and
users (one account an e-mail address)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.core.exceptions import ValidationError
from django.forms import BaseModelFormSet, ModelForm
from django.http import HttpRequest

from decks.account_forms import EMAIL_TAKEN_HERE
from decks.accounts import email_taken, normalized_email
from decks.decklist import deck_entries
from decks.models import (
    FORMAT_COPY_AND_KIND_FIELDS,
    Deck,
    DeckSlot,
    DeckVersion,
    Format,
    FormatListEntry,
)
from decks.versions import version_record


class FormatListEntryInline(admin.TabularInline):
    model = FormatListEntry
    extra = 1
    raw_id_fields = ["card"]
    fields = ["card", "status", "limit", "effective_from", "note"]


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    """Formats are data: staff add and edit them here without code (F1–F3 in docs/rules.md)."""

    list_display = [
        "name",
        "slug",
        "played_under",
        "min_cards",
        "max_cards",
        "copy_limit",
        "is_active",
    ]
    list_filter = ["is_active"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [FormatListEntryInline]
    fieldsets = [
        (None, {"fields": ["name", "slug", "description", "rulesets", "is_active"]}),
        ("Size", {"fields": ["min_cards", "max_cards", "sideboard_max", "opening_hand"]}),
        (
            "Copies and kinds",
            {
                "fields": FORMAT_COPY_AND_KIND_FIELDS,
                "description": 'Limits by rarity or kind as JSON, e.g. {"mythic": 1, '
                '"champion": 1}; allowed kinds as a list, e.g. ["avatar"] (empty: every kind).',
            },
        ),
    ]

    @admin.display(description="Rulesets")
    def played_under(self, format: Format) -> str:
        return ", ".join(map(str, format.rulesets)) if isinstance(format.rulesets, list) else ""


class DeckSlotInline(admin.TabularInline):
    model = DeckSlot
    extra = 0
    raw_id_fields = ["card"]
    fields = ["card", "board", "count"]


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    extra = 0
    can_delete = False
    fields = ["number", "created_at", "note"]
    readonly_fields = fields
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Deck | None = None) -> bool:
        return False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "format", "visibility", "updated_at"]
    list_filter = ["format", "visibility"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
    list_select_related = ["owner", "format"]
    inlines = [DeckSlotInline, DeckVersionInline]

    def save_related(
        self, request: HttpRequest, form: ModelForm, formsets: list[BaseModelFormSet], change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        # Slot edits made here are versions too, like every other change to the slots.
        if any(formset.model is DeckSlot and formset.has_changed() for formset in formsets):
            version_record(
                deck=form.instance,
                entries=deck_entries(form.instance),
                note=f"Edited in the admin by {request.user}",
            )


class StaffUserChangeForm(UserChangeForm):
    """Django's user form, holding staff to one account an address too (decks/accounts.py):
    the database refuses a shared one, which was a server error on this page."""

    def clean_email(self) -> str:
        email = normalized_email(self.cleaned_data.get("email") or "")
        if email_taken(email, other_than=self.instance):
            raise ValidationError(EMAIL_TAKEN_HERE, code="email_taken")
        return email


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class StaffUserAdmin(UserAdmin):
    form = StaffUserChangeForm

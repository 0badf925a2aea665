"""Staff pages for realms and cards; card edits go through the errata service."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from cards.api.stored import card_documents_refresh
from cards.models import Ability, Card, CardRevision, Realm, keywords_join
from cards.revisions import ABILITY_FIELDS, EDITABLE_FIELDS, card_document_write, card_revise
from cards.validation import card_faults


@admin.register(Realm)
class RealmAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "colour", "symbol"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def save_model(self, request: HttpRequest, obj: Realm, form: forms.ModelForm, change: bool):
        super().save_model(request, obj, form, change)
        # A new slug outdated the stored API documents of the realm's cards.
        card_documents_refresh(Card.objects.filter(realm=obj))


class AbilityInlineFormSet(forms.BaseInlineFormSet):
    """Checks the abilities together with their card (an Item needs a bonus or an ability...)."""

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        faults = card_faults(self.instance.rules_values(), self.abilities())
        messages = [f"{f.field}: {f.message}" for f in faults if f.field.startswith("abilities")]
        if messages:
            raise ValidationError(messages)

    def abilities(self) -> list[dict[str, Any]]:
        """The abilities the card will have once saved, in order, as mappings."""
        kept = [
            form
            for form in self.forms
            if (form.has_changed() or form.instance.pk) and not self._should_delete_form(form)
        ]
        kept.sort(key=lambda form: form.cleaned_data.get("order") or 0)
        return [{field: form.cleaned_data.get(field) for field in ABILITY_FIELDS} for form in kept]


class AbilityInline(admin.StackedInline):
    model = Ability
    formset = AbilityInlineFormSet
    fields = ["order", "name", "cost", "timing", "effect", "text"]
    extra = 0


class CardRevisionInline(admin.TabularInline):
    model = CardRevision
    fields = ["revised_at", "note", "previous"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Card | None = None) -> bool:
        return False


# Every editable card field but abilities, which are inlines.
EDITABLE_FIELDS_ON_FORM = [field for field in EDITABLE_FIELDS if field != "abilities"]


class CardAdminForm(forms.ModelForm):
    errata_note = forms.CharField(
        max_length=200,
        required=False,
        label="Errata note",
        help_text="Recorded with the earlier values when a rules-relevant field changes.",
    )

    class Meta:
        model = Card
        fields = [*EDITABLE_FIELDS_ON_FORM, "slug"]
        help_texts = {"keywords": "Words separated by spaces, e.g. flying swift"}

    def clean_keywords(self) -> str:
        return keywords_join(self.cleaned_data["keywords"].split())


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    inlines = [AbilityInline, CardRevisionInline]
    list_display = ["name", "realm", "kind", "cost", "rarity", "is_spirit"]
    list_filter = ["kind", "realm", "rarity", "is_spirit"]
    search_fields = ["name", "rules_text", "keywords"]
    list_select_related = ["realm"]
    fieldsets = [
        (None, {"fields": ["name", "slug", "kind", "realm", "cost", "rarity"]}),
        ("Text", {"fields": ["rules_text", "flavour_text", "keywords"]}),
        ("Avatar traits", {"fields": ["melee", "defense", "ranged", "movement", "is_spirit"]}),
        (
            "Item bonuses",
            {"fields": ["bonus_melee", "bonus_defense", "bonus_ranged", "bonus_movement"]},
        ),
        ("Remains in Play and Actions", {"fields": ["target"]}),
        ("Errata", {"fields": ["errata_note"]}),
    ]

    def get_readonly_fields(self, request: HttpRequest, obj: Card | None = None) -> list[str]:
        # The slug is the card's identity in URLs, decks and the catalogue file.
        return ["slug"] if obj else []

    def get_prepopulated_fields(self, request: HttpRequest, obj: Card | None = None) -> dict:
        return {} if obj else {"slug": ["name"]}

    def save_model(
        self, request: HttpRequest, obj: Card, form: CardAdminForm, change: bool
    ) -> None:
        # A change is written in save_related, together with its abilities, as one revision.
        if not change:
            super().save_model(request, obj, form, change)

    def save_related(
        self, request: HttpRequest, form: CardAdminForm, formsets, change: bool
    ) -> None:
        if not change:
            super().save_related(request, form, formsets, change)
            # The new card with its abilities, as the API shows it (same transaction).
            card_document_write(form.instance)
            return
        changes = {
            field: form.cleaned_data[field]
            for field in form.changed_data
            if field in EDITABLE_FIELDS
        }
        for formset in formsets:
            if isinstance(formset, AbilityInlineFormSet) and formset.has_changed():
                changes["abilities"] = formset.abilities()
        note = form.cleaned_data.get("errata_note") or f"Changed in the admin by {request.user}"
        card_revise(card=Card.objects.get(pk=form.instance.pk), changes=changes, note=note)

    def construct_change_message(self, request, form, formsets, add=False):
        # On a change the inline formsets are not saved one by one (card_revise replaces
        # the abilities), so the log names the changed fields only.
        return super().construct_change_message(request, form, [] if not add else formsets, add)

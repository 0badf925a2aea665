"""The built-in formats F1 (Shén Standard) and F2 (Shén Starter) of docs/rules.md.

Kalter Constructed (F3) arrives with Kalter's cards; staff can add it in the admin.
"""

from django.db import migrations

BUILT_IN = [
    {
        "slug": "shen-standard",
        "name": "Shén Standard",
        "description": "40 to 60 cards, at most 3 copies of a card by name, any mix of "
        "realms; the Home Realm is declared on the deck (F1).",
        "ruleset": "beta-2026-07",
        "min_cards": 40,
        "max_cards": 60,
        "copy_limit": 3,
        "requires_home_realm": True,
        "sideboard_max": 15,
    },
    {
        "slug": "shen-starter",
        "name": "Shén Starter",
        "description": "A force of exactly 4 Avatar cards, one copy each, for the "
        "simplified rules (F2).",
        "ruleset": "simplified-0.1",
        "min_cards": 4,
        "max_cards": 4,
        "copy_limit": 1,
        "allowed_kinds": ["avatar"],
        "requires_home_realm": False,
        "sideboard_max": 0,
    },
]


def create_formats(apps, schema_editor):
    Format = apps.get_model("decks", "Format")
    for fields in BUILT_IN:
        Format.objects.update_or_create(slug=fields["slug"], defaults=fields)


def delete_unused_formats(apps, schema_editor):
    Format = apps.get_model("decks", "Format")
    Format.objects.filter(slug__in=[fields["slug"] for fields in BUILT_IN], decks=None).delete()


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [migrations.RunPython(create_formats, delete_unused_formats)]

"""Versions that group close edits and can be named; a format's opening hand (none: no draw).

Shén Starter (F2, simplified rules) keeps its whole force in hand, so it draws no opening hand.
"""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import F

NO_DRAW_FORMATS = ["shen-starter"]


def backfill(apps, schema_editor):
    apps.get_model("decks", "DeckVersion").objects.update(updated_at=F("created_at"))
    apps.get_model("decks", "Format").objects.filter(slug__in=NO_DRAW_FORMATS).update(
        opening_hand=None
    )


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_builtin_formats")]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="edits",
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.AddField(
            model_name="deckversion",
            name="from_edits",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="deckversion",
            name="label",
            field=models.CharField(blank=True, max_length=80),
        ),
        migrations.AddField(
            model_name="deckversion",
            name="updated_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AddField(
            model_name="format",
            name="opening_hand",
            field=models.PositiveSmallIntegerField(
                blank=True,
                default=7,
                help_text="Cards in the opening hand. Blank: no draw, every card starts in hand",
                null=True,
            ),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]

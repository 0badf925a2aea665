"""Decks get a revision (versioned writes), a share token (unlisted links) and a deleted
time (30 days in "Recently deleted").

The token is added empty, filled with a fresh token per existing deck, then made unique.
"""

from django.db import migrations, models

import decks.models


def give_every_deck_a_token(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    for deck in Deck.objects.filter(share_token__isnull=True).only("pk").iterator():
        Deck.objects.filter(pk=deck.pk).update(share_token=decks.models.new_share_token())


class Migration(migrations.Migration):
    dependencies = [("decks", "0002_builtin_formats")]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="revision",
            field=models.PositiveIntegerField(default=1),
        ),
        migrations.AddField(
            model_name="deck",
            name="deleted_at",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.AddField(
            model_name="deck",
            name="share_token",
            field=models.CharField(max_length=32, null=True),
        ),
        migrations.RunPython(give_every_deck_a_token, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="deck",
            name="share_token",
            field=models.CharField(
                default=decks.models.new_share_token, max_length=32, unique=True
            ),
        ),
    ]

# Card pages of one kind or realm read in name order off their index (cards.models.Card.Meta).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_card_document"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="card",
            name="cards_card_kind_dc80fd_idx",
        ),
        migrations.RemoveIndex(
            model_name="card",
            name="cards_card_realm_i_98d240_idx",
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["kind", "name", "cost"], name="cards_card_kind_93227f_idx"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["realm", "name", "cost"], name="cards_card_realm_i_5b4a81_idx"
            ),
        ),
    ]

"""A format is played under a list of rulesets, not one: each format keeps the ruleset it had
as a one-item list, and Shén Standard (F1) is played under beta-2025 as well."""

from django.db import migrations, models

import games.rulesets

# F1's rulesets once earlier rulesets are playable (docs/rules.md, F1 and issue 11).
STANDARD = ("shen-standard", ["beta-2026-07"], ["beta-2026-07", "beta-2025"])


def to_lists(apps, schema_editor):
    Format = apps.get_model("decks", "Format")
    for format in Format.objects.all():
        format.rulesets = [format.ruleset] if format.ruleset else []
        slug, before, after = STANDARD
        if format.slug == slug and format.rulesets == before:
            format.rulesets = after
        format.save(update_fields=["rulesets"])


def to_one(apps, schema_editor):
    Format = apps.get_model("decks", "Format")
    for format in Format.objects.all():
        format.ruleset = format.rulesets[0] if format.rulesets else ""
        format.save(update_fields=["ruleset"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0004_merge_share_tokens_and_version_grouping")]

    operations = [
        migrations.AddField(
            model_name="format",
            name="rulesets",
            field=models.JSONField(
                blank=True,
                default=games.rulesets.default_rulesets,
                help_text='The rulesets it is played under, e.g. ["beta-2026-07", "beta-2025"]; '
                "the first is the default. Empty: for deck building only, not played here",
            ),
        ),
        migrations.RunPython(to_lists, to_one),
        migrations.RemoveField(model_name="format", name="ruleset"),
    ]

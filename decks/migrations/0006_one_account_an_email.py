"""One account an e-mail address, in any case (decks/accounts.py says why): a unique index
on the lowered address, empty ones aside.

Addresses set before (by staff: sign-up asked for none) may be shared: the account last
logged into keeps its address (it is the one in use; the oldest, on a tie), the others
lose theirs, and their account page asks them for one."""

from django.db import migrations
from django.db.models import F

INDEX = "decks_user_email_ci_unique"


def clear_shared_addresses(apps, schema_editor):
    User = apps.get_model("auth", "User")
    holders = User.objects.exclude(email="").order_by(
        F("last_login").desc(nulls_last=True), "pk"
    )
    kept = set()
    for user in holders.only("pk", "email", "last_login"):
        key = user.email.lower()
        if key in kept:
            user.email = ""
            user.save(update_fields=["email"])
        kept.add(key)


def create_index(apps, schema_editor):
    table = schema_editor.quote_name(apps.get_model("auth", "User")._meta.db_table)
    # LOWER as the database has it: for ASCII the same as Python's; beyond ASCII, the
    # forms' case-blind check (email__iexact) is the rule, the index a last guard.
    schema_editor.execute(
        f"CREATE UNIQUE INDEX {INDEX} ON {table} (LOWER(email)) WHERE email <> ''"
    )


def drop_index(apps, schema_editor):
    schema_editor.execute(f"DROP INDEX {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("decks", "0005_format_rulesets"),
    ]

    operations = [
        migrations.RunPython(clear_shared_addresses, migrations.RunPython.noop),
        migrations.RunPython(create_index, drop_index),
    ]

"""The project as Django sees it: system checks pass, and the models match the migrations."""

import pytest
from django.core.management import call_command


def test_django_system_checks_pass():
    # A warning fails too: each one is something to fix or to silence by name in settings.
    call_command("check", fail_level="WARNING")


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    # --check exits with an error when a migration is missing; --dry-run writes none.
    call_command("makemigrations", check=True, dry_run=True, verbosity=0)

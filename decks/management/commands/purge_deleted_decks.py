"""Remove for good the decks deleted more than 30 days ago (run it daily, e.g. from cron)."""

from django.core.management.base import BaseCommand

from decks.services import decks_purge_deleted


class Command(BaseCommand):
    help = "Remove for good, with slots and history, the decks deleted more than 30 days ago."

    def handle(self, *args: object, **options: object) -> None:
        purged = decks_purge_deleted()
        self.stdout.write(f"Purged {purged} deleted deck{'' if purged == 1 else 's'}.")

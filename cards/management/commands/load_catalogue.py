"""`manage.py load_catalogue [--file PATH]`: load a catalogue file, all of it or nothing."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from cards.catalogue.errors import CatalogueInvalid
from cards.catalogue.loading import catalogue_load
from cards.catalogue.schema import catalogue_parse_text
from cards.models import Realm

SAMPLE_CATALOGUE = Path(__file__).resolve().parents[2] / "catalogue" / "shen-beta.json"


class Command(BaseCommand):
    help = "Load realms and cards from a catalogue file (default: the Shén beta sample set)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=SAMPLE_CATALOGUE)
        parser.add_argument("--no-progress", action="store_true", help="Hide the progress bar")

    def handle(self, *args, file: Path, no_progress: bool, **options) -> None:
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {file}: {error}") from None
        try:
            known_realms = set(Realm.objects.values_list("slug", flat=True))
            catalogue = catalogue_parse_text(text, known_realms=known_realms)
            with tqdm(
                total=len(catalogue.cards),
                desc="Cards",
                unit="card",
                file=self.stderr,
                disable=no_progress,
            ) as bar:
                summary = catalogue_load(catalogue=catalogue, on_card=lambda record: bar.update())
        except CatalogueInvalid as invalid:
            lines = "\n".join(f"  {error}" for error in invalid.errors)
            raise CommandError(
                f"{file} has {len(invalid.errors)} error(s); nothing was loaded:\n{lines}"
            ) from None
        self.stdout.write(self.style.SUCCESS(str(summary)))

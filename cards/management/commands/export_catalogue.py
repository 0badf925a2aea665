"""`manage.py export_catalogue [--output PATH]`: write the catalogue in the loadable format."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from cards.catalogue.exporting import catalogue_export_text


class Command(BaseCommand):
    help = "Write every realm and card as a catalogue file (stdout unless --output is given)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", type=Path, default=None)
        parser.add_argument("--name", default="", help="The catalogue's name, stored in the file")

    def handle(self, *args, output: Path | None, name: str, **options) -> None:
        text = catalogue_export_text(name=name)
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {output}")

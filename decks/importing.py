"""Import a decklist as a new deck: all of it, or only its good lines when the player says so."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.files.uploadedfile import UploadedFile

from cards.models import Realm
from decks.io.parsing import MAX_IMPORT_BYTES, decklist_parse
from decks.io.raw import DecklistHeader, ImportProblem
from decks.models import Deck, Format
from decks.services import DeckChangeError, deck_create

IMPORT_KINDS = ("text", "json", "csv", "code")
# A whole import request: the decklist (JSON may escape each character in six bytes)
# and the form's other fields. Anything larger is refused before its body is read.
MAX_IMPORT_REQUEST_BYTES = 6 * MAX_IMPORT_BYTES + 16 * 1024


class DeckImportError(ValueError):
    """The import was refused; `problems` says what is wrong, line by line."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(str(problem) for problem in problems))
        self.problems = problems


def deck_import(
    *,
    owner: AbstractBaseUser,
    text: str,
    kind: str,
    format: Format | None = None,
    name: str = "",
    home_realm: Realm | None = None,
    keep_valid_lines: bool = False,
) -> Deck:
    """A new deck from a decklist; nothing is written unless every line is good or
    `keep_valid_lines` is set. The format, Home Realm and name fall back to those the
    decklist itself names (JSON and deck codes carry them)."""
    parsed = decklist_parse(text=text, kind=kind)
    header = parsed.header
    format = format or Format.objects.filter(slug=header.format).first()
    # Every problem in one answer: the format's among the lines', not after they are fixed.
    problems = [*_format_problems(format, header), *parsed.problems]
    refused = [problem for problem in problems if problem.line is None]
    if refused or (problems and not keep_valid_lines) or not parsed.entries:
        raise DeckImportError(problems or [ImportProblem(None, "No line could be kept.")])
    if home_realm is None and header.home_realm:
        home_realm = Realm.objects.filter(slug=header.home_realm).first()
    try:
        return deck_create(
            owner=owner,
            name=name or header.name or "Imported deck",
            format=format,
            home_realm=home_realm,
            entries=parsed.entries,
            note=f"Imported ({kind})",
        )
    except DeckChangeError as error:
        raise DeckImportError([ImportProblem(None, str(error))]) from error


def _format_problems(format: Format | None, header: DecklistHeader) -> list[ImportProblem]:
    if format is not None:
        return []
    if header.format:
        message = f"The decklist names the format {header.format!r}, which this site does not have."
    else:
        message = "Choose the deck's format: this decklist does not name one."
    return [ImportProblem(None, message)]


def import_request_problem(meta: dict) -> ImportProblem | None:
    """A problem when a request's declared length is over the import limit, else None.

    Checked before the body is touched: Django would otherwise read a 100 MB upload to
    disk before the file's own size could be refused."""
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return ImportProblem(None, "The request's Content-Length is not a number.")
    if length <= MAX_IMPORT_REQUEST_BYTES:
        return None
    return ImportProblem(
        None,
        f"The request is {length // 1024} KiB; an import takes at most "
        f"{MAX_IMPORT_BYTES // 1024} KiB of decklist.",
    )


def upload_read(upload: UploadedFile) -> str:
    """The text of an uploaded decklist; a file over the size limit or not UTF-8 is refused."""
    if upload.size > MAX_IMPORT_BYTES:
        message = (
            f"The file is {upload.size // 1024} KiB; the limit is {MAX_IMPORT_BYTES // 1024} KiB."
        )
        raise DeckImportError([ImportProblem(None, message)])
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckImportError([ImportProblem(None, "The file is not UTF-8 text.")]) from None

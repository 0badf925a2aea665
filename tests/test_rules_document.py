"""docs/rules.md is the one rulebook: every rule the repository cites has its section there,
and nothing in the repository points at rule texts outside it."""

import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from games.rules.rulebooks import RULEBOOK_FILES, render_rulebook

ROOT = Path(settings.BASE_DIR)
RULES = ROOT / "docs" / "rules.md"
TEXT_SUFFIXES = {".py", ".md", ".html", ".txt", ".toml", ".cfg", ".ini", ".css", ".js", ".yml"}
# Where the board's vertices are named (F1, F4 …), an F-number is a vertex, not a format.
BOARD_CODE = ("games/", "tests/games/", "bench/")
# Spelled in parts so that this file does not match itself.
OUTSIDE = ("shared" + "/rules", ".." + "/shared")
REPLACED = ("RULINGS", "interpretations" + ".md")
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()
CITATION = re.compile(r"\b([RF])([1-9][0-9]?)(?:[–-]([RF])([1-9][0-9]?))?\b")


def repository_files() -> list[Path]:
    """The repository's text files: tracked, or new and not ignored."""
    listing = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    files = [ROOT / name for name in listing if Path(name).suffix in TEXT_SUFFIXES]
    return [path for path in files if path.is_file()]


def cited_numbers(relative: str, text: str) -> set[str]:
    """The rule numbers ``text`` cites; a range "R1–R4" cites every number in it."""
    numbers = set()
    for letter, first, end_letter, last in CITATION.findall(text):
        if letter == "F" and relative.startswith(BOARD_CODE):
            continue
        top = int(last) if end_letter == letter else int(first)
        numbers.update(f"{letter}{n}" for n in range(int(first), top + 1))
    return numbers


@pytest.fixture(scope="module")
def rulebook():
    return render_rulebook("beta-2026-07", RULES.read_text(encoding="utf-8"))


def test_every_ruling_has_one_section_in_order(rulebook):
    numbers = [heading.number for heading in rulebook.headings if heading.number]
    rules, more_players, formats = range(1, 27), range(1, 10), range(1, 4)
    expected = [f"R{n}" for n in rules] + [f"M{n}" for n in more_players]
    expected += [f"F{n}" for n in formats]
    assert numbers == expected


def test_every_rule_number_cited_in_the_repository_has_a_section(rulebook):
    # Rules only an earlier ruleset has (R27 on) have their sections in its own rulebook.
    sections = {
        heading.number
        for name, entry in RULEBOOK_FILES.items()
        for heading in render_rulebook(
            name, (ROOT / "docs" / entry.name).read_text(encoding="utf-8")
        ).headings
        if heading.number
    }
    missing = {}
    for path in repository_files():
        relative = path.relative_to(ROOT).as_posix()
        if relative == THIS_FILE:  # its examples cite made-up numbers on purpose
            continue
        unknown = cited_numbers(relative, path.read_text(encoding="utf-8")) - sections
        if unknown:
            missing[relative] = sorted(unknown)
    assert not missing, f"rule numbers with no section in any rulebook: {missing}"


def test_the_citation_scan_finds_what_the_code_cites():
    """The scan is not vacuous: it reads the engine's and the deck builder's citations."""
    engine = (ROOT / "games/engine/placement.py").read_text(encoding="utf-8")
    assert {"R10", "R11", "R12"} <= cited_numbers("games/engine/placement.py", engine)
    assert cited_numbers("decks/models.py", "formats (F1–F3)") == {"F1", "F2", "F3"}
    assert cited_numbers("tests/games/engine/test_x.py", '"E4 F4 E5 F5"') == set()
    assert cited_numbers("decks/x.py", "R27 is new") == {"R27"}


def test_links_inside_the_rulebook_land_on_its_sections(rulebook):
    targets = set(re.findall(r"\]\(#([^)]+)\)", RULES.read_text(encoding="utf-8")))
    assert targets, "the rulebook cross-references its rules"
    assert targets <= rulebook.anchors


def test_the_rulebook_covers_every_reading_the_engine_made():
    """The engine's readings are folded in: each rule section with an Engine part names one."""
    text = RULES.read_text(encoding="utf-8")
    for phrase in (
        "DeckList.home_realm",
        "ChooseReturnedCards",
        "PlayCard.at",
        "FollowUp",
        "or will have your counter by the end of your turn",
        "0 against 0 is a tie",
        "bot default first",
        "extra_dice",
    ):
        assert phrase in text


def test_nothing_in_the_repository_points_at_rule_texts_outside_it():
    offenders = [
        path.relative_to(ROOT).as_posix()
        for path in repository_files()
        if any(name in path.read_text(encoding="utf-8") for name in OUTSIDE)
    ]
    assert offenders == []


def test_no_file_names_the_rulings_it_was_written_from():
    """docs/rules.md replaced the designer's rulings file and the engine's readings file."""
    offenders = [
        path.relative_to(ROOT).as_posix()
        for path in repository_files()
        if path.relative_to(ROOT).as_posix() != THIS_FILE
        and any(name in path.read_text(encoding="utf-8") for name in REPLACED)
    ]
    assert offenders == []


def test_every_module_the_rules_name_exists():
    """The rulebook's "Engine" notes name the modules that carry a rule out."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+\.py)`", text))
    missing = sorted(name for name in named if not (ROOT / "games" / "engine" / name).exists())
    assert missing == []

"""Rulebooks for tests, written to a docs folder of their own so no test depends on which
rulebooks the project has: the real beta-2026-07 book beside an older one made from it."""

from __future__ import annotations

import re
from pathlib import Path

from games.rules import rulebooks
from games.rules.rulebooks import RulebookFile

REAL_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
OLDER = "test-older"
SHORT = "test-short"
# Made-up rules of the test books, spelled in parts so that the citation scan
# (tests/test_rules_document.py) does not take them for rules docs/rules.md must have.
ONLY_OLDER = "R" + "27"  # the older book's own rule, after the real book's last
ONLY_SHORT = "R" + "28"  # the short book's own rule
REWORDED = "In the older rules: "  # put before the first paragraph of R1


def older_source(real: str) -> str:
    """The real rulebook with the changes an older ruleset's book might make: a rule
    renamed (R13), the first paragraph of a rule reworded (R1), a rule only it has
    (``ONLY_OLDER``, after R26's part), and a line of raw HTML that must stay text. The
    edits find their places by rule number, so the real book may change around them."""
    real = re.sub(r"^# .*$", f"# Shén rules: ruleset `{OLDER}`", real, count=1, flags=re.M)
    real = re.sub(r"^### R13 .*$", "### R13 One action per turn", real, count=1, flags=re.M)
    real = re.sub(r"^(### R1 .*\n\n)", rf"\1{REWORDED}", real, count=1, flags=re.M)
    part_end = real.index("\n## ", real.index("\n### R26 "))
    own_rule = (
        f"\n### {ONLY_OLDER} Redraw\n\n**Rule.** A hand without an Avatar is shown and "
        'drawn again. <img src=x onerror="alert(1)">\n'
    )
    return real[:part_end] + own_rule + real[part_end:]


SHORT_SOURCE = f"""# A short ruleset

The introduction.

## Board and notation

### R1 Geometry

**Rule.** A board of 5×5 spaces.

### {ONLY_SHORT} Only here

**Rule.** A rule no other test book has.
"""


def write_test_rulebooks(settings, tmp_path: Path, monkeypatch) -> Path:
    """A docs folder under ``tmp_path`` holding the real rulebook and two test ones, made
    the project's (``settings.BASE_DIR``) and registered as ``test-older`` and ``test-short``,
    in place of the project's other rulebooks."""
    docs = tmp_path / "docs"
    docs.mkdir()
    real = REAL_RULES.read_text(encoding="utf-8")
    (docs / "rules.md").write_text(real, encoding="utf-8")
    (docs / "rules-test-older.md").write_text(older_source(real), encoding="utf-8")
    (docs / "rules-test-short.md").write_text(SHORT_SOURCE, encoding="utf-8")
    settings.BASE_DIR = tmp_path
    # Only these books: the project's other rulebooks are not in this folder.
    for name in [name for name in rulebooks.RULEBOOK_FILES if name != "beta-2026-07"]:
        monkeypatch.delitem(rulebooks.RULEBOOK_FILES, name)
    monkeypatch.setitem(
        rulebooks.RULEBOOK_FILES, OLDER, RulebookFile("rules-test-older.md", "An older test book.")
    )
    monkeypatch.setitem(
        rulebooks.RULEBOOK_FILES, SHORT, RulebookFile("rules-test-short.md", "A short test book.")
    )
    return docs

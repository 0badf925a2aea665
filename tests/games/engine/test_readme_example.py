"""The README's engine example runs as written: a seeded game from JSON decks, replayed."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[3] / "README.md"


def test_readme_engine_example_plays_and_replays_a_game(capsys):
    section = README.read_text(encoding="utf-8").split("## The rules engine", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.S)
    assert example is not None, "the engine section has a Python example"
    exec(compile(example[1], "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "actions" in printed
    assert "Result(" in printed

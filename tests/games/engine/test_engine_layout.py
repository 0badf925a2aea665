"""The engine's layout as the import-linter contracts state it: its flat modules are the
rules, and the contract forbidding them to import the bots, the client texts and the
test scaffolding names every one of them (a new rule module not named would go
unchecked)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CONTRACT = "The engine's rules import none of its bots, client texts or test scaffolding"


def contract(name: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["name"] == name)


def test_the_rules_contract_names_every_flat_module_of_the_engine():
    flat = {
        f"games.engine.{path.stem}"
        for path in (ROOT / "games" / "engine").glob("*.py")
        if path.stem != "__init__"
    }
    assert set(contract(CONTRACT)["source_modules"]) == flat


def test_the_engines_folders_are_the_ones_the_rules_may_not_import():
    folders = {
        f"games.engine.{path.name}"
        for path in (ROOT / "games" / "engine").iterdir()
        if (path / "__init__.py").exists()
    }
    assert set(contract(CONTRACT)["forbidden_modules"]) == folders

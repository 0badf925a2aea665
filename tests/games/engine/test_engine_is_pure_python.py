"""The rules engine is a library: nothing under games/engine imports Django or its kin.

The import-linter contract in pyproject.toml says the same; these tests keep it
true inside the ordinary test run, for direct imports and for the whole graph.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[3] / "games" / "engine"
FORBIDDEN = ("django", "rest_framework", "celery")
MODULES = sorted(ENGINE.rglob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif _is_literal_import_module_call(node):
            roots.add(str(node.args[0].value).split(".")[0])
    return roots


def _is_literal_import_module_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and getattr(node.func, "attr", None) == "import_module"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
    )


def test_the_engine_has_modules_to_check():
    assert ENGINE / "__init__.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ENGINE)))
def test_engine_module_imports_no_django(path):
    assert not _imported_roots(path) & set(FORBIDDEN)


# A child interpreter whose import system refuses Django, DRF and Celery, then
# imports every engine module: an indirect import (through a third module) fails too.
_BLOCKED_IMPORT = """
import importlib, importlib.abc, pkgutil, sys

FORBIDDEN = {forbidden!r}

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in FORBIDDEN:
            raise ImportError(f"the engine imported {{name}}")
        return None

sys.meta_path.insert(0, Refuse())
import games.engine
for info in pkgutil.walk_packages(games.engine.__path__, "games.engine."):
    importlib.import_module(info.name)
loaded = sorted(name for name in sys.modules if name.split(".")[0] in FORBIDDEN)
print(loaded)
sys.exit(1 if loaded else 0)
"""


def test_every_engine_module_imports_with_django_blocked():
    result = subprocess.run(
        [sys.executable, "-c", _BLOCKED_IMPORT.format(forbidden=FORBIDDEN)],
        cwd=ENGINE.parents[1],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ENGINE.parents[1])},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr + result.stdout

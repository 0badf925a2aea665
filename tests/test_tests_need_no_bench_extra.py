"""The test suite runs without the benchmarks' extra (``pip install -e '.[bench]'``):
whatever a test imports from ``bench/`` imports with ``sgfmill`` missing.

The engine's tests took their sample decks from the engine bench, which imports sgfmill
at its top: without it they could not even be collected. The decks are the engine's
own now (``games.engine.testing.samples``); this keeps it so for every bench module a
test imports, directly or through another module.
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH_ONLY = ("sgfmill",)


def bench_modules_imported_by_tests() -> set[str]:
    """Every ``bench`` module a test module names in an import."""
    found = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "bench":
                    found.update(f"bench.{alias.name}" for alias in node.names)
                elif node.module.startswith("bench."):
                    found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.split(".")[0] == "bench")
    return found


# A child interpreter whose import system refuses the benchmarks' extra, then imports
# the modules it is given: an import through a third module fails too.
_BLOCKED_IMPORT = """
import importlib, importlib.abc, sys

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ImportError(f"{{name}} is the benchmarks' extra")
        return None

sys.meta_path.insert(0, Refuse())
for name in sys.argv[1:]:
    importlib.import_module(name)
"""


def test_tests_import_benches_of_their_own():
    # Not vacuous: the ladder's record and the hostile campaign are tested.
    assert {"bench.bots", "bench.hostile.campaign"} <= bench_modules_imported_by_tests()


def test_every_bench_module_a_test_imports_imports_without_sgfmill():
    modules = sorted(bench_modules_imported_by_tests() | {"games.engine.testing.samples"})
    result = subprocess.run(
        [sys.executable, "-c", _BLOCKED_IMPORT.format(blocked=BENCH_ONLY), *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr

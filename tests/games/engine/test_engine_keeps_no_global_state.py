"""No module of the engine keeps mutable state: a game is a function of its inputs.

Anything remembered between calls would make a game depend on what the process
did before (another game, another thread); module-level values must therefore be
immutable: constants, frozen tables, read-only mappings, functions and classes.
"""

import __future__

import dataclasses
import enum
import importlib
import pkgutil
import re
import types
import typing
from pathlib import PurePath

import pytest

import games.engine

# Every module of the engine, those of its bots, client and testing packages too.
ENGINE_MODULES = sorted(
    info.name for info in pkgutil.walk_packages(games.engine.__path__, "games.engine.")
)

# Paths are immutable values (a module may name a data file beside it).
_ATOMS = (type(None), bool, int, float, complex, str, bytes, range, re.Pattern, PurePath)
_ATOMS += (__future__._Feature,)
_CODE = (
    types.FunctionType,
    types.BuiltinFunctionType,
    types.ModuleType,
    type,
    typing.TypeVar,
    types.GenericAlias,
    staticmethod,
    classmethod,
    property,
)


def _is_immutable(value: object, depth: int = 0) -> bool:
    if depth > 20:
        return False
    if isinstance(value, (*_ATOMS, enum.Enum)):
        return True
    if hasattr(value, "cache_info") or hasattr(value, "cache_clear"):
        return False  # functools caches remember calls
    if isinstance(value, _CODE) or type(value).__module__ in ("typing", "types"):
        return not isinstance(value, types.SimpleNamespace)
    if isinstance(value, tuple | frozenset):
        return all(_is_immutable(item, depth + 1) for item in value)
    if isinstance(value, types.MappingProxyType):
        return all(_is_immutable(item, depth + 1) for item in value.values())
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return all(
            _is_immutable(getattr(value, field.name), depth + 1)
            for field in dataclasses.fields(value)
        )
    return False


def _mutable_globals(module: types.ModuleType) -> list[str]:
    found = []
    for name, value in vars(module).items():
        if name.startswith("__") and name != "__all__":
            continue
        if not _is_immutable(value):
            found.append(f"{name} = {type(value).__name__}")
        if isinstance(value, type) and value.__module__ == module.__name__:
            for attribute, held in vars(value).items():
                mutable = isinstance(held, list | dict | set | bytearray)
                if mutable and not attribute.startswith(("__", "_field")):
                    found.append(f"{name}.{attribute} = {type(held).__name__}")
    return found


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_engine_module_keeps_no_mutable_globals(name):
    module = importlib.import_module(name)
    assert _mutable_globals(module) == []


def test_the_check_catches_caches_and_containers():
    module = types.ModuleType("games.engine.example")
    module.remembered = {}
    module.table = (1, [2])
    module.cached = __import__("functools").lru_cache(lambda n: n)
    module.fine = types.MappingProxyType({"a": (1, 2)})
    assert _mutable_globals(module) == [
        "remembered = dict",
        "table = tuple",
        "cached = _lru_cache_wrapper",
    ]

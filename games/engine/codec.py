"""Game states, actions and events to canonical JSON and back, exactly.

A match is stored as ruleset + decks + seed + action log, with a digest of the
state every few actions so a replay can prove it reproduces the same game.
Both need one encoding that round-trips any engine value to an *equal* value
and prints the same bytes for equal values, so the digest is stable.

The encoding is self-describing, so unions (an action is one of many classes)
need no type hints:

* ``None``, bools, ints, floats and strings are themselves;
* a tuple is a JSON list (and a JSON list always comes back as a tuple);
* a frozen dataclass is an object ``{"$": "ClassName", field: value, ...}``;
* an enum member is ``{"$enum": "ClassName.MEMBER"}``;
* a frozenset is ``{"$set": [...]}``, its items in canonical order;
* a mapping is ``{"$map": [[key, value], ...]}``, sorted by key;
* any other class that offers ``to_data()`` and ``from_data(geometry, data)``
  (the Shén counters grid) is ``{"$": "ClassName", "geometry": ..., **to_data()}``.

Objects are sorted by key and printed without spaces, so the text is what
``json.dumps(..., sort_keys=True, separators=(",", ":"))`` would print.

Class names are looked up among the classes defined in ``games.engine`` (and
any class this process has already encoded), so moving a class between engine
modules does not invalidate stored games; renaming a class or a field does.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping
from json.encoder import encode_basestring
from types import MappingProxyType
from typing import Any

from games.engine.board import Geometry

# The keys the encoding reserves; a dataclass field may not be named like them.
TYPE_KEY = "$"
ENUM_KEY = "$enum"
SET_KEY = "$set"
MAP_KEY = "$map"
GRID_GEOMETRY_KEY = "geometry"


class CodecError(ValueError):
    """Text or a value that is not a valid encoding of an engine value."""


def to_json(value: Any) -> str:
    """Canonical JSON for a state, action or event: equal values give equal text."""
    return _emit(value)


def from_json(text: str | bytes) -> Any:
    """The value ``to_json`` wrote; raises CodecError on text it did not write."""
    try:
        return _tuples(json.loads(text, object_hook=_decode_object))
    except CodecError:
        raise
    except json.JSONDecodeError as error:
        raise CodecError(f"not JSON: {error}") from error
    except (TypeError, ValueError, RecursionError) as error:
        # Well-formed JSON the codec never wrote: a set of mappings, a pair of three.
        raise CodecError(f"not an engine value: {error}") from error


def to_data(value: Any) -> Any:
    """``value`` as plain JSON-ready data (dicts, lists, strings, numbers)."""
    return json.loads(_emit(value))


def from_data(data: Any) -> Any:
    """The engine value that ``to_data`` turned into ``data``."""
    return from_json(json.dumps(data))


def action_to_data(action: Any) -> Any:
    """An action as JSON-ready data, for a match's stored action log."""
    return to_data(action)


def action_from_data(data: Any) -> Any:
    """The action ``action_to_data`` produced."""
    return from_data(data)


def state_digest(state: Any) -> str:
    """A short, stable fingerprint of a state (sha256 of its canonical JSON, 16 hex digits).

    Sixty-four bits are plenty to tell two states of one match apart and keep a
    stored digest log small.
    """
    return hashlib.sha256(_emit(state).encode()).hexdigest()[:16]


def clone(value: Any) -> Any:
    """A deep copy made through the codec; equal to ``value``."""
    return from_json(_emit(value))


# --- encoding ---------------------------------------------------------------

# name -> class, filled from games.engine on first decode and by every encode.
_classes: dict[str, type] = {}
_engine_scanned = False
# class -> the function printing its instances (field names looked up once).
_emitters: dict[type, Callable[[Any], str]] = {}


class _PrintMemory:
    """id(object) -> (object, its text), for immutable engine values.

    Successive states share almost all their parts (the card table, untouched
    Avatars), so each part is printed once. An entry holds its object, so the
    id is not reused while the text is remembered; the whole memory is dropped
    once the texts add up to ``limit`` characters, which bounds its size.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.texts: dict[int, tuple[Any, str]] = {}
        self.size = 0

    def remember(self, value: Any, text: str) -> None:
        self.size += len(text)
        if self.size > self.limit:
            self.texts.clear()
            self.size = len(text)
        self.texts[id(value)] = (value, text)

    def clear(self) -> None:
        self.texts.clear()
        self.size = 0


_printed = _PrintMemory(limit=16_000_000)


def forget_printed() -> None:
    """Drop the remembered texts (to free memory, or to time printing from cold)."""
    _printed.clear()


def _emit(value: Any) -> str:
    cls = type(value)
    if cls is int:
        return int.__repr__(value)
    if cls is str:
        return encode_basestring(value)
    emitter = _emitters.get(cls)
    if emitter is None:
        emitter = _emitters[cls] = _make_emitter(cls)
    return emitter(value)


def _emit_tuple(value: tuple) -> str:
    return "[" + ",".join([_emit(item) for item in value]) + "]"


def _emit_long_tuple(value: tuple) -> str:
    # Long tuples (the card table, decks) are shared between successive states.
    if len(value) < _LONG_TUPLE:
        return "[" + ",".join([_emit(item) for item in value]) + "]"
    return _emit_tuple_once(value)


_LONG_TUPLE = 16


def _emit_set(value: frozenset) -> str:
    return '{"$set":[' + ",".join(sorted(_emit(item) for item in value)) + "]}"


def _emit_map(value: Mapping) -> str:
    pairs = sorted((_emit(key), _emit(item)) for key, item in value.items())
    return '{"$map":[' + ",".join(f"[{key},{item}]" for key, item in pairs) + "]}"


_CONSTANTS = {True: "true", False: "false", None: "null"}


def _make_emitter(cls: type) -> Callable[[Any], str]:
    if cls is bool or cls is type(None):
        return _CONSTANTS.__getitem__
    if cls is float:
        return lambda value: json.dumps(value, allow_nan=False)
    if issubclass(cls, enum.Enum):
        _remember(cls)
        prefix = '{"$enum":"' + cls.__qualname__ + "."
        return lambda value: prefix + value.name + '"}'
    if issubclass(cls, int | str):
        # A subclass of a builtin (a NewType-like int) is stored as the builtin.
        return lambda value: _emit(cls.__mro__[-2](value))
    if issubclass(cls, tuple) and not hasattr(cls, "_fields"):
        return _emit_long_tuple
    if issubclass(cls, frozenset | set):
        return _emit_set
    if issubclass(cls, dict | MappingProxyType):
        return _emit_map
    if dataclasses.is_dataclass(cls):
        return _dataclass_emitter(cls)
    if _is_grid_class(cls):
        return _grid_emitter(cls)
    raise CodecError(f"cannot encode a {cls.__qualname__}: not an engine value")


def _remembered_print(emit: Callable[[Any], str]) -> Callable[[Any], str]:
    def emit_once(value: Any) -> str:
        known = _printed.texts.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        text = emit(value)
        _printed.remember(value, text)
        return text

    return emit_once


_emit_tuple_once = _remembered_print(_emit_tuple)


def _dataclass_emitter(cls: type) -> Callable[[Any], str]:
    _remember(cls)
    names = [field.name for field in _stored_fields(cls)]
    clash = {TYPE_KEY, ENUM_KEY, SET_KEY, MAP_KEY}.intersection(names)
    if clash:
        raise CodecError(f"{cls.__qualname__} has a field named {clash.pop()!r}, reserved")
    tag = '{"$":' + encode_basestring(cls.__qualname__)
    # Keys in sorted order, each with its comma and quotes printed once.
    keys = [(name, "," + encode_basestring(name) + ":") for name in sorted(names)]

    def emit(value: Any) -> str:
        return tag + "".join([key + _emit(getattr(value, name)) for name, key in keys]) + "}"

    # Only an immutable value may be printed once and remembered.
    return _remembered_print(emit) if cls.__dataclass_params__.frozen else emit


def _grid_emitter(cls: type) -> Callable[[Any], str]:
    _remember(cls)
    tag = encode_basestring(cls.__qualname__)

    def emit(grid: Any) -> str:
        data = grid.to_data()
        if TYPE_KEY in data or GRID_GEOMETRY_KEY in data:
            raise CodecError(f"{cls.__qualname__}.to_data() uses a key the codec reserves")
        data = {**data, TYPE_KEY: "", GRID_GEOMETRY_KEY: ""}
        parts = []
        for key in sorted(data):
            if key == TYPE_KEY:
                text = tag
            elif key == GRID_GEOMETRY_KEY:
                text = _emit(grid.geometry)
            else:
                text = json.dumps(data[key], sort_keys=True, separators=(",", ":"))
            parts.append(encode_basestring(key) + ":" + text)
        return "{" + ",".join(parts) + "}"

    return _remembered_print(emit)


def _stored_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    # A field outside __init__ and outside equality is a table derived in
    # __post_init__ (the board's lookup tables): rebuilt, never stored.
    return tuple(field for field in dataclasses.fields(cls) if field.init or field.compare)


def _remember(cls: type) -> None:
    known = _classes.setdefault(cls.__qualname__, cls)
    if known is not cls:
        raise CodecError(
            f"two engine classes are named {cls.__qualname__} "
            f"({known.__module__} and {cls.__module__}); stored games could not tell them apart"
        )


# --- decoding ---------------------------------------------------------------


def _tuples(data: Any) -> Any:
    """JSON lists as tuples, at any depth (objects are already decoded)."""
    if type(data) is list:
        return tuple([_tuples(item) for item in data])
    return data


def _decode_object(data: dict) -> Any:
    """json's object hook: every JSON object, innermost first, becomes its engine value."""
    tag = data.get(TYPE_KEY)
    if tag is not None:
        cls = _class_named(tag)
        if cls in _builders:
            return _build(cls, data)
        if dataclasses.is_dataclass(cls):
            _make_builder(cls)
            return _build(cls, data)
        return _build_grid(cls, data)
    if len(data) == 1:
        key, value = next(iter(data.items()))
        if key == ENUM_KEY and type(value) is str:
            class_name, _, member = value.rpartition(".")
            try:
                return _class_named(class_name)[member]
            except KeyError:
                raise CodecError(f"{class_name} has no member {member!r}") from None
        if key == SET_KEY and type(value) is list:
            return frozenset(_tuples(value))
        if key == MAP_KEY and type(value) is list:
            return MappingProxyType({_tuples(k): _tuples(item) for k, item in value})
    raise CodecError(f"an object without a type tag: {sorted(data)[:5]}")


# class -> (constructor, names passed to it, names restored after it).
_builders: dict[type, tuple[Callable[..., Any], frozenset[str], frozenset[str]]] = {}


def _make_builder(cls: type) -> None:
    fields = _stored_fields(cls)
    init = frozenset(field.name for field in fields if field.init)
    later = frozenset(field.name for field in fields if not field.init)
    build = cls
    _builders[cls] = (build, init, later)


def _build(cls: type, data: dict) -> Any:
    build, init, later = _builders[cls]
    if len(data) != len(init) + len(later) + 1:
        _check_fields(cls, data, init | later)
    try:
        instance = build(**{name: _tuples(data[name]) for name in init})
    except KeyError:
        _check_fields(cls, data, init | later)
        raise
    except (TypeError, ValueError) as error:
        raise CodecError(f"cannot rebuild {cls.__qualname__}: {error}") from error
    for name in later:
        # Frozen dataclasses forbid setattr; state kept outside __init__ comes back as it was.
        try:
            object.__setattr__(instance, name, _tuples(data[name]))
        except KeyError:
            _check_fields(cls, data, init | later)
            raise
    return instance


def _check_fields(cls: type, data: dict, names: frozenset[str]) -> None:
    missing = names.difference(data)
    if missing:
        raise CodecError(f"{cls.__qualname__} is missing its field {min(missing)!r}")
    extra = set(data).difference(names, {TYPE_KEY})
    if extra:
        raise CodecError(f"{cls.__qualname__} has no field {min(extra)!r}")


def _build_grid(cls: type, data: dict) -> Any:
    board = data.get(GRID_GEOMETRY_KEY)
    if not isinstance(board, Geometry):
        raise CodecError(f"{cls.__qualname__} needs its board geometry")
    content = {k: v for k, v in data.items() if k not in (TYPE_KEY, GRID_GEOMETRY_KEY)}
    try:
        return cls.from_data(board, content)
    except (TypeError, ValueError) as error:
        raise CodecError(f"cannot rebuild {cls.__qualname__}: {error}") from error


def _class_named(name: Any) -> type:
    cls = _classes.get(name)
    if cls is None:
        _scan_engine()
        cls = _classes.get(name)
    if cls is None:
        raise CodecError(f"no engine class is named {name!r}")
    return cls


def _scan_engine() -> None:
    """Learn every dataclass and enum defined in a games.engine module (once)."""
    global _engine_scanned
    if _engine_scanned:
        return
    _engine_scanned = True
    package = importlib.import_module("games.engine")
    for module_info in pkgutil.walk_packages(package.__path__, "games.engine."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if _is_engine_value_class(value):
                _remember(value)


def _is_engine_value_class(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum) or _is_grid_class(cls)


def _is_grid_class(cls: type) -> bool:
    return callable(getattr(cls, "from_data", None)) and callable(getattr(cls, "to_data", None))

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
  (the Shén counters grid) is ``{"$": "ClassName", "geometry": ..., "data": ...}``.

Class names are looked up among the classes defined in ``games.engine`` (and
any class this process has already encoded), so moving a class between engine
modules does not invalidate stored games.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from games.engine.board import Geometry, geometry

# The keys the encoding reserves; a dataclass field may not be named like them.
TYPE_KEY = "$"
ENUM_KEY = "$enum"
SET_KEY = "$set"
MAP_KEY = "$map"


class CodecError(ValueError):
    """Text or a value that is not a valid encoding of an engine value."""


def to_data(value: Any) -> Any:
    """``value`` as plain JSON-ready data (dicts, lists, strings, numbers)."""
    return _encode(value)


def from_data(data: Any) -> Any:
    """The engine value that ``to_data`` turned into ``data``."""
    return _decode(data)


def to_json(value: Any) -> str:
    """Canonical JSON for a state, action or event: equal values give equal text."""
    return json.dumps(_encode(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def from_json(text: str | bytes) -> Any:
    """The value ``to_json`` wrote; raises CodecError on text it did not write."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CodecError(f"not JSON: {error}") from error
    return _decode(data)


def state_digest(state: Any) -> str:
    """A short, stable fingerprint of a state (sha256 of its canonical JSON, 16 hex digits).

    Sixty-four bits are plenty to tell two states of one match apart and keep a
    stored digest log small.
    """
    return hashlib.sha256(to_json(state).encode()).hexdigest()[:16]


def action_to_data(action: Any) -> Any:
    """An action as JSON-ready data, for a match's stored action log."""
    return _encode(action)


def action_from_data(data: Any) -> Any:
    """The action ``action_to_data`` produced."""
    return _decode(data)


def clone(value: Any) -> Any:
    """A deep copy made through the codec; equal to ``value``."""
    return _decode(_encode(value))


# --- encoding ---------------------------------------------------------------

_ATOMS = (str, int, float, bool, type(None))

# name -> class, filled from games.engine on first decode and by every encode.
_classes: dict[str, type] = {}
_engine_scanned = False
# class -> the encoder for its instances (field names looked up once).
_encoders: dict[type, Callable[[Any], Any]] = {}


def _encode(value: Any) -> Any:
    cls = type(value)
    if cls in _ATOMS:
        return value
    encoder = _encoders.get(cls)
    if encoder is None:
        encoder = _encoders[cls] = _make_encoder(cls)
    return encoder(value)


def _encode_tuple(value: tuple) -> list:
    return [_encode(item) for item in value]


def _encode_set(value: frozenset) -> dict:
    items = [_encode(item) for item in value]
    items.sort(key=_canonical)
    return {SET_KEY: items}


def _encode_map(value: Mapping) -> dict:
    pairs = [[_encode(key), _encode(item)] for key, item in value.items()]
    pairs.sort(key=lambda pair: _canonical(pair[0]))
    return {MAP_KEY: pairs}


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _make_encoder(cls: type) -> Callable[[Any], Any]:
    if issubclass(cls, bool | int | str | float) and not issubclass(cls, enum.Enum):
        # A subclass of a builtin (say a NewType-like int) is stored as the builtin.
        return lambda value: cls.__mro__[-2](value)
    if issubclass(cls, enum.Enum):
        _remember(cls)
        name = cls.__qualname__
        return lambda value: {ENUM_KEY: f"{name}.{value.name}"}
    if issubclass(cls, tuple) and not hasattr(cls, "_fields"):
        return _encode_tuple
    if issubclass(cls, frozenset | set):
        return _encode_set
    if issubclass(cls, dict | MappingProxyType):
        return _encode_map
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    if callable(getattr(cls, "to_data", None)) and callable(getattr(cls, "from_data", None)):
        _remember(cls)
        name = cls.__qualname__
        return lambda value: {
            TYPE_KEY: name,
            "geometry": _encode(value.geometry),
            "data": value.to_data(),
        }
    raise CodecError(f"cannot encode a {cls.__qualname__}: not an engine value")


def _dataclass_encoder(cls: type) -> Callable[[Any], Any]:
    _remember(cls)
    name = cls.__qualname__
    names = tuple(field.name for field in _stored_fields(cls))
    clash = {TYPE_KEY, ENUM_KEY, SET_KEY, MAP_KEY}.intersection(names)
    if clash:
        raise CodecError(f"{name} has a field named {clash.pop()!r}, reserved by the codec")

    def encode(value: Any) -> dict:
        data = {field: _encode(getattr(value, field)) for field in names}
        data[TYPE_KEY] = name
        return data

    return encode


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


def _decode(data: Any) -> Any:
    cls = type(data)
    if cls is list:
        return tuple(_decode(item) for item in data)
    if cls is not dict:
        if cls in _ATOMS:
            return data
        raise CodecError(f"unexpected {cls.__name__} in encoded data")
    if TYPE_KEY in data:
        return _decode_object(data)
    if ENUM_KEY in data:
        class_name, _, member = data[ENUM_KEY].rpartition(".")
        try:
            return _class_named(class_name)[member]
        except KeyError:
            raise CodecError(f"{class_name} has no member {member!r}") from None
    if SET_KEY in data:
        return frozenset(_decode(item) for item in data[SET_KEY])
    if MAP_KEY in data:
        return MappingProxyType({_decode(key): _decode(item) for key, item in data[MAP_KEY]})
    raise CodecError(f"an object without a type tag: {sorted(data)[:5]}")


def _decode_object(data: dict) -> Any:
    cls = _class_named(data[TYPE_KEY])
    if not dataclasses.is_dataclass(cls):
        return cls.from_data(_decode(data["geometry"]), data["data"])
    build, init, later = _builders.get(cls) or _make_builder(cls)
    missing = (init | later).difference(data)
    if missing:
        raise CodecError(f"{cls.__qualname__} is missing its field {min(missing)!r}")
    if len(data) != len(init) + len(later) + 1:
        extra = set(data).difference(init, later, {TYPE_KEY})
        raise CodecError(f"{cls.__qualname__} has no field {min(extra)!r}")
    try:
        instance = build(**{name: _decode(data[name]) for name in init})
    except (TypeError, ValueError) as error:
        raise CodecError(f"cannot rebuild {cls.__qualname__}: {error}") from error
    for name in later:
        # Frozen dataclasses forbid setattr; state kept outside __init__ comes back as it was.
        object.__setattr__(instance, name, _decode(data[name]))
    return instance


# class -> (constructor, names passed to it, names restored after it).
_builders: dict[type, tuple[Callable[..., Any], frozenset[str], frozenset[str]]] = {}


def _make_builder(cls: type) -> tuple[Callable[..., Any], frozenset[str], frozenset[str]]:
    fields = _stored_fields(cls)
    init = frozenset(field.name for field in fields if field.init)
    later = frozenset(field.name for field in fields if not field.init)
    # A board geometry is one cached object per size: its tables are built once.
    build = (lambda width, height: geometry(width, height)) if cls is Geometry else cls
    _builders[cls] = (build, init, later)
    return _builders[cls]


def _class_named(name: str) -> type:
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
    if dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum):
        return True
    return callable(getattr(cls, "from_data", None)) and callable(getattr(cls, "to_data", None))

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

A field marked ``NOTE`` is the log's memory, not the game's (which card gave a trait
change or bonus dice, so a combat's dice can name it): it is stored, left out while
it holds its default, but a state's digest never reads it. Play never reads a note,
so two states that differ only in notes play alike, and the digests of games stored
before a note was added stay valid.

Class names are looked up in a fixed registry, built once at import from the
value classes of :data:`VALUE_MODULES`, so moving a class between those
modules does not invalidate stored games; renaming a class or a field does. A
:class:`Codec` for other classes (tests, tools) is built with :func:`codec_for`.
Nothing is remembered between calls: equal values print equal text because
the text depends on the values alone.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import importlib
import json
from collections.abc import Callable, Iterable, Mapping
from json.encoder import encode_basestring
from operator import attrgetter
from types import MappingProxyType, ModuleType
from typing import Any

from games.engine.board import Geometry

# A dataclass field whose metadata holds this key (true) was added after games were
# stored: it is left out of the text while it holds its default, and a text without it
# reads back as the default, so stored games and their digests stay valid.
OMIT_DEFAULT = "omit_default"
# A dataclass field whose metadata holds this key (true) is a note (see above): stored
# like an OMIT_DEFAULT field, left out of digests.
NOTE = "note"


# The keys the encoding reserves; a dataclass field may not be named like them.
TYPE_KEY = "$"
ENUM_KEY = "$enum"
SET_KEY = "$set"
MAP_KEY = "$map"
GRID_GEOMETRY_KEY = "geometry"
_RESERVED = frozenset({TYPE_KEY, ENUM_KEY, SET_KEY, MAP_KEY})

# The modules whose public dataclasses, enums and grids make up stored games.
VALUE_MODULES: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"games.engine.{name}")
    for name in (
        "actions",
        "board",
        "capture",
        "cards",
        "decisions",
        "effects",
        "events",
        "ruleset",
        "scenarios",
        "setup",
        "state",
    )
)


class CodecError(ValueError):
    """Text or a value that is not a valid encoding of an engine value."""


@dataclasses.dataclass(frozen=True)
class Codec:
    """The encoding of one fixed set of value classes: built once, never changed.

    ``classes`` maps each class name to its class; ``emit`` prints a value,
    ``emit_game`` prints it without its notes (what a digest reads),
    ``decode_object`` is the JSON object hook turning an object into its value.
    """

    classes: Mapping[str, type]
    emit: Callable[[Any], str] = dataclasses.field(repr=False)
    decode_object: Callable[[dict], Any] = dataclasses.field(repr=False)
    emit_game: Callable[[Any], str] = dataclasses.field(repr=False)

    def to_json(self, value: Any) -> str:
        """Canonical JSON for ``value``: equal values give equal text."""
        return self.emit(value)

    def from_json(self, text: str | bytes) -> Any:
        """The value ``to_json`` wrote; raises CodecError on text it did not write."""
        try:
            return _tuples(json.loads(text, object_hook=self.decode_object))
        except CodecError:
            raise
        except json.JSONDecodeError as error:
            raise CodecError(f"not JSON: {error}") from error
        except (TypeError, ValueError, RecursionError) as error:
            # Well-formed JSON the codec never wrote: a set of mappings, a pair of three.
            raise CodecError(f"not an engine value: {error}") from error


def value_classes(modules: Iterable[ModuleType]) -> tuple[type, ...]:
    """The public dataclasses, enums and grid classes defined in ``modules``."""
    return tuple(
        value
        for module in modules
        for name, value in vars(module).items()
        if isinstance(value, type)
        and value.__module__ == module.__name__
        and not name.startswith("_")
        and _is_value_class(value)
    )


def codec_for(classes: Iterable[type]) -> Codec:
    """A codec knowing exactly ``classes`` (two classes may not share a name)."""
    named: dict[str, type] = {}
    for cls in classes:
        known = named.setdefault(cls.__qualname__, cls)
        if known is not cls:
            raise CodecError(
                f"two engine classes are named {cls.__qualname__} "
                f"({known.__module__} and {cls.__module__}); stored games could not tell them apart"
            )
    registry = MappingProxyType(named)
    return Codec(
        registry,
        _printer(registry),
        _object_decoder(registry),
        _printer(registry, notes=False),
    )


def to_json(value: Any) -> str:
    """Canonical JSON for a state, action or event: equal values give equal text."""
    return ENGINE_CODEC.emit(value)


def from_json(text: str | bytes) -> Any:
    """The value ``to_json`` wrote; raises CodecError on text it did not write."""
    return ENGINE_CODEC.from_json(text)


def to_data(value: Any) -> Any:
    """``value`` as plain JSON-ready data (dicts, lists, strings, numbers)."""
    return json.loads(ENGINE_CODEC.emit(value))


def from_data(data: Any) -> Any:
    """The engine value that ``to_data`` turned into ``data``."""
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as error:
        raise CodecError(f"not JSON data: {error}") from error
    return from_json(text)


def action_to_data(action: Any) -> Any:
    """An action as JSON-ready data, for a match's stored action log."""
    return to_data(action)


def action_from_data(data: Any) -> Any:
    """The action ``action_to_data`` produced."""
    return from_data(data)


def state_digest(state: Any) -> str:
    """A short, stable fingerprint of a state (sha256 of its canonical JSON without its
    notes, 16 hex digits): of the game alone, so a note never changes a stored digest.

    Sixty-four bits are plenty to tell two states of one match apart and keep a
    stored digest log small.
    """
    return hashlib.sha256(ENGINE_CODEC.emit_game(state).encode()).hexdigest()[:16]


def clone(value: Any) -> Any:
    """A deep copy made through the codec; equal to ``value``."""
    return ENGINE_CODEC.from_json(ENGINE_CODEC.emit(value))


# --- encoding ---------------------------------------------------------------


def _printer(classes: Mapping[str, type], *, notes: bool = True) -> Callable[[Any], str]:
    """The function printing any value made of ``classes`` and builtins (``notes`` False:
    leaving out every ``NOTE`` field)."""
    emitters: dict[type, Callable[[Any], str]] = {
        bool: {True: "true", False: "false"}.__getitem__,
        type(None): lambda value: "null",
        float: lambda value: json.dumps(value, allow_nan=False),
        tuple: lambda value: _list_text(value, emit),
        frozenset: lambda value: _set_text([emit(item) for item in value]),
        set: lambda value: _set_text([emit(item) for item in value]),
        dict: lambda value: _map_text(value, emit),
        MappingProxyType: lambda value: _map_text(value, emit),
    }
    # Built in full here and only read afterwards: the printer holds no changing state.
    table = MappingProxyType(emitters)

    def emit(value: Any) -> str:
        cls = type(value)
        if cls is int:
            return int.__repr__(value)
        if cls is str:
            return encode_basestring(value)
        emitter = table.get(cls)
        if emitter is None:
            return _emit_unlisted(value, emit)
        return emitter(value)

    for cls in classes.values():
        if issubclass(cls, enum.Enum):
            emitters[cls] = _enum_emitter(cls)
        elif _is_grid_class(cls):
            emitters[cls] = _grid_emitter(cls, emit)
        else:
            emitters[cls] = _dataclass_emitter(cls, emit, notes=notes)
    return emit


def _emit_unlisted(value: Any, emit: Callable[[Any], str]) -> str:
    """A value of a class the printer has no entry for: a builtin's subclass, or an error."""
    cls = type(value)
    if _is_value_class(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise CodecError(f"cannot encode a {cls.__qualname__}: not a registered engine value")
    if issubclass(cls, int | str):
        # A subclass of a builtin (a NewType-like int) is stored as the builtin.
        return emit(cls.__mro__[-2](value))
    if issubclass(cls, tuple):
        return emit(tuple(value))
    if issubclass(cls, frozenset | set):
        return emit(frozenset(value))
    if issubclass(cls, dict):
        return emit(dict(value))
    raise CodecError(f"cannot encode a {cls.__qualname__}: not an engine value")


def _list_text(value: tuple, emit: Callable[[Any], str]) -> str:
    return "[" + ",".join([emit(item) for item in value]) + "]"


def _set_text(items: list[str]) -> str:
    return '{"$set":[' + ",".join(sorted(items)) + "]}"


def _map_text(value: Mapping, emit: Callable[[Any], str]) -> str:
    pairs = sorted((emit(key), emit(item)) for key, item in value.items())
    return '{"$map":[' + ",".join(f"[{key},{item}]" for key, item in pairs) + "]}"


def _enum_emitter(cls: type) -> Callable[[Any], str]:
    prefix = '{"$enum":"' + cls.__qualname__ + "."
    return lambda value: prefix + value.name + '"}'


def _dataclass_emitter(
    cls: type, emit: Callable[[Any], str], *, notes: bool = True
) -> Callable[[Any], str]:
    fields = _stored_fields(cls)
    clash = _RESERVED.intersection(field.name for field in fields)
    if clash:
        raise CodecError(f"{cls.__qualname__} has a field named {clash.pop()!r}, reserved")
    for field in fields:
        if field.metadata.get(NOTE) and field.default is dataclasses.MISSING:
            raise CodecError(f"{cls.__qualname__}.{field.name} is a note without a default")
    if not notes:
        fields = tuple(field for field in fields if not field.metadata.get(NOTE))
    names = sorted(field.name for field in fields)
    tag = '{"$":' + encode_basestring(cls.__qualname__)
    optional = {name: value for name, value in _optional_defaults(cls).items() if name in names}
    if optional:
        return _sparse_emitter(tag, names, optional, emit)
    if not names:
        return lambda value: tag + "}"
    # Keys in sorted order, each with its comma and quotes printed once.
    keys = [f",{encode_basestring(name)}:" for name in names]
    if len(names) == 1:
        (key,), (name,) = keys, names
        return lambda value: tag + key + emit(getattr(value, name)) + "}"
    values_of = attrgetter(*names)

    def emit_dataclass(value: Any) -> str:
        pairs = zip(keys, values_of(value), strict=True)
        return tag + "".join([key + emit(item) for key, item in pairs]) + "}"

    return emit_dataclass


def _sparse_emitter(
    tag: str, names: list[str], optional: Mapping[str, Any], emit: Callable[[Any], str]
) -> Callable[[Any], str]:
    """The printer of a dataclass with fields added later: those are left out while they
    hold their default, so values that do not use them print as before."""
    keys = [
        (name, f",{encode_basestring(name)}:", optional.get(name, dataclasses.MISSING))
        for name in names
    ]

    def emit_sparse(value: Any) -> str:
        parts = []
        for name, key, default in keys:
            item = getattr(value, name)
            if default is dataclasses.MISSING or item != default:
                parts.append(key + emit(item))
        return tag + "".join(parts) + "}"

    return emit_sparse


def _optional_defaults(cls: type) -> dict[str, Any]:
    """{field: default} for the fields of ``cls`` marked ``OMIT_DEFAULT`` (added later) or
    ``NOTE``."""
    return {
        field.name: field.default
        for field in _stored_fields(cls)
        if (field.metadata.get(OMIT_DEFAULT) or field.metadata.get(NOTE))
        and field.default is not dataclasses.MISSING
    }


def _grid_emitter(cls: type, emit: Callable[[Any], str]) -> Callable[[Any], str]:
    tag = encode_basestring(cls.__qualname__)

    def emit_grid(grid: Any) -> str:
        data = grid.to_data()
        if TYPE_KEY in data or GRID_GEOMETRY_KEY in data:
            raise CodecError(f"{cls.__qualname__}.to_data() uses a key the codec reserves")
        data = {**data, TYPE_KEY: "", GRID_GEOMETRY_KEY: ""}
        parts = []
        for key in sorted(data):
            if key == TYPE_KEY:
                text = tag
            elif key == GRID_GEOMETRY_KEY:
                text = emit(grid.geometry)
            else:
                text = json.dumps(data[key], sort_keys=True, separators=(",", ":"))
            parts.append(encode_basestring(key) + ":" + text)
        return "{" + ",".join(parts) + "}"

    return emit_grid


def _stored_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    # A field outside __init__ and outside equality is a table derived in
    # __post_init__ (the board's lookup tables): rebuilt, never stored.
    return tuple(field for field in dataclasses.fields(cls) if field.init or field.compare)


def _is_value_class(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum) or _is_grid_class(cls)


def _is_grid_class(cls: type) -> bool:
    return callable(getattr(cls, "from_data", None)) and callable(getattr(cls, "to_data", None))


# --- decoding ---------------------------------------------------------------


def _tuples(data: Any) -> Any:
    """JSON lists as tuples, at any depth (objects are already decoded)."""
    if type(data) is list:
        return tuple([_tuples(item) for item in data])
    return data


def _object_decoder(classes: Mapping[str, type]) -> Callable[[dict], Any]:
    """json's object hook for ``classes``: every JSON object, innermost first, becomes
    its engine value."""
    builders = MappingProxyType(
        {
            name: _grid_builder(cls) if _is_grid_class(cls) else _dataclass_builder(cls)
            for name, cls in classes.items()
            if not issubclass(cls, enum.Enum)
        }
    )

    def decode_object(data: dict) -> Any:
        tag = data.get(TYPE_KEY)
        if tag is not None:
            build = builders.get(tag) if type(tag) is str else None
            if build is None:
                raise CodecError(f"no engine class is named {tag!r}")
            return build(data)
        if len(data) == 1:
            key, value = next(iter(data.items()))
            if key == ENUM_KEY and type(value) is str:
                class_name, _, member = value.rpartition(".")
                cls = classes.get(class_name)
                if cls is None or not issubclass(cls, enum.Enum):
                    raise CodecError(f"no engine enum is named {class_name!r}")
                try:
                    return cls[member]
                except KeyError:
                    raise CodecError(f"{class_name} has no member {member!r}") from None
            if key == SET_KEY and type(value) is list:
                return frozenset(_tuples(value))
            if key == MAP_KEY and type(value) is list:
                return MappingProxyType({_tuples(k): _tuples(item) for k, item in value})
        raise CodecError(f"an object without a type tag: {sorted(data)[:5]}")

    return decode_object


def _dataclass_builder(cls: type) -> Callable[[dict], Any]:
    fields = _stored_fields(cls)
    init = tuple(field.name for field in fields if field.init)
    later = tuple(field.name for field in fields if not field.init)
    names = frozenset(init + later)
    optional = frozenset(_optional_defaults(cls))

    def build(data: dict) -> Any:
        if len(data) != len(names) + 1 or not names.issubset(data):
            _check_fields(cls, data, names, optional)
        try:
            instance = cls(**{name: _tuples(data[name]) for name in init if name in data})
        except (TypeError, ValueError) as error:
            raise CodecError(f"cannot rebuild {cls.__qualname__}: {error}") from error
        for name in later:
            # Frozen dataclasses forbid setattr; state kept outside __init__ comes back as it was.
            object.__setattr__(instance, name, _tuples(data[name]))
        return instance

    return build


def _check_fields(
    cls: type, data: dict, names: frozenset[str], optional: frozenset[str] = frozenset()
) -> None:
    missing = names.difference(data, optional)
    if missing:
        raise CodecError(f"{cls.__qualname__} is missing its field {min(missing)!r}")
    extra = set(data).difference(names, {TYPE_KEY})
    if extra:
        raise CodecError(f"{cls.__qualname__} has no field {min(extra)!r}")


def _grid_builder(cls: type) -> Callable[[dict], Any]:
    def build(data: dict) -> Any:
        geometry = data.get(GRID_GEOMETRY_KEY)
        if not isinstance(geometry, Geometry):
            raise CodecError(f"{cls.__qualname__} needs its board geometry")
        content = {k: v for k, v in data.items() if k not in (TYPE_KEY, GRID_GEOMETRY_KEY)}
        try:
            return cls.from_data(geometry, content)
        except (TypeError, ValueError) as error:
            raise CodecError(f"cannot rebuild {cls.__qualname__}: {error}") from error

    return build


# Built once, at import: the engine's own classes, fixed for the life of the process.
ENGINE_CODEC = codec_for(value_classes(VALUE_MODULES))

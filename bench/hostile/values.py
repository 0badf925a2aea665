"""Hostile values for the campaign: numbers, text, JSON documents, decklists and search
queries of the kinds that broke parsers and databases before, drawn from a seeded generator.

Every function takes the `random.Random` to draw from, so one seed gives one campaign.
Text may hold lone surrogates: `encoded` turns it into the bytes a client could send
(UTF-8, surrogates passed through as the invalid bytes they would be).
"""

from __future__ import annotations

import base64
import json
import random
import urllib.parse
import zlib
from collections.abc import Callable, Sequence

# Numbers as text: past every integer column and conversion limit, other scripts' digits
# (int() reads "٣", refuses "²"), signs, floats, and the blank.
NUMBERS = (
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "2147483648",
    "32768",
    "9" * 5000,
    "-" + "9" * 4301,
    "1e309",
    "-1",
    "0",
    "-0",
    "00099",
    "99",
    "100",
    "²",
    "٣",
    "１２",
    "Ⅻ",
    "0x1f",
    "1_000",
    " 7 ",
    "7.0",
    "NaN",
    "inf",
    "",
)
# Text: NUL and other controls, a lone surrogate, direction marks, markup and SQL, format
# strings, case-folding oddities, combining marks, long runs.
TEXTS = (
    "\x00",
    "a\x00b",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\ud800",
    "\udfff tail",
    "\u202eevil",
    "\ufeff",
    "\u2028",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "' OR '1'='1' --",
    "%s%n%x",
    "%(name)s",
    "{{ 7*7 }}",
    "{% debug %}",
    "../../../../etc/passwd",
    "\\",
    '"',
    "ǅİßﬃ",
    "e\u0301" * 200,
    "😀" * 300,
    "火水木月",
    "a" * 10_000,
    " " * 5000,
    "\r\n\r\n",
    "",
)
# JSON values of every type, for a field that wants one of them.
JSON_SCALARS = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**63,
    -(2**63) - 1,
    2**64,
    10**100,
    [],
    {},
    [1, 2],
    {"a": 1},
)


def number(rng: random.Random) -> str:
    return rng.choice(NUMBERS)


def text(rng: random.Random) -> str:
    return rng.choice(TEXTS)


def one_of(rng: random.Random, *pools: Sequence[str]) -> str:
    """A value from one of `pools`, each pool equally likely."""
    return rng.choice(rng.choice(pools))


def encoded(value: str) -> bytes:
    """`value` as UTF-8, a lone surrogate as the (invalid) bytes it would be."""
    return value.encode("utf-8", "surrogatepass")


def quoted(value: str) -> str:
    """`value` percent-encoded for a URL path segment or a query value."""
    return urllib.parse.quote(encoded(value), safe="")


def query_string(fields: dict[str, str]) -> str:
    return "&".join(f"{quoted(key)}={quoted(value)}" for key, value in fields.items())


# --- JSON -----------------------------------------------------------------------------------


def deep_json(depth: int, rng: random.Random) -> str:
    """A document nested `depth` levels: lists, objects or both."""
    shape = rng.choice(("list", "object", "mixed"))
    if shape == "list":
        return "[" * depth + "1" + "]" * depth
    if shape == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return '{"a":[' * (depth // 2) + "1" + "]}" * (depth // 2)


def json_value(rng: random.Random) -> object:
    """A value of any JSON type, often the wrong one for where it goes."""
    choice = rng.random()
    if choice < 0.45:
        return rng.choice(JSON_SCALARS)
    if choice < 0.8:
        return text(rng)
    return number(rng)


def json_literal(rng: random.Random) -> str:
    """JSON text that no well-behaved encoder writes: huge literals, non-finite numbers,
    a NUL escape, a lone surrogate escape, deep nesting."""
    return rng.choice(
        (
            deep_json(rng.choice((40, 500, 5000)), rng),
            "9" * 5000,
            "-" + "9" * 5000,
            "1e999",
            "-1e999",
            "NaN",
            "Infinity",
            '"\\u0000"',
            '"a\\u0000b"',
            '"\\ud800"',
            '"\\udc00\\ud800"',
            '"\\u202e"',
            "9223372036854775808",
            "1.0e-400",
        )
    )


def json_body(fields: Sequence[str], rng: random.Random, valid: dict | None = None) -> bytes:
    """A JSON request body for an endpoint taking `fields`: the `valid` one (if given) with
    some fields replaced by hostile values, or a malformed document outright."""
    roll = rng.random()
    if roll < 0.15:
        return encoded(malformed_json(rng))
    document = dict(valid or {})
    names = list(fields) or ["value"]
    for name in rng.sample(names, rng.randint(1, len(names))):
        document[name] = json_value(rng)
    text_body = json.dumps(document)
    if roll < 0.4:
        # One field's value written as raw JSON text the encoder never makes.
        name = rng.choice(names)
        text_body = json.dumps({**document, name: "HOLE"}).replace('"HOLE"', json_literal(rng), 1)
    return encoded(text_body)


def malformed_json(rng: random.Random) -> str:
    """Not a JSON object an endpoint could take: broken, truncated, other types, too deep."""
    return rng.choice(
        (
            "",
            "{",
            '{"a": }',
            "{'single': 'quotes'}",
            '{"a": 1,}',
            '{"a": 1} trailing',
            "\ufeff{}",
            "[]",
            "null",
            '"just a string"',
            "1",
            '{"a": 1, "a": 2}',
            json_literal(rng),
            deep_json(5000, rng),
            deep_json(100_000, rng),
        )
    )


# --- Decklists ------------------------------------------------------------------------------


def text_decklist(names: Sequence[str], rng: random.Random) -> str:
    """A text decklist: hostile counts and names, repeated lines, headings, comments."""
    roll = rng.random()
    if roll < 0.15:
        # The 500 lines of "99 X": one card, or many, each at the per-line maximum.
        cards = [rng.choice(names)] if rng.random() < 0.5 else names
        return "\n".join(f"99 {cards[line % len(cards)]}" for line in range(500))
    if roll < 0.2:
        return "\n".join(f"1 {rng.choice(names)}" for _ in range(rng.choice((501, 2000))))
    if roll < 0.25:
        return f"3 {rng.choice(names)}\n" * rng.choice((2000, 5000))  # over 64 KiB
    lines = []
    for _ in range(rng.randint(1, 40)):
        kind = rng.random()
        if kind < 0.55:
            count = number(rng) if rng.random() < 0.5 else str(rng.randint(1, 4))
            name = rng.choice(names) if rng.random() < 0.6 else text(rng)
            lines.append(f"{count}{rng.choice(('', 'x', '×', 'X '))} {name}")
        elif kind < 0.7:
            lines.append(rng.choice(("Sideboard", "SB:", "Main", "Deck", "", "#", "# comment")))
        elif kind < 0.85:
            field = rng.choice(("Format", "Deck", "Home Realm"))
            lines.append(f"# {field}: {text(rng)}")
        else:
            lines.append(text(rng))
    return rng.choice(("\n", "\r\n", "\r", "\u2028")).join(lines)


def csv_decklist(names: Sequence[str], rng: random.Random) -> str:
    """A CSV decklist: headers right and wrong, quotes left open, hostile cells."""
    header = rng.choice(("count,name,board\n", "count,slug,board\n", "qty,name\n", 'count,"\n', ""))
    rows = []
    for _ in range(rng.randint(1, 30)):
        count = number(rng) if rng.random() < 0.5 else str(rng.randint(1, 99))
        name = rng.choice(names) if rng.random() < 0.6 else text(rng)
        board = rng.choice(("main", "side", "", "MAIN", text(rng)))
        if rng.random() < 0.2:
            name = '"' + name  # an unclosed quote swallows the rest
        rows.append(",".join((count, name, board)))
    if rng.random() < 0.1:
        rows = [f"99,{rng.choice(names)},main"] * 500
    return header + "\n".join(rows)


def json_decklist(names: Sequence[str], slugs: Sequence[str], rng: random.Random) -> str:
    """A JSON decklist: the right shape with hostile values, the wrong shape, or not JSON."""
    roll = rng.random()
    if roll < 0.2:
        return malformed_json(rng)
    cards = []
    for _ in range(rng.choice((1, 5, 30, 20_000 if roll < 0.3 else 40))):
        card = {"count": rng.randint(1, 4), "name": rng.choice(names), "slug": rng.choice(slugs)}
        for key in rng.sample(["count", "name", "slug", "board"], rng.randint(0, 2)):
            card[key] = json_value(rng)
        cards.append(card)
    document: object = {
        "shen_decklist": 1,
        "name": json_value(rng) if rng.random() < 0.3 else "Imported",
        "format": json_value(rng) if rng.random() < 0.3 else "shen-standard",
        "home_realm": json_value(rng) if rng.random() < 0.3 else None,
        "cards": cards if rng.random() < 0.9 else json_value(rng),
    }
    if rng.random() < 0.1:
        document = cards  # a bare list is read too
    written = json.dumps(document)
    if rng.random() < 0.3:
        written = written.replace('"count": 1', '"count": ' + json_literal(rng), 1)
    return written


def code_payload(formats: Sequence[str], slugs: Sequence[str], rng: random.Random) -> str:
    """A deck code's payload (format, Home Realm, "count slug" lines) with hostile parts."""
    roll = rng.random()
    if roll < 0.1:
        return "shen-standard\n\n" + "\n".join(f"99 {rng.choice(slugs)}" for _ in range(500))
    if roll < 0.15:
        return "shen-standard\n\n" + "3 x\n" * 40_000  # inflates past the payload limit
    lines = [
        rng.choice(formats) if rng.random() < 0.7 else text(rng),
        text(rng) if rng.random() < 0.3 else "",
    ]
    for _ in range(rng.randint(0, 30)):
        count = number(rng) if rng.random() < 0.4 else str(rng.randint(1, 3))
        slug = rng.choice(slugs) if rng.random() < 0.6 else text(rng)
        lines.append(rng.choice((f"{count} {slug}", "-", count, slug)))
    return "\n".join(lines)


def deck_code_text(
    payload: str, rng: random.Random, write: Callable[[str], str], prefix: str = "SHN1-"
) -> str:
    """A deck code: `payload` written by `write`, or one damaged or of another version."""
    code = write(payload)
    roll = rng.random()
    if roll < 0.1:
        return code[: rng.randint(0, len(code))]
    if roll < 0.15:
        return "SHN2-" + code[len(prefix) :]
    if roll < 0.2:
        return prefix + "".join(rng.choice("AZaz09-_=+/!\x00") for _ in range(rng.randint(0, 300)))
    if roll < 0.25:
        return code + text(rng)
    return code


def mutated_export(kind: str, export: str, rng: random.Random) -> str:
    """A valid decklist of `kind` (as the site exported it) with one hostile change: a
    count, a name, a line repeated past the limits, or a stray character."""
    if kind == "json":
        document = json.loads(export)
        cards = document["cards"]
        roll = rng.random()
        if roll < 0.3:
            document["cards"] = cards * rng.choice((34, 200))  # repeated entries add up
        elif roll < 0.8:
            card = rng.choice(cards)
            card[rng.choice(("count", "name", "slug", "board"))] = json_value(rng)
        else:
            document[rng.choice(("name", "format", "home_realm"))] = json_value(rng)
        return json.dumps(document)
    if kind == "code":
        prefix, _, body = export.strip().partition("-")
        payload = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        lines = _mutated_lines(payload.decode().split("\n"), rng, first=2)
        written = zlib.compress("\n".join(lines).encode("utf-8", "surrogatepass"), 9)
        return f"{prefix}-" + base64.urlsafe_b64encode(written).decode().rstrip("=")
    lines = export.splitlines()
    first = 1 if kind == "csv" else 0
    return "\n".join(_mutated_lines(lines, rng, first=first))


def _mutated_lines(lines: list[str], rng: random.Random, *, first: int) -> list[str]:
    """`lines` with one of the card lines (from index `first` on) made hostile."""
    lines = list(lines)
    if len(lines) <= first:
        return [*lines, text(rng)]
    index = rng.randrange(first, len(lines))
    line = lines[index]
    roll = rng.random()
    if roll < 0.25:
        lines[index : index + 1] = [line] * rng.choice((34, 500))  # adds up past 99 copies
    elif roll < 0.6:
        count, separator, rest = line.partition(" " if " " in line else ",")
        lines[index] = f"{number(rng)}{separator}{rest}"
    elif roll < 0.85:
        count, separator, rest = line.partition(" " if " " in line else ",")
        lines[index] = f"{count}{separator}{text(rng)}"
    else:
        lines.insert(index, text(rng))
    return lines


# --- Search ---------------------------------------------------------------------------------

SEARCH_OPERATORS = (":", "=", "!=", "<", "<=", ">", ">=", "<>", "=>", "::")


def search_query(fields: Sequence[str], values: Sequence[str], rng: random.Random) -> str:
    """A query in the search syntax, odd in as many ways as it can be."""
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(
            (
                "(" * 5000 + "a" + ")" * 5000,
                "-" * 5000 + "a",
                "not " * 2000 + "a",
                "a " * 5000,
                "a or " * 2000 + "a",
                'o:"' + "x" * 20_000,
                "cost>" + "9" * 5000,
                "x" * 60_000,
                deep_json(5000, rng),
            )
        )
    parts = []
    for _ in range(rng.randint(1, 8)):
        kind = rng.random()
        if kind < 0.5:
            field = rng.choice(fields) if rng.random() < 0.85 else text(rng)[:20]
            value = one_of(rng, values, NUMBERS, TEXTS)[:200]
            if rng.random() < 0.25:
                value = f'"{value}' + ('"' if rng.random() < 0.5 else "")
            parts.append(f"{field}{rng.choice(SEARCH_OPERATORS)}{value}")
        elif kind < 0.7:
            parts.append(rng.choice(("(", ")", "-", "not", "or", "and", "OR", '"', "*", "%", "_")))
        else:
            parts.append(one_of(rng, values, TEXTS)[:200])
    return " ".join(parts)

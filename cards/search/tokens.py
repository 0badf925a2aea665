"""Split a search query into tokens, each remembering where it stands in the query."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from cards.search.errors import SearchSyntaxError

MAX_QUERY_LENGTH = 500

OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")
_FIELD_PREFIX = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
# A bare word or an unquoted value runs to the next space, parenthesis or quote.
_WORD = re.compile(r'[^\s()"]+')


class TokenKind(enum.Enum):
    LPAREN = "("
    RPAREN = ")"
    OR = "or"
    AND = "and"
    NOT = "not"
    TERM = "term"  # field, operator, value: cost<=3, o:"spirit path"
    WORD = "word"  # a bare word or a quoted phrase, matched against name and rules text


_CONNECTIVES = {"or": TokenKind.OR, "and": TokenKind.AND, "not": TokenKind.NOT}


@dataclass(frozen=True)
class Token:
    """One token; for a TERM, ``field``/``operator``/``value`` are its parts."""

    kind: TokenKind
    text: str
    position: int
    field: str = ""
    operator: str = ""
    value: str = ""
    quoted: bool = False

    @property
    def operator_position(self) -> int:
        return self.position + len(self.field)

    @property
    def value_position(self) -> int:
        return self.operator_position + len(self.operator)

    @property
    def value_text(self) -> str:
        """The value as written, quotes included, for pointing at it."""
        return self.text[len(self.field) + len(self.operator) :]


def tokenize(query: str) -> list[Token]:
    """The tokens of ``query``; raises SearchSyntaxError on a malformed one."""
    if len(query) > MAX_QUERY_LENGTH:
        raise SearchSyntaxError(
            f"Query too long: {len(query)} characters, the limit is {MAX_QUERY_LENGTH}",
            MAX_QUERY_LENGTH,
            query[MAX_QUERY_LENGTH:],
            query,
            unfinished=False,
        )
    tokens: list[Token] = []
    position = 0
    while position < len(query):
        char = query[position]
        if char.isspace():
            position += 1
        elif char in "()":
            kind = TokenKind.LPAREN if char == "(" else TokenKind.RPAREN
            tokens.append(Token(kind, char, position))
            position += 1
        elif char == "-":
            tokens.append(Token(TokenKind.NOT, char, position))
            position += 1
        else:
            token = _read_operand(query, position)
            tokens.append(token)
            position += len(token.text)
    return tokens


def _read_operand(query: str, position: int) -> Token:
    if query[position] == '"':
        phrase, end = _read_quoted(query, position)
        return Token(TokenKind.WORD, query[position:end], position, value=phrase, quoted=True)
    prefix = _FIELD_PREFIX.match(query, position)
    if prefix:
        return _read_term(query, position, prefix.group(1), prefix.group(2))
    word = _WORD.match(query, position).group()
    _reject_control_characters(query, position, word)
    if word.lower() in _CONNECTIVES:
        return Token(_CONNECTIVES[word.lower()], word, position)
    return Token(TokenKind.WORD, word, position, value=word)


def _read_term(query: str, position: int, field: str, operator: str) -> Token:
    value_position = position + len(field) + len(operator)
    if (
        value_position >= len(query)
        or query[value_position].isspace()
        or query[value_position] in "()"
    ):
        raise SearchSyntaxError(
            f'Missing value after "{field}{operator}"', position, field + operator, query
        )
    if query[value_position] == '"':
        value, end = _read_quoted(query, value_position)
        quoted = True
    else:
        value = _WORD.match(query, value_position).group()
        end = value_position + len(value)
        quoted = False
    _reject_control_characters(query, value_position, value)
    return Token(
        TokenKind.TERM,
        query[position:end],
        position,
        field=field,
        operator=operator,
        value=value,
        quoted=quoted,
    )


def _read_quoted(query: str, position: int) -> tuple[str, int]:
    """The text between the quote at ``position`` and its partner, and the end offset."""
    closing = query.find('"', position + 1)
    if closing == -1:
        raise SearchSyntaxError(
            "Unterminated quote", position, query[position:], query, unfinished=True
        )
    phrase = query[position + 1 : closing]
    if not phrase.strip():
        pair = query[position : closing + 1]
        raise SearchSyntaxError("Empty quotes", position, pair, query, unfinished=False)
    _reject_control_characters(query, position + 1, phrase)
    return phrase, closing + 1


def _reject_control_characters(query: str, position: int, text: str) -> None:
    # A NUL byte would be rejected by PostgreSQL with a server error; refuse it here.
    for offset, char in enumerate(text):
        if ord(char) < 32 and not char.isspace():
            raise SearchSyntaxError(
                "Unexpected control character", position + offset, char, query, unfinished=False
            )

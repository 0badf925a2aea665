"""Recursive-descent parser: tokens to a tree of And/Or/Not over conditions and words.

Grammar (terms side by side are ANDed)::

    query    := either EOF
    either   := both (("or" | "OR") both)*
    both     := negated (("and")? negated)*
    negated  := ("-" | "not") negated | operand
    operand  := "(" either ")" | TERM | WORD
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.search.errors import SearchSyntaxError
from cards.search.fields import Condition, read_condition
from cards.search.tokens import Token, TokenKind, tokenize

MAX_DEPTH = 20  # parentheses and negations; bounds recursion on hostile input


@dataclass(frozen=True)
class Words:
    """A bare word or quoted phrase: found in the name or the rules text."""

    text: str


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Not:
    child: Node


Node = And | Or | Not | Condition | Words


def parse_tree(query: str) -> Node | None:
    """The tree for ``query``, or None for a blank query; raises SearchSyntaxError."""
    parser = _Parser(query, tokenize(query))
    return parser.parse()


class _Parser:
    def __init__(self, query: str, tokens: list[Token]) -> None:
        self.query = query
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    def parse(self) -> Node | None:
        if not self.tokens:
            return None
        node = self.either()
        if self.peek() is not None:
            # either() stops only at ")" or the end, so this is an unmatched ")".
            raise self.error("Unmatched closing parenthesis", self.peek(), unfinished=False)
        return node

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def error(
        self, message: str, token: Token, *, unfinished: bool | None = None
    ) -> SearchSyntaxError:
        return SearchSyntaxError(
            message, token.position, token.text, self.query, unfinished=unfinished
        )

    def either(self) -> Node:
        children = [self.both()]
        while (token := self.peek()) is not None and token.kind is TokenKind.OR:
            self.take()
            if self.peek() is None or self.peek().kind in (TokenKind.OR, TokenKind.RPAREN):
                raise self.error(f'Nothing after "{token.text}"', token)
            children.append(self.both())
        return children[0] if len(children) == 1 else Or(_flatten(Or, children))

    def both(self) -> Node:
        children = [self.negated()]
        while (token := self.peek()) is not None and token.kind not in (
            TokenKind.OR,
            TokenKind.RPAREN,
        ):
            if token.kind is TokenKind.AND:
                self.take()
                following = self.peek()
                if following is None or following.kind in (TokenKind.OR, TokenKind.RPAREN):
                    raise self.error(f'Nothing after "{token.text}"', token)
            children.append(self.negated())
        return children[0] if len(children) == 1 else And(_flatten(And, children))

    def negated(self) -> Node:
        token = self.peek()
        if token.kind is not TokenKind.NOT:
            return self.operand()
        self.take()
        following = self.peek()
        if following is None or following.kind in (TokenKind.OR, TokenKind.AND, TokenKind.RPAREN):
            raise self.error(f'Nothing to negate after "{token.text}"', token)
        with _Deeper(self, token):
            child = self.negated()
        # Two negations cancel; "- -x" reads as x.
        return child.child if isinstance(child, Not) else Not(child)

    def operand(self) -> Node:
        token = self.take()
        match token.kind:
            case TokenKind.TERM:
                return read_condition(token, self.query)
            case TokenKind.WORD:
                return Words(token.value)
            case TokenKind.LPAREN:
                return self.group(token)
            case TokenKind.RPAREN:
                raise self.error("Unmatched closing parenthesis", token, unfinished=False)
            case _:  # "or"/"and" where an operand should start
                raise self.error(f'Nothing before "{token.text}"', token)

    def group(self, opening: Token) -> Node:
        following = self.peek()
        if following is None:
            raise self.error("Unclosed parenthesis", opening, unfinished=True)
        if following.kind is TokenKind.RPAREN:
            pair = self.query[opening.position : following.position + 1]
            raise SearchSyntaxError(
                "Empty parentheses", opening.position, pair, self.query, unfinished=False
            )
        with _Deeper(self, opening):
            node = self.either()
        closing = self.peek()
        if closing is None:
            raise self.error("Unclosed parenthesis", opening, unfinished=True)
        self.take()
        return node


class _Deeper:
    """Counts nesting while inside a group or negation; refuses beyond MAX_DEPTH."""

    def __init__(self, parser: _Parser, token: Token) -> None:
        self.parser = parser
        self.token = token

    def __enter__(self) -> None:
        self.parser.depth += 1
        if self.parser.depth > MAX_DEPTH:
            raise self.parser.error(f"Nested too deeply (the limit is {MAX_DEPTH})", self.token)

    def __exit__(self, *exc_info: object) -> None:
        self.parser.depth -= 1


def _flatten(kind: type[And] | type[Or], children: list[Node]) -> tuple[Node, ...]:
    """Children with nested nodes of the same kind spliced in: (a b) c is a b c."""
    flat: list[Node] = []
    for child in children:
        flat.extend(child.children if isinstance(child, kind) else (child,))
    return tuple(flat)

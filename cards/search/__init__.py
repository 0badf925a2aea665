"""The card search syntax: ``kind:avatar realm:tidewell cost<=3 -kw:flying "spirit path"``.

``parse_query(text)`` reads a query (raising SearchSyntaxError, which points at
the bad token) and returns a Query whose ``to_q()`` filters Card rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from cards.search.compile import to_q
from cards.search.errors import SearchSyntaxError
from cards.search.fields import FIELDS, Field
from cards.search.parser import Node, parse_tree
from cards.search.tokens import MAX_QUERY_LENGTH

__all__ = ["FIELDS", "MAX_QUERY_LENGTH", "Field", "Query", "SearchSyntaxError", "parse_query"]


@dataclass(frozen=True)
class Query:
    """A parsed search query."""

    text: str
    tree: Node | None

    @property
    def is_blank(self) -> bool:
        return self.tree is None

    def to_q(self) -> Q:
        """The Django filter over Card that this query stands for."""
        return to_q(self.tree)


def parse_query(text: str) -> Query:
    """Parse ``text`` in the search syntax; raises SearchSyntaxError on a malformed query."""
    return Query(text=text, tree=parse_tree(text))

"""Turn a parsed search tree into a Django ``Q`` over Card."""

from __future__ import annotations

from functools import reduce
from operator import and_, or_

from django.db.models import Q

from cards.search.fields import Condition, ValueKind
from cards.search.parser import And, Node, Not, Or, Words

_NUMBER_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def to_q(node: Node | None) -> Q:
    """The filter for ``node``; an empty query (None) matches every card."""
    match node:
        case None:
            return Q()
        case And(children):
            return reduce(and_, (to_q(child) for child in children))
        case Or(children):
            return reduce(or_, (to_q(child) for child in children))
        case Not(child):
            return ~to_q(child)
        case Words(text):
            return Q(name__icontains=text) | Q(rules_text__icontains=text)
        case Condition():
            return condition_q(node)
    raise TypeError(f"not a search node: {node!r}")


def condition_q(condition: Condition) -> Q:
    """The filter for one field condition."""
    spec, value = condition.field, condition.value
    match spec.kind:
        case ValueKind.NUMBER if condition.operator == "!=":
            # Traits are null on non-Avatars: "atk!=2" means Avatars whose melee is not 2.
            return Q(**{f"{spec.column}__isnull": False}) & ~Q(**{spec.column: value})
        case ValueKind.NUMBER:
            return Q(**{f"{spec.column}__{_NUMBER_LOOKUPS[condition.operator]}": value})
        case ValueKind.TEXT:
            return Q(**{f"{spec.column}__icontains": value})
        case ValueKind.REALM:
            return Q(realm__slug__iexact=value) | Q(realm__name__icontains=value)
        case ValueKind.KEYWORD:
            return Q(keywords__contains=f" {value} ")
        case ValueKind.CHOICE | ValueKind.FLAG:
            return Q(**{spec.column: value})
    raise TypeError(f"no filter for field kind {spec.kind}")

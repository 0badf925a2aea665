"""The search syntax help page, built from the parser's own field table."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.models import Realm
from cards.search import FIELDS, MAX_QUERY_LENGTH, Field
from cards.search.fields import ValueKind

# Operators in the order people read them, not the tokenizer's longest-first order.
OPERATOR_ORDER = (":", "=", "!=", "<", "<=", ">", ">=")

# Worked examples, (query, what it finds); "{realm}" stands for a realm of this
# catalogue, here and in the field table, so every example finds cards.
EXAMPLES = (
    ("warden", "Cards with “warden” in the name or rules text"),
    ('"spirit path"', "The exact phrase, in the name or rules text"),
    ("kind:avatar cost<=2", "Avatars costing 2 Shén or less"),
    ("t:item realm:{realm}", "Items of one realm (t: is an alias of kind:)"),
    ("atk>=3 def>=3", "Avatars with at least 3 melee and 3 defense"),
    ("is:spirit mv>=2", "Spirit Avatars with movement 2 or more"),
    ("kw:swift or kw:guardian", "Cards with either keyword"),
    ("kind:action (cost:1 or cost:2)", "Actions costing exactly 1 or 2"),
    ("-kind:avatar rarity:rare", "Rare cards that are not Avatars"),
    ('not o:"spirit path" is:avatar', "Avatars whose rules text does not mention the Spirit Path"),
    ("rng>0 cost!=4", "Avatars with a ranged attack that do not cost 4"),
)


@require_safe
def search_help(request: HttpRequest) -> HttpResponse:
    """Every field, alias and operator of the search box, with example queries."""
    realm = Realm.objects.values_list("slug", flat=True).first() or "none-yet"
    context = {
        "fields": [
            (field, sorted(field.operators, key=OPERATOR_ORDER.index), _example(field, realm))
            for field in FIELDS
        ],
        "examples": [(query.format(realm=realm), meaning) for query, meaning in EXAMPLES],
        "realm": realm,
        "max_length": MAX_QUERY_LENGTH,
    }
    return render(request, "cards/search_help.html", context)


def _example(field: Field, realm: str) -> str:
    """The field's example, naming a realm that exists rather than a made-up one."""
    return f"{field.name}:{realm}" if field.kind is ValueKind.REALM else field.example

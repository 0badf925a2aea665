"""The card search syntax: every field and operator, connectives, and each error's position."""

import pytest

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH, SearchSyntaxError, parse_query
from tests.factories.cards import two_realm_catalogue


@pytest.fixture
def catalogue(db):
    two_realm_catalogue()


def names(query: str) -> set[str]:
    return set(Card.objects.filter(parse_query(query).to_q()).values_list("name", flat=True))


def error_of(query: str) -> SearchSyntaxError:
    with pytest.raises(SearchSyntaxError) as caught:
        parse_query(query)
    return caught.value


ALL = {"Ember Warden", "Tide Caller", "Ember Blade", "Spirit Bridge", "Sudden Fire"}


# --- Fields ------------------------------------------------------------------


@pytest.mark.parametrize("query", ["name:ember", "n:EMBER"])
def test_name_matches_part_of_the_name_ignoring_case(catalogue, query):
    assert names(query) == {"Ember Warden", "Ember Blade"}


@pytest.mark.parametrize("query", ['o:"spirit path"', 'text:"Spirit Path"', 'oracle:"spirit path"'])
def test_rules_text_matches_a_quoted_phrase(catalogue, query):
    assert names(query) == {"Ember Warden", "Spirit Bridge"}


@pytest.mark.parametrize("query", ["flavor:stone", "ft:stone", "flavour:STONE"])
def test_flavour_text_matches_a_word(catalogue, query):
    assert names(query) == {"Ember Warden"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("kind:avatar", {"Ember Warden", "Tide Caller"}),
        ("k:item", {"Ember Blade"}),
        ("t:rip", {"Spirit Bridge"}),
        ("type:remains-in-play", {"Spirit Bridge"}),
        ("kind=actions", {"Sudden Fire"}),
        ("KIND:Avatar", {"Ember Warden", "Tide Caller"}),
    ],
)
def test_kind_accepts_its_names_and_aliases(catalogue, query, expected):
    assert names(query) == expected


@pytest.mark.parametrize("query", ["realm:ember", "r:EMBER", "realm:reach", 'realm:"ember reach"'])
def test_realm_matches_slug_or_part_of_the_name(catalogue, query):
    assert names(query) == {"Ember Warden", "Ember Blade", "Sudden Fire"}


def test_unknown_realm_matches_nothing_rather_than_failing(catalogue):
    assert names("realm:nowhere") == set()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("cost:2", {"Ember Warden"}),
        ("cost=2", {"Ember Warden"}),
        ("cost!=2", ALL - {"Ember Warden"}),
        ("cost<2", {"Ember Blade", "Sudden Fire"}),
        ("cost<=2", {"Ember Blade", "Sudden Fire", "Ember Warden"}),
        ("cost>3", {"Tide Caller"}),
        ("c>=3", {"Tide Caller", "Spirit Bridge"}),
    ],
)
def test_cost_compares_with_every_operator(catalogue, query, expected):
    assert names(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("atk>=2", {"Ember Warden"}),
        ("melee<2", {"Tide Caller"}),
        ("def:4", {"Tide Caller"}),
        ("defense<4", {"Ember Warden"}),
        ("defence>1", {"Ember Warden", "Tide Caller"}),
        ("rng>0", {"Tide Caller"}),
        ("ranged:0", {"Ember Warden"}),
        ("mv>=3", {"Tide Caller"}),
        ("move:2", {"Ember Warden"}),
        ("movement<=3", {"Ember Warden", "Tide Caller"}),
    ],
)
def test_traits_compare_numbers_on_avatars(catalogue, query, expected):
    assert names(query) == expected


def test_trait_not_equal_means_avatars_with_another_value(catalogue):
    assert names("atk!=3") == {"Tide Caller"}


def test_negated_trait_comparison_includes_cards_without_traits(catalogue):
    assert names("-atk:3") == ALL - {"Ember Warden"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("rarity:rare", {"Ember Warden"}),
        ("rar:common", {"Tide Caller"}),
        ("rarity:u", {"Ember Blade"}),
        ("rarity:m", {"Spirit Bridge"}),
        ("rarity:ch", {"Sudden Fire"}),
    ],
)
def test_rarity_accepts_names_and_initials(catalogue, query, expected):
    assert names(query) == expected


@pytest.mark.parametrize("query", ["kw:flying", "keyword:FLYING"])
def test_keyword_matches_a_whole_keyword(catalogue, query):
    assert names(query) == {"Ember Warden", "Sudden Fire"}


def test_keyword_does_not_match_part_of_a_keyword(catalogue):
    assert names("kw:fly") == set()


def test_is_spirit_finds_spirit_avatars(catalogue):
    assert names("is:spirit") == {"Ember Warden"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("is:avatar", {"Ember Warden", "Tide Caller"}),
        ("is:item", {"Ember Blade"}),
        ("is:remains", {"Spirit Bridge"}),
        ("is:action", {"Sudden Fire"}),
    ],
)
def test_is_accepts_a_kind(catalogue, query, expected):
    assert names(query) == expected


# --- Bare words, connectives ---------------------------------------------------


def test_bare_word_matches_name_or_rules_text(catalogue):
    assert names("card") == {"Tide Caller", "Sudden Fire"}


def test_quoted_phrase_matches_name_or_rules_text(catalogue):
    assert names('"spirit path"') == {"Ember Warden", "Spirit Bridge"}


def test_terms_side_by_side_must_all_match(catalogue):
    assert names("kind:avatar realm:ember cost<=3 atk>=2") == {"Ember Warden"}


def test_explicit_and_is_the_same_as_side_by_side(catalogue):
    assert names("realm:ember and cost:1") == names("realm:ember cost:1") == {"Ember Blade"}


@pytest.mark.parametrize("connective", ["or", "OR"])
def test_or_matches_either_side(catalogue, connective):
    assert names(f"kind:item {connective} kind:action") == {"Ember Blade", "Sudden Fire"}


def test_and_binds_tighter_than_or(catalogue):
    assert names("realm:tide cost:4 or kind:item") == {"Tide Caller", "Ember Blade"}


def test_parentheses_group_before_and(catalogue):
    assert names("realm:ember (kind:item or kind:action)") == {"Ember Blade", "Sudden Fire"}


def test_minus_negates_a_term(catalogue):
    assert names("kind:avatar -kw:flying") == {"Tide Caller"}


def test_not_negates_a_term(catalogue):
    assert names("kind:avatar not kw:flying") == {"Tide Caller"}


def test_minus_negates_a_group(catalogue):
    assert names("-(realm:ember or kind:avatar)") == {"Spirit Bridge"}


def test_minus_negates_a_bare_word(catalogue):
    assert names("-ember") == {"Tide Caller", "Spirit Bridge", "Sudden Fire"}


def test_double_negation_cancels(catalogue):
    assert names("not -kind:item") == {"Ember Blade"}


def test_issue_example_query_reads(catalogue):
    query = 'kind:avatar realm:ember cost<=3 atk>=2 o:"spirit path" is:spirit -kw:swift'
    assert names(query) == {"Ember Warden"}


def test_blank_query_matches_everything(catalogue):
    assert parse_query("   ").is_blank
    assert names("   ") == ALL


def test_percent_and_underscore_are_literal(catalogue):
    assert names("50%") == set()
    assert names("_") == set()


# --- Errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "message", "position", "token"),
    [
        ("kind:avatar colr:red", 'Unknown field "colr"', 12, "colr"),
        ("kind<3", 'Operator "<" does not apply to kind', 4, "<"),
        ("o>=x", 'Operator ">=" does not apply to o', 1, ">="),
        ("cost<=three", 'cost needs a whole number up to 9999, not "three"', 6, "three"),
        ("atk:99999", "atk needs a whole number", 4, "99999"),
        ("kind:wizard", 'Unknown kind "wizard"', 5, "wizard"),
        ("rarity:legendary", 'Unknown rarity "legendary"', 7, "legendary"),
        ("is:flying", 'Unknown property "is:flying"', 3, "flying"),
        ('kw:"two words"', "A keyword is one word", 3, '"two words"'),
        ("cost: 3", 'Missing value after "cost:"', 0, "cost:"),
        ("a (b or c", "Unclosed parenthesis", 2, "("),
        ("a b) c", "Unmatched closing parenthesis", 3, ")"),
        ("a ( ) b", "Empty parentheses", 2, "( )"),
        ("or kind:item", 'Nothing before "or"', 0, "or"),
        ("kind:item or", 'Nothing after "or"', 10, "or"),
        ("a or or b", 'Nothing after "or"', 2, "or"),
        ("(a or) b", 'Nothing after "or"', 3, "or"),
        ("a and", 'Nothing after "and"', 2, "and"),
        ("a -", 'Nothing to negate after "-"', 2, "-"),
        ("not", 'Nothing to negate after "not"', 0, "not"),
        ('o:""', "Empty quotes", 2, '""'),
        ('a "  "', "Empty quotes", 2, '"  "'),
        ('name:"open', "Unterminated quote", 5, '"open'),
        ('a "b c', "Unterminated quote", 2, '"b c'),
        ("a\x00b", "Unexpected control character", 1, "\x00"),
    ],
)
def test_error_names_the_problem_and_points_at_the_token(query, message, position, token):
    error = error_of(query)
    assert error.message.startswith(message)
    assert (error.position, error.token) == (position, token)
    assert query[position : position + len(token)] == token


def test_error_reads_with_its_column():
    assert str(error_of("kind:avatar colr:red")) == 'Unknown field "colr" at column 13'


def test_error_splits_the_query_around_the_bad_token():
    assert error_of("kind:avatar colr:red").marked() == ("kind:avatar ", "colr", ":red")


def test_error_draws_carets_under_the_bad_token():
    assert error_of("cost<x y").caret_line() == "cost<x y\n     ^"


def test_error_as_dict_carries_position_and_column():
    assert error_of("(a").as_dict() == {
        "message": "Unclosed parenthesis",
        "position": 0,
        "column": 1,
        "token": "(",
        "query": "(a",
    }


def test_query_over_the_length_limit_is_refused():
    error = error_of("a" * (MAX_QUERY_LENGTH + 1))
    assert error.message.startswith("Query too long")
    assert error.position == MAX_QUERY_LENGTH


def test_query_at_the_length_limit_is_read():
    assert not parse_query("a" * MAX_QUERY_LENGTH).is_blank


def test_deep_nesting_is_refused_not_a_recursion_error():
    error = error_of("(" * 200 + "a" + ")" * 200)
    assert error.message.startswith("Nested too deeply")


def test_long_chain_of_negations_is_refused():
    assert error_of("-" * 100 + "a").message.startswith("Nested too deeply")

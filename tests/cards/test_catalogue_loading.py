"""load_catalogue / export_catalogue: the sample set, idempotence, round trips, bad files."""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count, Q

from cards.catalogue.exporting import card_data
from cards.catalogue.loading import AUTOMATIC_NOTE, catalogue_load
from cards.catalogue.schema import catalogue_parse
from cards.management.commands.load_catalogue import SAMPLE_CATALOGUE
from cards.models import Card, CardRevision, Realm
from games.engine.cards import CardSpec

pytestmark = pytest.mark.django_db

SAMPLE = json.loads(SAMPLE_CATALOGUE.read_text(encoding="utf-8"))


def _load(path=None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    arguments = ["--file", str(path)] if path else []
    call_command("load_catalogue", *arguments, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def _write(tmp_path, document) -> str:
    path = tmp_path / "catalogue.json"
    text = document if isinstance(document, str) else json.dumps(document, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return path


def _card(document, slug):
    return next(card for card in document["cards"] if card["slug"] == slug)


def _refused(tmp_path, document) -> str:
    with pytest.raises(CommandError) as caught:
        _load(_write(tmp_path, document))
    assert not Card.objects.exists()
    assert not Realm.objects.exists()
    return str(caught.value)


@pytest.fixture
def loaded():
    return _load()


def test_sample_set_has_at_least_80_cards_in_4_realms(loaded):
    assert Card.objects.count() >= 80
    assert Realm.objects.count() >= 4


def test_each_realm_has_avatars_spirits_items_remains_and_actions(loaded):
    realms = Realm.objects.annotate(
        avatars=Count("cards", filter=Q(cards__kind="avatar")),
        spirits=Count("cards", filter=Q(cards__is_spirit=True)),
        items=Count("cards", filter=Q(cards__kind="item")),
        remains=Count("cards", filter=Q(cards__kind="remains")),
        actions=Count("cards", filter=Q(cards__kind="action")),
    )

    for realm in realms:
        assert realm.avatars >= 10, realm
        assert min(realm.spirits, realm.items, realm.remains, realm.actions) >= 1, realm


def test_spirit_path_cards_are_remains_attached_to_own_avatar_errata_2(loaded):
    walkers = Card.objects.filter(abilities__effect__0__verb="walk_spirit_path")
    leavers = Card.objects.filter(abilities__effect__0__verb="leave_spirit_path")

    assert walkers.count() >= 4
    assert leavers.exists()
    assert {(card.kind, card.target) for card in [*walkers, *leavers]} == {
        ("remains", "own_avatar")
    }


def test_spirits_are_movement_2_with_the_errata_kept_errata_1(loaded):
    spirits = Card.objects.filter(is_spirit=True)

    assert {spirit.movement for spirit in spirits} == {2}
    assert CardRevision.objects.filter(card__in=spirits, previous__movement=3).exists()


def test_first_load_prints_progress_and_summary(loaded):
    out, err = loaded
    total = len(SAMPLE["cards"])

    assert out.strip() == f"Loaded {total} cards ({total} new, 0 changed, 0 unchanged) in 4 realms"
    assert f"{total}/{total}" in err


def test_second_load_changes_nothing(loaded):
    revisions = CardRevision.objects.count()

    out, _ = _load()

    assert "(0 new, 0 changed," in out
    assert CardRevision.objects.count() == revisions


def test_export_writes_the_sample_file_back_unchanged(loaded):
    out = io.StringIO()

    call_command("export_catalogue", "--name", SAMPLE["name"], stdout=out)

    assert out.getvalue() == SAMPLE_CATALOGUE.read_text(encoding="utf-8")


def test_export_then_load_round_trips_with_no_changes(loaded, tmp_path):
    path = tmp_path / "export.json"
    call_command("export_catalogue", "--output", str(path), stderr=io.StringIO())

    out, _ = _load(path)

    assert f"(0 new, 0 changed, {len(SAMPLE['cards'])} unchanged)" in out


def test_rules_change_in_the_file_records_errata_with_the_automatic_note(loaded, tmp_path):
    document = copy.deepcopy(SAMPLE)
    _card(document, "slag-brute")["cost"] = 2

    out, _ = _load(_write(tmp_path, document))

    assert "(0 new, 1 changed," in out
    revision = Card.objects.get(slug="slag-brute").revisions.get()
    assert (revision.previous, revision.note) == ({"cost": 3}, AUTOMATIC_NOTE)


def test_rules_change_takes_the_note_of_the_erratum_the_file_adds(loaded, tmp_path):
    document = copy.deepcopy(SAMPLE)
    brute = _card(document, "slag-brute")
    brute["melee"] = 4
    brute["errata"] = [{"date": "2026-08-01", "note": "Hits harder", "previous": {"melee": 3}}]

    _load(_write(tmp_path, document))

    revision = Card.objects.get(slug="slag-brute").revisions.get()
    assert (revision.note, revision.revised_at.date().isoformat()) == ("Hits harder", "2026-08-01")


def test_flavour_change_is_changed_but_not_errata(loaded, tmp_path):
    document = copy.deepcopy(SAMPLE)
    _card(document, "slag-brute")["flavour_text"] = "Still angry."

    out, _ = _load(_write(tmp_path, document))

    assert "(0 new, 1 changed," in out
    assert not Card.objects.get(slug="slag-brute").revisions.exists()


def test_malformed_json_is_refused(tmp_path):
    assert "not valid JSON" in _refused(tmp_path, '{"cards": [')


def test_unknown_realm_names_card_and_field(tmp_path):
    document = copy.deepcopy(SAMPLE)
    _card(document, "slag-brute")["realm"] = "atlantis"

    assert "card 'Slag Brute', field 'realm': unknown realm 'atlantis'" in _refused(
        tmp_path, document
    )


def test_missing_field_names_card_and_field(tmp_path):
    document = copy.deepcopy(SAMPLE)
    del _card(document, "slag-brute")["cost"]

    assert "card 'Slag Brute', field 'cost': is required" in _refused(tmp_path, document)


def test_bad_effect_names_card_and_field(tmp_path):
    document = copy.deepcopy(SAMPLE)
    _card(document, "pearl-diver")["abilities"][0]["effect"][0]["count"] = 0

    message = _refused(tmp_path, document)

    assert "card 'Pearl Diver', field 'abilities[0].effect.0.count': must be at least 1" in message


def test_every_error_is_listed_at_once(tmp_path):
    document = copy.deepcopy(SAMPLE)
    del _card(document, "slag-brute")["cost"]
    _card(document, "ember-blade")["melee"] = 2
    _card(document, "fireburst")["abilities"][0]["effect"][0]["verb"] = "fireball"

    message = _refused(tmp_path, document)

    assert "has 3 error(s)" in message
    assert "card 'Ember Blade', field 'melee': only Avatars have traits" in message
    assert "card 'Fireburst', field 'abilities[0].effect.0.verb'" in message


def test_failure_during_writing_leaves_nothing_half_loaded():
    catalogue = catalogue_parse(SAMPLE)
    seen = []

    def fail_on_the_tenth(record):
        seen.append(record)
        if len(seen) == 10:
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        catalogue_load(catalogue=catalogue, on_card=fail_on_the_tenth)

    assert not Card.objects.exists()
    assert not Realm.objects.exists()


def test_name_held_by_another_card_is_refused(tmp_path):
    document = copy.deepcopy(SAMPLE)
    _load(_write(tmp_path, document))
    _card(document, "slag-brute")["slug"] = "slag-brute-2"

    with pytest.raises(CommandError) as caught:
        _load(_write(tmp_path, document))

    assert "card 'Slag Brute', field 'name': the name is already held" in str(caught.value)
    assert not Card.objects.filter(slug="slag-brute-2").exists()


def test_a_card_with_a_missing_field_still_has_its_other_faults_listed(tmp_path):
    document = copy.deepcopy(SAMPLE)
    diver = _card(document, "pearl-diver")
    del diver["cost"]
    diver["abilities"][0]["timing"] = "on_play"

    message = _refused(tmp_path, document)

    assert "card 'Pearl Diver', field 'cost': is required" in message
    assert "card 'Pearl Diver', field 'abilities[0].timing'" in message


def test_every_sample_card_reads_as_an_engine_card_spec(loaded):
    cards = Card.objects.with_catalogue_relations()

    specs = [CardSpec.from_data(card_data(card)) for card in cards]

    assert len(specs) == len(SAMPLE["cards"])
    assert all(spec.cost <= 5 for spec in specs)

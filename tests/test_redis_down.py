"""With Redis configured but down, the catalogue, decks and matches keep serving (a bot
answers in the player's request when its task cannot be queued), starting a
simulation says the simulation service is unavailable (never a 500), and the
anonymous throttle still refuses past its rate (counting in files).

Run in a process of its own with the real settings, REDIS_URL naming a port where
nothing listens, and a fresh SQLite database.
"""

import json

from tests.test_settings import run_with_settings

PROBE = """
import json
import django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("migrate", verbosity=0)
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from games.models.simulations import SimulationJob
realms = sample_catalogue_load()
alice = UserFactory(username="alice")
mine = playable_deck(owner=alice, realm=realms[0])
public = playable_deck(owner=alice, realm=realms[1], visibility="public")
client = Client()
found = {
    "catalogue": client.get("/").status_code,
    "api": client.get("/api/cards/").status_code,
    "deck": client.get(f"/decks/{public.pk}/").status_code,
}
client.force_login(alice)
rules = {"ruleset": "beta-2026-07", "recovery": "all", "realm_stone_counts": "on", "max_turns": 6}
match = client.post(
    f"/games/new/?deck={mine.pk}", {"opponent": "hotseat", "first_turn": "dice", **rules}
)
found["match"] = match.status_code
found["table"] = client.get(match["Location"]).status_code
started = client.post(
    "/simulations/new/",
    {"deck_a": mine.pk, "deck_b": public.pk, "bot_a": "random", "bot_b": "random",
     "games": 10, **rules},
)
found["simulate"] = started.status_code
bot = client.post(
    f"/games/new/?deck={mine.pk}",
    {"opponent": "bot", "bot": "random", "first_turn": "dice", **rules},
)
statuses = {bot.status_code, client.get(bot["Location"]).status_code}
from games.models import Match
from tests.games.helpers import legal_json
played = Match.objects.get(mode="bot")
answered = 0
for _ in range(20):
    before = played.number
    act = client.post(
        f"/games/{played.pk}/act/",
        {"action": json.dumps(legal_json(played)[0]), "number": before},
        HTTP_HX_REQUEST="true",
    )
    statuses.add(act.status_code)
    played = Match.objects.get(pk=played.pk)
    answered += played.number > before + 1
found["bot_match"] = sorted(statuses)
found["bot_answered"] = answered > 0
found["said"] = "simulation service is unavailable" in started.content.decode()
found["jobs"] = SimulationJob.objects.count()
# The anonymous throttle counts in files instead (5 a minute here): it does not fail open.
anonymous = Client()
found["throttled"] = [anonymous.get("/api/realms/").status_code for _ in range(6)][-1]
print(json.dumps(found))
"""


def test_redis_down_keeps_the_site_serving_and_says_simulations_are_unavailable(tmp_path):
    result = run_with_settings(
        ["-c", PROBE],
        DEBUG="1",
        REDIS_URL="redis://127.0.0.1:1/8",
        SHEN_SQLITE_PATH=str(tmp_path / "db.sqlite3"),
        SHEN_SECRET_KEY="redis-down-test",
        SHEN_ANON_RATE="5/minute",
        SHEN_CACHE_DIR=str(tmp_path / "cache"),
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found == {
        "catalogue": 200,
        "api": 200,
        "deck": 200,
        "match": 302,
        "table": 200,
        "simulate": 503,
        "bot_match": [200, 302],
        "bot_answered": True,
        "said": True,
        "jobs": 0,
        "throttled": 429,
    }

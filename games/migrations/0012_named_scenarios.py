"""The named scenarios the lab starts with (M1); the designer edits and adds more."""

from django.db import migrations

# (slug, name, players, teams, width, height, anchors, description)
NAMED = (
    ("duel", "Duel", 2, 0, None, None, [], "The rulebook's game: 8×8, the four corners."),
    (
        "long-duel",
        "Long duel",
        2,
        0,
        10,
        10,
        [],
        "Two players on a 10×10 board, for a longer game (R1: any board).",
    ),
    ("three-way", "Three-way", 3, 0, None, None, [], "Three players, 10×10, the four corners."),
    ("four-corners", "Four corners", 4, 0, None, None, [], "Four players, 10×10."),
    (
        "two-against-two",
        "Two against two",
        4,
        2,
        None,
        None,
        [],
        "Teams of two, seated alternately (M2), 10×10.",
    ),
    (
        "six-anchors",
        "Six anchors",
        4,
        0,
        10,
        10,
        ["a1", "j1", "a10", "j10", "e5", "f6"],
        "Four players; two more anchor points in the middle draw the fight inwards.",
    ),
    ("six-players", "Six players", 6, 0, None, None, [], "Everyone for themselves, 12×12."),
    (
        "three-against-three",
        "Three against three",
        6,
        2,
        None,
        None,
        [],
        "Two teams of three, 12×12.",
    ),
    ("three-pairs", "Three pairs", 6, 3, None, None, [], "Three teams of two, 12×12."),
)


def add_named(apps, schema_editor):
    Scenario = apps.get_model("games", "Scenario")
    for slug, name, players, teams, width, height, anchors, description in NAMED:
        Scenario.objects.update_or_create(
            slug=slug,
            defaults={
                "name": name,
                "players": players,
                "teams": teams,
                "width": width,
                "height": height,
                "anchors": anchors,
                "description": description,
            },
        )


def remove_named(apps, schema_editor):
    apps.get_model("games", "Scenario").objects.filter(slug__in=[n[0] for n in NAMED]).delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0011_scenarios")]
    operations = [migrations.RunPython(add_named, remove_named)]

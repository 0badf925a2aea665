from django.db import migrations

# The ruleset whose turns were made finite (R9, R16), and the options a rule A/B's second
# arm took from the first when it named none, as they stood when the rulings came.
RULESET = "beta-2026-07"
OFFERED = ("recovery", "ko", "realm_stone_counts", "max_turns")
KEPT = {"finite_turns": False}


def keep_the_reading_played(apps, schema_editor):
    """Matches and jobs stored before R9 and R16 made every turn end replay without them."""
    Match = apps.get_model("games", "Match")
    SimulationJob = apps.get_model("games", "SimulationJob")
    for match in Match.objects.filter(ruleset=RULESET).only("options").iterator():
        match.options = {**KEPT, **(match.options or {})}
        match.save(update_fields=["options"])
    for job in SimulationJob.objects.only("ruleset", "options", "parameters").iterator():
        fields = []
        if job.ruleset == RULESET:
            job.options = {**KEPT, **(job.options or {})}
            fields.append("options")
        parameters = job.parameters or {}
        if parameters.get("ruleset_b") == RULESET:
            options_b = parameters.get("options_b")
            if options_b is None:
                options_b = {k: v for k, v in (job.options or {}).items() if k in OFFERED}
            job.parameters = {**parameters, "options_b": {**KEPT, **options_b}}
            fields.append("parameters")
        if fields:
            job.save(update_fields=fields)


def forget_the_reading(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    SimulationJob = apps.get_model("games", "SimulationJob")
    for match in Match.objects.filter(ruleset=RULESET).only("options").iterator():
        match.options = {k: v for k, v in (match.options or {}).items() if k not in KEPT}
        match.save(update_fields=["options"])
    for job in SimulationJob.objects.only("options", "parameters").iterator():
        job.options = {k: v for k, v in (job.options or {}).items() if k not in KEPT}
        parameters = dict(job.parameters or {})
        if isinstance(parameters.get("options_b"), dict):
            parameters["options_b"] = {
                k: v for k, v in parameters["options_b"].items() if k not in KEPT
            }
        job.parameters = parameters
        job.save(update_fields=["options", "parameters"])


class Migration(migrations.Migration):
    """Stored beta-2026-07 matches and jobs keep the reading they were played under
    (``finite_turns`` off), so every record replays to its digests."""

    dependencies = [("games", "0006_match_seed_chosen")]

    operations = [migrations.RunPython(keep_the_reading_played, forget_the_reading)]

from django.db import migrations

# R26's safeguard of the one-action rulesets before it moved to 400 turns. A copy, as
# migrations must not follow the code they migrate.
TURN_LIMIT_BEFORE = 200
ONE_ACTION_RULESETS = ("beta-2025", "simplified-0.1")


def _kept(options):
    options = dict(options or {})
    options.setdefault("max_turns", TURN_LIMIT_BEFORE)
    return options


def keep_the_turn_limit_played(apps, schema_editor):
    """Matches and jobs of beta-2025 and simplified-0.1 stored before the safeguard moved,
    and played under its default, keep the 200 turns they were played under."""
    Match = apps.get_model("games", "Match")
    SimulationJob = apps.get_model("games", "SimulationJob")
    stored = Match.objects.filter(ruleset__in=ONE_ACTION_RULESETS).only("options")
    for match in stored.iterator():
        if "max_turns" not in (match.options or {}):
            match.options = _kept(match.options)
            match.save(update_fields=["options"])
    for job in SimulationJob.objects.only("ruleset", "options", "parameters").iterator():
        fields = []
        if job.ruleset in ONE_ACTION_RULESETS and "max_turns" not in (job.options or {}):
            job.options = _kept(job.options)
            fields.append("options")
        parameters = job.parameters or {}
        options_b = parameters.get("options_b")
        # Migration 0008 wrote every earlier-ruleset arm's options out in full.
        if parameters.get("ruleset_b") in ONE_ACTION_RULESETS and isinstance(options_b, dict):
            if "max_turns" not in options_b:
                job.parameters = {**parameters, "options_b": _kept(options_b)}
                fields.append("parameters")
        if fields:
            job.save(update_fields=fields)


class Migration(migrations.Migration):
    """Stored beta-2025 and simplified-0.1 matches and jobs keep the 200-turn safeguard
    they were played under (R26), so every record replays to its digests. Reversing it
    leaves them as they are: 200 turns named outright replays the same either way."""

    dependencies = [("games", "0008_earlier_rulesets_kept")]

    operations = [migrations.RunPython(keep_the_turn_limit_played, migrations.RunPython.noop)]

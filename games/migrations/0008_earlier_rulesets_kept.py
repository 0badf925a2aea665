from django.db import migrations

# The fields that made the earlier rulesets follow their own texts (issue 20), each with
# the value every ruleset had before: today's beta-2026-07 reading. A copy, as migrations
# must not follow the code they migrate.
RULES_OF_2026 = {
    "redraw_needs_avatar_in_deck": True,
    "card_shen": "target",
    "max_items": 3,
    "items_on_walkers": False,
    "path_cards": "remains",
    "stone_blocks_diagonal": True,
    "walker_counters": "own_or_empty",
    "window_items": False,
    "ranged_ties": "as_melee",
    "ranged_after_combat": True,
}
KEPT = {
    "beta-2025": {**RULES_OF_2026, "stone_on_edge": True},
    "simplified-0.1": RULES_OF_2026,
}
# The options a rule A/B's second arm took from the first when it named none, as each
# ruleset offered them before these fields came.
OFFERED = {
    "beta-2025": (
        "opening_redraw",
        "spirits_limit",
        "ties",
        "ranged_counters",
        "beaten_attacker_pays",
        "claim_reach",
        "retreat",
        "max_turns",
    ),
    "simplified-0.1": ("claim_reach", "retreat", "ties", "ranged_counters", "max_turns"),
}


def _kept(ruleset, options):
    return {**KEPT[ruleset], **(options or {})}


def _forgotten(ruleset, options):
    return {k: v for k, v in (options or {}).items() if k not in KEPT.get(ruleset, {})}


def keep_the_reading_played(apps, schema_editor):
    """Matches and jobs of the earlier rulesets stored before those follow their own texts
    replay as they were played: with today's reading of the rules that changed."""
    Match = apps.get_model("games", "Match")
    SimulationJob = apps.get_model("games", "SimulationJob")
    for match in Match.objects.filter(ruleset__in=KEPT).only("ruleset", "options").iterator():
        match.options = _kept(match.ruleset, match.options)
        match.save(update_fields=["options"])
    for job in SimulationJob.objects.only("ruleset", "options", "parameters").iterator():
        fields = []
        if job.ruleset in KEPT:
            job.options = _kept(job.ruleset, job.options)
            fields.append("options")
        parameters = job.parameters or {}
        ruleset_b = parameters.get("ruleset_b")
        if ruleset_b in KEPT:
            options_b = parameters.get("options_b")
            if options_b is None:
                options_b = {
                    k: v for k, v in (job.options or {}).items() if k in OFFERED[ruleset_b]
                }
            job.parameters = {**parameters, "options_b": _kept(ruleset_b, options_b)}
            fields.append("parameters")
        if fields:
            job.save(update_fields=fields)


def forget_the_reading(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    SimulationJob = apps.get_model("games", "SimulationJob")
    for match in Match.objects.filter(ruleset__in=KEPT).only("ruleset", "options").iterator():
        match.options = _forgotten(match.ruleset, match.options)
        match.save(update_fields=["options"])
    for job in SimulationJob.objects.only("ruleset", "options", "parameters").iterator():
        job.options = _forgotten(job.ruleset, job.options)
        parameters = dict(job.parameters or {})
        if isinstance(parameters.get("options_b"), dict):
            parameters["options_b"] = _forgotten(
                parameters.get("ruleset_b"), parameters["options_b"]
            )
        job.parameters = parameters
        job.save(update_fields=["options", "parameters"])


class Migration(migrations.Migration):
    """Stored beta-2025 and simplified-0.1 matches and jobs keep the reading they were
    played under, from before those rulesets followed their own texts, so every record
    replays to its digests."""

    dependencies = [("games", "0007_finite_turns_kept")]

    operations = [migrations.RunPython(keep_the_reading_played, forget_the_reading)]

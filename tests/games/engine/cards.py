"""The cards the scenario tests share: a small fire side against a small water side.

Each is the plainest card that shows its rule; a test that needs an odd stat (a cost, an
ability) writes its own card next to the test.
"""

from games.engine.testing.scenario import ability, action_card, avatar_card, item_card, remains_card

# -- Avatars (defaults: melee 2, defense 2, ranged 0, movement 2) ----------------------------

WARDEN = avatar_card("Ember Warden", melee=3)
SENTINEL = avatar_card("Tide Sentinel", realm="water")
ARCHER = avatar_card("Ash Archer", melee=1, defense=1, ranged=2)
FLAME_SPIRIT = avatar_card("Flame Spirit", spirit=True)
WAVE_SPIRIT = avatar_card("Wave Spirit", defense=1, spirit=True, realm="water")

# -- Items, Remains in Play and Actions --------------------------------------------------

FIRE_BLADE = item_card("Fire Blade", melee=1)
SPIRIT_WALK = remains_card("Spirit Walk", {"verb": "walk_spirit_path", "target": "self"})
RAGE = action_card("Rage", {"verb": "extra_dice", "count": 2}, timing="in_combat")

# -- After combat ------------------------------------------------------------------------

REGROUP = ability("Regroup", "after_combat", {"verb": "draw_cards", "count": 1})
GUARD = avatar_card("Guard", defense=2, realm="water", abilities=[REGROUP])

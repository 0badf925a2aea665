"""The hostile campaign: a seeded stream of hostile requests against the real site, in
production mode, counting every 5xx (``python -m bench.hostile``).

``campaign`` sets the site up, sends the requests and reports; ``world`` and
``play_world`` make what the requests aim at; ``families`` is the stream, family by
family, from ``deck_requests``, ``site_requests``, ``match_requests``,
``replay_requests`` and ``simulation_requests``; ``basics`` holds what a request is and
the builders they share, ``values`` and ``play_values`` the hostile values they draw.
"""

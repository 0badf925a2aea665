"""Matches: playing a game in the browser or through the API (services, bot turns,
records and replays, the table a player sees, the pages and the API)."""

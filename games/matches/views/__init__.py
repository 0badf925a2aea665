"""The match pages under /games/: starting, the table, replays."""

"""The table a player sees: the board (``board``), the waiting decision (``decision``), the
log and dice (``log``), drawn together for one moment of a game (``drawing``)."""

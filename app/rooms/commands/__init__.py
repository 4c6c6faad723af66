"""The room commands: the game's (service.py: `act`, `set_away`), the lobby's, the
rematch, replays, over this instance's copies of rooms (cache.py) and the checks."""

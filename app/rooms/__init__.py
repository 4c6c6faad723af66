"""The room layer, by its three jobs: commands/ (service.py: `act`, `set_away`; lobby.py,
rematch.py, replays.py, over cache.py and checks.py), push/ (the broker hands every message
to fanout.py, which pushes through hub.py and connection.py the views of views.py), and
follow/, what follows a move (clock.py, odds.py, bots.py). wiring.py builds them once;
ARCHITECTURE.md draws the way, module by module."""

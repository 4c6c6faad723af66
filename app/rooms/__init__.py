"""The room layer, by its three jobs, each importing only those before it: push/ (the views
of views.py, the broker, and hub.py and connection.py, which send views to sockets),
commands/ (service.py: `act`, `set_away`; lobby.py, rematch.py, replays.py, over cache.py
and checks.py; they publish to the broker), and follow/, what follows a move (clock.py,
odds.py, bots.py: new commands). Over them, fanout.py: the broker hands it every message,
and it pushes the views, then runs what follows. wiring.py builds them once;
ARCHITECTURE.md draws the way, module by module (tests/test_layers.py checks it)."""

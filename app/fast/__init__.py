"""The fast paths: whatever goes around a library (FastAPI/Starlette, uvicorn, SQLAlchemy) for
CPU per action, in one package, each piece behind one setting (app/settings.py). Off, the
framework's plain path serves, and that plain path is the reference each piece's equivalence
test compares against. A piece is kept only while it pays at least 5 % of the server's CPU
per action (or of a match's start, for the pieces that serve only the start), measured in
interleaved pairs with `bench/load.py` (bench/README.md, "Fast paths", has the commands).

| setting | module | what it goes around | decision (figures of 2026-12-07) |
|---|---|---|---|
| `FAST_SQLITE` | `sqlite.py` | SQLAlchemy Core on the SQLite writer: the lobby's statements and the journal's batches as SQL text on the sqlite3 connection | kept: saturation 1 057 → 1 457 and 1 326 → 1 503 µs an action without it (+38 %, +13 %) |
| `FAST_LANE` | `lane.py` | FastAPI's routing, dependencies and middleware for the plain create, join and start (validated by the routes' own schemas) | kept for the start: a match's start 7.9 → 11.1 and 8.0 → 9.9 ms of server CPU without it (+40 %, +24 %); per action at saturation within the spread (1 112 → 967, 928 → 917 µs) |
| `FAST_SOCKET` | `socket.py`, `front.py` | FastAPI's middleware, routing and dependencies for `/ws/{code}` | kept for the start: a match's start 8.1 → 8.6 and 7.5 → 10.3 ms without it (+6 %, +37 %); per action at saturation within the spread (990 → 1 144, 1 041 → 927 µs) |
| `FAST_WIRE` | `wire.py` | uvicorn's and websockets' ASGI send: frames written onto the transport (uvicorn's private sans-I/O protocol; uvicorn pinned `>=0.54,<0.55`, imported plainly) | below the bar at saturation (1 140 → 1 178, 1 246 → 1 271 µs: +3 %, +2 %); human pace, where it was made, not measurable here (`--pace 2` runs make ~15 actions/s, on `main` too); left in, switchable, for the lead to measure and delete (its removal reaches `rooms/service.py`) |

Not here, and why: `app/api/connections.py` (uvicorn's protocol classes with header and body
deadlines and a cap per address) is a feature, not a shortcut: the plain uvicorn has no such
limits. `app/metrics.py` went back to prometheus_client's own types (its plain numbers saved
~1 % of an action), the lane's hand re-checks of the bodies went (the routes' schemas check
them), and the delta form of views went (no client of ours asked for it).

All figures: a 2-core machine shared with five other sessions' work (load average 5–13), so
each run's absolute CPU moved ±12 %; the pairs are what decide.
"""

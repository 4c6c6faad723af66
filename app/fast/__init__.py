"""The fast paths: whatever goes around a library (FastAPI/Starlette, uvicorn, SQLAlchemy) for
CPU per action, in one package, each piece behind one setting (app/settings.py). Off, the
framework's plain path serves, and that plain path is the reference each piece's equivalence
test compares against. A piece is kept only while it pays at least 5 % of the server's CPU
per action (or of a match's start, for the pieces that serve only the start), measured in
interleaved pairs with `bench/load.py` (bench/README.md, "Fast paths", has the commands).

| setting | module | what it goes around | decision (re-measured 2026-12-07, 19:00 UTC) |
|---|---|---|---|
| `FAST_SQLITE` | `sqlite.py` | SQLAlchemy Core on the SQLite writer: the lobby's statements and the journal's batches as SQL text on the sqlite3 connection | kept: saturation 690 → 739 µs an action without it (+7 %) |
| `FAST_LANE` | `lane.py` | FastAPI's routing, dependencies and middleware for the plain create, join and start (validated by the routes' own schemas) | kept: saturation 607 → 702 µs an action without it (+16 %; a saturation run starts ~20 rooms a second); a match's start 7.9 → 11.1, 8.0 → 9.9 ms (+40 %, +24 %, earlier) |
| `FAST_SOCKET` | `socket.py`, `front.py` | FastAPI's middleware, routing and dependencies for `/ws/{code}` | below the bar at saturation in one pair (642 → 631 µs an action without it, −2 %; its start figures, +6 % and +37 %, were taken before the load fix): two pairs at both shapes decide its removal |
| `FAST_WIRE` | `wire.py` | uvicorn's and websockets' ASGI send: frames written onto the transport (uvicorn's private sans-I/O protocol; uvicorn pinned `>=0.54,<0.55`, imported plainly) | below the bar at saturation in one pair (634 → 652 µs an action without it, +3 %, within the ±18 % a run moved that hour); human pace, where it was made, not measured on/off: two pairs at both shapes decide its removal (it reaches `rooms/push/hub.py`, `push/connection.py` and `api/ws.py`) |

Figures: one interleaved pair each at saturation (`ODDS_SIMS=0 FAST_X=false .venv/bin/python
bench/load.py full --rooms 200 --seconds 20`, on and off), with `bench/load.py` fixed to run
all 200 rooms (the first figures ran ~30: `CONNECTIONS_PER_ADDRESS`); load average 1–2, but
one build's run moved by up to 18 % between pairs that hour, so a single pair decides only
what is far from the 5 % bar.

Not here, and why: `app/api/connections.py` (uvicorn's protocol classes with header and body
deadlines and a cap per address) is a feature, not a shortcut: the plain uvicorn has no such
limits. `app/metrics.py` went back to prometheus_client's own types (its plain numbers saved
~1 % of an action), the lane's hand re-checks of the bodies went (the routes' schemas check
them), and the delta form of views went (no client of ours asked for it).
"""

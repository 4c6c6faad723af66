"""The fast paths: whatever goes around a library (FastAPI/Starlette, uvicorn, SQLAlchemy) for
CPU per action, in one package, each piece behind one setting (app/settings.py). Off, the
framework's plain path serves, and that plain path is the reference each piece's equivalence
test compares against. A piece is kept only while it pays at least 5 % of the server's CPU
per action (or of a match's start, for the pieces that serve only the start), measured in
interleaved pairs with `bench/load.py` (bench/README.md, "Fast paths", has the commands).

| setting | module | what it goes around | decision (2026-12-07) |
|---|---|---|---|
| `FAST_SQLITE` | `sqlite.py` | SQLAlchemy Core on the SQLite writer: the lobby's statements and the journal's batches as SQL text on the sqlite3 connection | kept: saturation 690 → 739 µs an action without it (+7 %, one pair) |
| `FAST_LANE` | `lane.py` | FastAPI's routing, dependencies and middleware for the plain create, join and start (validated by the routes' own schemas) | kept: saturation 607 → 702 µs an action without it (+16 %, one pair; a saturation run starts ~20 rooms a second); a match's start +24 to +40 % |
| `FAST_WIRE` | `wire.py` | uvicorn's and websockets' ASGI send: frames written onto the transport (uvicorn's private sans-I/O protocol; uvicorn pinned `>=0.54,<0.55`, imported plainly) | kept: without it ×1.071 at saturation and ×1.130 at human pace (medians of six pairs each) |

Removed: `FAST_SOCKET` (`/ws/{code}` served in front of FastAPI's middleware, routing and
dependencies): without it ×1.042 at saturation and ×0.996 at human pace (medians of six
pairs each), under the bar. The socket guard it lived beside is a feature, not a shortcut,
and stays as the app's outermost middleware (app/api/guard.py).

Figures: server CPU µs per action, interleaved pairs on and off, both shapes
(`.venv/bin/python bench/paired.py HEAD HEAD+FAST_WIRE=false --pairs 4 --seconds 20`, and
the same for each piece; bench/README.md, "Fast paths", has every pair). A single run moves
by up to ~15 % between pairs, so a piece is decided on the median of its pairs.

Not here, and why: `app/api/connections.py` (uvicorn's protocol classes with header and body
deadlines and a cap per address) is a feature, not a shortcut: the plain uvicorn has no such
limits. `app/metrics.py` went back to prometheus_client's own types (its plain numbers saved
~1 % of an action), the lane's hand re-checks of the bodies went (the routes' schemas check
them), and the delta form of views went (no client of ours asked for it).
"""

"""Time to compute a crew's standings over 1,000 finished nights (issue 18: under 50 ms).

Two figures, each the median of `--repeat` runs:
- `rules`: the standings and the ▲/▼ moves from 1,000 cached nights (`crew_night` rows as the
  database hands them back), no database;
- `get`: the whole `GET /api/crews/{code}` answer from a fresh SQLite file holding a crew with
  1,000 finished, already derived nights (reading the rows included), through CrewService.

    .venv/bin/python bench/crew_standings.py [--nights 1000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from app.crews import nights as night_rules
from app.crews.service import CrewService
from app.crews.standings import moves, with_last
from app.db.crews import Crew, CrewMember, CrewNight, CrewSeason
from app.db.migrate import upgrade
from app.db.models import Room
from app.db.rooms import Database
from app.db.session import make_engine
from app.rooms.commands.codes import hash_token, new_code
from app.rooms.wiring import Rooms

MEMBERS = ["Anna", "Bence", "Csaba", "Dóra", "Emese", "Ferenc"]
GAMES = [("focifogadas", "bukmeker"), ("duel", "match"), ("hattrick", "match")]


def night_rows(count: int, rng: random.Random) -> list[dict[str, Any]]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = []
    for i in range(count):
        game, mode = GAMES[i % len(GAMES)]
        players = 2 if game != "focifogadas" else rng.randint(3, 6)
        members = rng.sample(range(len(MEMBERS)), players)
        betting = game == "focifogadas"
        seats = [
            {
                "seat": seat,
                "name": MEMBERS[m] if seat < players - 1 or not betting else "Bot 1",
                "member": m if seat < players - 1 or not betting else None,
                "start": 3000 if betting else None,
                "end": rng.randint(0, 6000) if betting else None,
            }
            for seat, m in enumerate(members)
        ]
        winners = [] if rng.random() < 0.1 else [rng.randrange(players)]
        rows.append(
            {
                "room_id": i + 1,
                "code": f"R{i:05d}"[:6],
                "game": game,
                "mode": mode,
                "finished_at": start + timedelta(hours=i),
                "seats": seats,
                "result": {"winners": winners},
                "score": [rng.randint(0, 5), rng.randint(0, 5)],
            }
        )
    return rows


def bench_rules(rows: list[dict[str, Any]], repeat: int) -> float:
    names = dict(enumerate(MEMBERS))
    objects = [SimpleNamespace(**row) for row in rows]
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        nights = [night_rules.from_row(o) for o in objects]
        moves(*with_last(nights, names, names))
        times.append(time.perf_counter() - began)
    return statistics.median(times)


async def bench_get(rows: list[dict[str, Any]], repeat: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        upgrade(url)
        engine = make_engine(url)

        async def publish(*_args: object, **_kwargs: object) -> None:
            return None

        rooms = Rooms.build(Database(engine, single_writer=True), publish)
        crews = CrewService(rooms)
        code, _token = await crews.create("Bench", "Anna")

        def fill(tx: Any) -> None:
            session = tx.session
            crew = session.query(Crew).filter_by(code=code).one()
            season = session.query(CrewSeason).filter_by(crew_id=crew.id).one()
            season.started_at = rows[0]["finished_at"] - timedelta(days=1)
            for number, name in enumerate(MEMBERS[1:], start=1):
                session.add(
                    CrewMember(
                        crew_id=crew.id,
                        number=number,
                        name=name,
                        name_key=name.casefold(),
                        token_hash=hash_token(name),
                    )
                )
            for row in rows:
                room = Room(
                    code=new_code(),
                    game=row["game"],
                    mode=row["mode"],
                    options={},
                    status="finished",
                    seed=1,
                    seed_hash="0" * 64,
                    crew_id=crew.id,
                    finished_at=row["finished_at"],
                )
                session.add(room)
                session.flush()
                session.add(
                    CrewNight(**(row | {"room_id": room.id, "crew_id": crew.id, "code": room.code}))
                )

        await crews._write(fill)
        times = []
        try:
            for _ in range(repeat):
                began = time.perf_counter()
                answer = await crews.get(code)
                times.append(time.perf_counter() - began)
            assert sum(r["nights"] for r in answer["standings"]) > 0
        finally:
            await rooms.aclose()
            await engine.dispose()
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nights", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rows = night_rows(args.nights, random.Random(18))
    rules = bench_rules(rows, args.repeat)
    get = asyncio.run(bench_get(rows, args.repeat))
    print(
        f"nights={args.nights} rules={rules * 1000:.1f} ms get={get * 1000:.1f} ms (median of {args.repeat})"
    )


if __name__ == "__main__":
    main()

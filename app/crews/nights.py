"""A finished crew room as a night of the standings: derived from the room's seed, its final
state and its engine's public view, so any instance derives the same night at any time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from app.crews.standings import Night, NightSeat
from app.games.base import Game, JsonDict


def _money(public: Mapping[str, Any]) -> list[int | None]:
    """Each seat's money in a public view (`public.players[seat].money`), None without."""
    players = public.get("players")
    if not isinstance(players, list):
        return []
    out: list[int | None] = []
    for player in players:
        money = player.get("money") if isinstance(player, dict) else None
        out.append(money if isinstance(money, int) and not isinstance(money, bool) else None)
    return out


def _score(public: Mapping[str, Any]) -> list[int] | None:
    score = public.get("score")
    if isinstance(score, list) and len(score) == 2 and all(isinstance(g, int) for g in score):
        return [int(score[0]), int(score[1])]
    return None


def derive(
    game: Game[Any],
    *,
    code: str,
    mode: str,
    options: JsonDict,
    seed: int,
    seats: Sequence[tuple[int, str, int | None, bool]],
    final: Any,
    finished_at: datetime,
) -> Night:
    """The night of a finished room. `seats` are (seat, name, member number or None);
    `options` are the engine's (without room-level ones); `final` the engine's last state.
    Start money is the money of the room's first state (the seed's new state). `seats` are
    (seat, name, member number or None, whether a bot sits there)."""
    start = _money(game.public(game.new(mode, options, len(seats), seed)).public)
    public = game.public(final).public
    result = game.result(final)
    return Night(
        code=code,
        game=game.id,
        mode=mode,
        finished_at=finished_at if finished_at.tzinfo else finished_at.replace(tzinfo=UTC),
        seats=_seats(seats, start, _money(public)),
        result=dict(result) if result is not None else None,
        score=_score(public),
    )


def _seats(
    seats: Sequence[tuple[int, str, int | None, bool]],
    start: list[int | None],
    end: list[int | None],
) -> tuple[NightSeat, ...]:
    def at(money: list[int | None], seat: int) -> int | None:
        return money[seat] if seat < len(money) else None

    return tuple(
        NightSeat(seat, name, member, at(start, seat), at(end, seat), bot)
        for seat, name, member, bot in seats
    )


def to_row(night: Night, room_id: int, crew_id: int) -> dict[str, Any]:
    """The `crew_night` row of a night."""
    return {
        "room_id": room_id,
        "crew_id": crew_id,
        "code": night.code,
        "game": night.game,
        "mode": night.mode,
        "finished_at": night.finished_at,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "member": s.member,
                "start": s.start,
                "end": s.end,
                "bot": s.bot,
            }
            for s in night.seats
        ],
        "result": dict(night.result) if night.result is not None else None,
        "score": list(night.score) if night.score is not None else None,
    }


def from_row(row: Any) -> Night:
    """A night from its `crew_night` row (`app.db.crews.NightRow`, or anything with its
    attributes)."""
    at: datetime = row.finished_at
    return Night(
        code=row.code,
        game=row.game,
        mode=row.mode,
        finished_at=at if at.tzinfo else at.replace(tzinfo=UTC),
        seats=tuple(
            NightSeat(
                s["seat"], s["name"], s.get("member"), s.get("start"), s.get("end"), s.get("bot")
            )
            for s in row.seats
        ),
        result=row.result,
        score=row.score,
    )


def as_json(night: Night) -> dict[str, Any]:
    """A night as docs/PROTOCOL.md shows it."""
    return {
        "code": night.code,
        "game": night.game,
        "mode": night.mode,
        "finished_at": night.finished_at.isoformat(),
        "seats": [{"seat": s.seat, "name": s.name, "member": s.member} for s in night.seats],
        "result": night.result,
        "score": list(night.score) if night.score is not None else None,
    }

"""The crew and its members: create a crew, join it, and the admin's rename, remove and new
season. Each function is the body of one transaction (`fn(tx, ...)` over a `CrewTx`, run by
CrewService); the rules about codes, names and tokens are in app/crews/identity.py, the SQL in
app/db/crews.py."""

from __future__ import annotations

from app.crews.identity import ADMIN, admin, is_crew_code, name_taken, new_crew_code, no_crew
from app.db.crews import CrewRow, CrewTx, NameTaken
from app.errors import RoomError
from app.games.base import JsonDict
from app.rooms.commands.checks import looks_like, name_key
from app.rooms.commands.codes import hash_token

MEMBERS_MAX = 50  # current members of one crew (removed ones do not count)


def crew_of(tx: CrewTx, code: str, *, lock: bool = False) -> CrewRow:
    """The crew with this code (locked for the transaction if `lock`), else `not_found`."""
    if not is_crew_code(code):
        raise no_crew(code)
    crew = tx.crew(code, lock=lock)
    if crew is None:
        raise no_crew(code)
    return crew


def _free_code(tx: CrewTx) -> str:
    code = new_crew_code()
    while tx.crew_code_taken(code):
        code = new_crew_code()
    return code


def insert_crew(tx: CrewTx, name: str, player: str, token: str) -> str:
    """A new crew, its first season, and `player` as member 0 (the admin). Returns its code."""
    code = _free_code(tx)
    tx.add_crew(code, name, ADMIN, player, name_key(player), hash_token(token))
    return code


def add_member(tx: CrewTx, code: str, player: str, token: str) -> int:
    """`player` joins the crew under the next number; a name that looks like a member's
    (removed ones included: their nights keep their names) is `name_taken`, also when another
    instance adds it at the same moment; a crew of `MEMBERS_MAX` is `crew_full`."""
    crew = crew_of(tx, code, lock=True)
    members = tx.members(crew.id)
    if looks_like(player, (m.name for m in members)):
        raise name_taken(player)
    if sum(m.removed_at is None for m in members) >= MEMBERS_MAX:
        raise RoomError("crew_full", f"a crew has at most {MEMBERS_MAX} members", 409)
    number = 1 + max(m.number for m in members)
    try:
        tx.add_member(crew.id, number, player, name_key(player), hash_token(token))
    except NameTaken as exc:
        raise name_taken(player) from exc
    return number


def rename(tx: CrewTx, code: str, token: str | None, name: str) -> None:
    crew = crew_of(tx, code, lock=True)
    admin(tx.members(crew.id), token)
    tx.set_crew_name(crew.id, name)


def remove(tx: CrewTx, code: str, token: str | None, number: int) -> list[tuple[str, int, bool]]:
    """The admin removes a member: their crew token stops working, and so do their seat
    tokens in the crew's rooms (the seats stay, held by nobody); the nights they played
    before still count, the rooms finished after do not count for them (app/crews/ledger.py).
    Returns the (room code, seat, finished) of their seats, for the copies of those rooms to
    be read again and their sockets to close."""
    crew = crew_of(tx, code, lock=True)
    members = tx.members(crew.id)
    admin(members, token)
    if number == ADMIN:
        raise RoomError("bad_member", "the admin cannot be removed", 400)
    member = next((m for m in members if m.number == number), None)
    if member is None or member.removed_at is not None:
        raise RoomError("not_found", f"no member {number}", 404)
    tx.remove_member(member.id)
    return tx.revoke_seats(member.id)


def add_season(tx: CrewTx, code: str, token: str | None) -> JsonDict:
    """The admin starts a new season now; the standings count from it."""
    crew = crew_of(tx, code, lock=True)
    admin(tx.members(crew.id), token)
    season = tx.add_season(crew.id, tx.seasons(crew.id)[-1].number + 1)
    return {"season": season.number, "started_at": season.started_at.isoformat()}

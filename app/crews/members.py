"""The crew and its members in the database: create a crew, join it, and the admin's rename,
remove and new season. Each function is the body of one transaction (`fn(session, ...)`,
run by CrewService); the rules about codes, names and tokens are in app/crews/identity.py."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.crews.identity import ADMIN, admin, is_crew_code, name_taken, new_crew_code, no_crew
from app.db import crews as db
from app.db.crews import Crew, CrewMember, CrewSeason
from app.db.models import utcnow
from app.games.base import JsonDict
from app.rooms.codes import hash_token
from app.rooms.errors import RoomError


def crew_of(session: Session, code: str, *, lock: bool = False) -> Crew:
    """The crew with this code (locked for the transaction if `lock`), else `not_found`."""
    if not is_crew_code(code):
        raise no_crew(code)
    crew = db.crew_by_code(session, code, lock=lock)
    if crew is None:
        raise no_crew(code)
    return crew


def _member(crew_id: int, number: int, name: str, token: str) -> CrewMember:
    return CrewMember(
        crew_id=crew_id,
        number=number,
        name=name,
        name_key=name.casefold(),
        token_hash=hash_token(token),
    )


def _free_code(session: Session) -> str:
    code = new_crew_code()
    while db.crew_code_taken(session, code):
        code = new_crew_code()
    return code


def insert_crew(session: Session, name: str, player: str, token: str) -> str:
    """A new crew, its first season, and `player` as member 0 (the admin). Returns its code."""
    crew = Crew(code=_free_code(session), name=name)
    session.add(crew)
    session.flush()
    session.add(CrewSeason(crew_id=crew.id, number=1, started_at=crew.created_at))
    session.add(_member(crew.id, ADMIN, player, token))
    return crew.code


def add_member(session: Session, code: str, player: str, token: str) -> int:
    """`player` joins the crew under the next number; a name already there is `name_taken`."""
    crew = crew_of(session, code, lock=True)
    members = db.members_of(session, crew.id)
    if any(m.name_key == player.casefold() for m in members):
        raise name_taken(player)
    number = 1 + max(m.number for m in members)
    session.add(_member(crew.id, number, player, token))
    session.flush()
    return number


def rename(session: Session, code: str, token: str | None, name: str) -> None:
    crew = crew_of(session, code, lock=True)
    admin(db.members_of(session, crew.id), token)
    crew.name = name


def remove(session: Session, code: str, token: str | None, number: int) -> None:
    """The admin removes a member: their token stops working; their nights still count."""
    crew = crew_of(session, code, lock=True)
    members = db.members_of(session, crew.id)
    admin(members, token)
    if number == ADMIN:
        raise RoomError("bad_member", "the admin cannot be removed", 400)
    member = next((m for m in members if m.number == number), None)
    if member is None or member.removed_at is not None:
        raise RoomError("not_found", f"no member {number}", 404)
    member.removed_at = utcnow()


def add_season(session: Session, code: str, token: str | None) -> JsonDict:
    """The admin starts a new season now; the standings count from it."""
    crew = crew_of(session, code, lock=True)
    admin(db.members_of(session, crew.id), token)
    number = db.seasons_of(session, crew.id)[-1].number + 1
    season = CrewSeason(crew_id=crew.id, number=number, started_at=utcnow())
    session.add(season)
    return {"season": season.number, "started_at": season.started_at.isoformat()}

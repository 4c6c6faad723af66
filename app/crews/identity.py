"""Who a crew and a member are (docs/PROTOCOL.md "Crews (1.1)"): crew codes, crew names, the
errors that answer an unknown crew or a wrong token, and the member a crew token belongs to.
No database: the callers hand in what they read."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from app.errors import RoomError
from app.rooms.commands.codes import ALPHABET, token_matches

if TYPE_CHECKING:
    from app.db.crews import MemberRow

CREW_CODE_LENGTH = 8
CREW_NAME_MAX = 40
ADMIN = 0  # the creator's member number


def new_crew_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CREW_CODE_LENGTH))


def is_crew_code(text: str) -> bool:
    return len(text) == CREW_CODE_LENGTH and all(c in ALPHABET for c in text)


def clean_crew_name(raw: object) -> str:
    """1–40 printable characters after trimming (docs/PROTOCOL.md)."""
    if not isinstance(raw, str):
        raise RoomError("bad_name", "the crew's name must be text")
    name = raw.strip()
    if not 1 <= len(name) <= CREW_NAME_MAX or not name.isprintable():
        raise RoomError(
            "bad_name", f"the crew's name must be 1–{CREW_NAME_MAX} printable characters"
        )
    return name


def no_crew(code: str) -> RoomError:
    return RoomError("not_found", f"no crew {code!r}", 404)


def bad_token() -> RoomError:
    return RoomError("bad_token", "this is no member's crew token for this crew", 401)


def name_taken(name: str) -> RoomError:
    return RoomError("name_taken", f"a member is already called {name!r}", 409)


def aware(at: datetime) -> datetime:
    """A stored time as UTC (SQLite gives them back without a zone)."""
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def holder(members: Iterable[MemberRow], token: str | None) -> MemberRow:
    """The current member whose token this is (constant-time comparisons, every member)."""
    if not token:
        raise RoomError("bad_token", "a crew token is required", 401)
    found = None
    for member in members:
        if token_matches(token, member.token_hash) and member.removed_at is None:
            found = member
    if found is None:
        raise bad_token()
    return found


def admin(members: Iterable[MemberRow], token: str | None) -> MemberRow:
    """The token's member, who must be the admin."""
    member = holder(members, token)
    if member.number != ADMIN:
        raise RoomError("not_admin", "only the crew's admin (member 0) may do this", 403)
    return member

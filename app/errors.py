"""Every refusal the app gives (rooms, crews, the database's trouble), with its docs/PROTOCOL.md
code and HTTP status. Imports nothing of app: every layer may raise it."""

from __future__ import annotations


class RoomError(Exception):
    """A request refused with nothing changed."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def not_found(code: str) -> RoomError:
    return RoomError("not_found", f"no room {code!r}", 404)


def unavailable() -> RoomError:
    return RoomError("unavailable", "the database cannot be reached; try again shortly", 503)

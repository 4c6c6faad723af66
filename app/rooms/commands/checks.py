"""The room's own rules, before any engine sees a command: names, tokens, the host, the room
options every game has, and the room a code names."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from disarm import skeleton_key

from app.db.rooms import RoomRow, SeatRow, Tx
from app.errors import RoomError, not_found
from app.games import registry
from app.games.base import Game, JsonDict
from app.rooms.commands.codes import is_code, token_matches

NAME_MAX = 24
CID_MAX = 64
# The cids of the server's own moves (the clock's and the bots'): a client's cid may not begin
# so (app/api/ws.py refuses it), so no player can take one first and stall the clock.
SERVER_CID = "server:"

# Room options every game has, handled here and never passed to the engine.
CLOCK_CHOICES = (0, 30, 60, 120)  # turn_seconds; 0 = no clock
CLOCK_DEFAULTS = {("focifogadas", "bukmeker"): 60}  # issue 8: a betting night cannot stall


def clock_default(game_id: str, mode: str) -> int:
    return CLOCK_DEFAULTS.get((game_id, mode), 0)


def turn_seconds(raw: JsonDict, game_id: str, mode: str) -> object:
    """The room's clock from the options asked for (taken out of `raw`), as it was given."""
    seconds = raw.pop("turn_seconds", clock_default(game_id, mode))
    if type(seconds) is not int or seconds not in CLOCK_CHOICES:
        raise RoomError(
            "bad_options", f"option 'turn_seconds' must be one of {list(CLOCK_CHOICES)}"
        )
    return seconds


def game_options(options: JsonDict) -> JsonDict:
    """The room's options as the engine knows them (without the room-level ones)."""
    return {k: v for k, v in options.items() if k != "turn_seconds"}


# Characters that draw nothing: Unicode's Default_Ignorable_Code_Point (joiners, variation
# selectors, the Hangul fillers, bidi marks, tags, ...) and the Braille blank, which is a
# symbol by category. `str.isprintable` already refuses the format (Cf), control and
# separator characters but lets these through.
INVISIBLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
MARKS_IN_A_ROW = 3  # combining marks on one letter (Vietnamese needs two); more is a smear
UNSEEN = frozenset({"Mn", "Me", "Zs"})  # categories that alone draw no letter


def _invisible(char: str) -> bool:
    point = ord(char)
    return any(low <= point <= high for low, high in INVISIBLE)


def clean_name(raw: object) -> str:
    """1–24 printable characters after NFC normalisation and trimming (docs/PROTOCOL.md), none
    of them invisible, with something to see, and not a smear of combining marks."""
    if not isinstance(raw, str):
        raise RoomError("bad_name", "name must be text")
    name = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        raise RoomError("bad_name", f"name must be 1–{NAME_MAX} printable characters")
    if any(_invisible(c) for c in name):
        raise RoomError("bad_name", "name must not hold invisible characters")
    categories = [unicodedata.category(c) for c in name]
    if all(cat in UNSEEN for cat in categories) or not skeleton_key(name):
        raise RoomError("bad_name", "name must show something")
    run = 0
    for cat in categories:
        run = run + 1 if cat in ("Mn", "Me") else 0
        if run > MARKS_IN_A_ROW:
            raise RoomError("bad_name", "name holds too many combining marks in a row")
    return name


def name_keys(name: str) -> frozenset[str]:
    """How a name looks: its confusables skeleton (Unicode TR39, through `disarm`), taken as
    written and casefolded, so that "ALICE", "Аlice" (a Cyrillic А) and "Ａｌｉｃｅ" all
    meet "Alice"."""
    return frozenset({skeleton_key(name), skeleton_key(name.casefold())})


def name_key(name: str) -> str:
    """One stored key per name (a crew's members are unique by it)."""
    return skeleton_key(name.casefold())[:96]


def looks_like(name: str, others: Iterable[str]) -> bool:
    """Whether `name` looks like one of `others` (case and lookalikes aside)."""
    keys = name_keys(name)
    return any(keys & name_keys(other) for other in others)


def command(cid: object, action: object) -> None:
    """A well-formed `act`: a cid of 1–64 characters and an action object."""
    if not isinstance(cid, str) or not 1 <= len(cid) <= CID_MAX:
        raise RoomError("bad_message", f"cid must be a string of 1–{CID_MAX} characters")
    if not isinstance(action, dict):
        raise RoomError("bad_message", "action must be an object")


def seat_holding(seats: list[tuple[int, str | None]], token: str | None) -> int:
    """The seat whose stored hash `token` matches (compared in constant time)."""
    if not token:
        raise RoomError("bad_token", "a seat token is required", 401)
    for seat, token_hash in seats:
        if token_matches(token, token_hash):
            return seat
    raise RoomError("bad_token", "this token holds no seat in this room", 401)


def seat_of(seats: list[SeatRow], token: str | None) -> int:
    return seat_holding([(s.seat, s.token_hash) for s in seats], token)


def host(seats: list[SeatRow], token: str | None) -> None:
    """Unless `token` holds seat 0: `not_host`."""
    if seat_of(seats, token) != 0:
        raise RoomError("not_host", "only the host (seat 0) may do this", 403)


def game_of(game_id: str) -> Game[Any]:
    game = registry.get(game_id)
    if game is None:
        raise RoomError("unknown_game", f"no game {game_id!r}")
    return game


def room_of(tx: Tx, code: str, *, lock: bool = False) -> RoomRow:
    """The room `code` names, else `not_found`; with `lock`, held until commit."""
    if not is_code(code):
        raise not_found(code)
    room = tx.room(code, lock=lock)
    if room is None:
        raise not_found(code)
    return room


def has_bot(game: Game[Any]) -> bool:
    """A game ships a bot when its `bot_action` is more than the protocol's default."""
    return game.has_bot

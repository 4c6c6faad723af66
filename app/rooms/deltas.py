"""The opt-in delta form of views (README.md, "Beyond PROTOCOL.md").

A socket whose hello says `"views": "delta"` gets its first view whole, then each next view
as what changed since the view it holds: top-level members that changed, `public` and
`private` members that changed (and the names of those gone), and only the log events it
has not seen. Changes are found on encoded JSON, member by member, never on trees of dicts
kept for the garbage collector to walk; but a member the engine hands again as the very same
object (a part it shares between the steps that leave it be) keeps its encoding, so a phone's
base holds the `public` and `private` it was made of (one `public` per room, until its next
push). A delta of a Drukker step is ~1.7 KB where the whole view is ~8 KB, and the 40-event
log (half of a view's bytes) is never encoded again for it.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

import orjson

from app.rooms.views import RoomSnapshot

PATCHED = ("public", "private", "log")  # members patched member by member, not replaced
FIXED = ("game", "mode", "you")  # the same in every view a socket gets: encoded only whole
OWN = ("legal",)  # top-level members that differ between the viewers of one push
NOT_SHARED = frozenset(PATCHED + FIXED + OWN)  # every other top-level member is the room's
_fixed = operator.itemgetter(*FIXED)  # a view's FIXED members' values, as a tuple
_KEYS: dict[str, bytes] = {}  # '"name":' for every member name seen


def _key(name: str) -> bytes:
    key = _KEYS.get(name)
    if key is None:
        key = _KEYS[name] = orjson.dumps(name) + b":"
    return key


def _members(value: dict[str, Any]) -> dict[str, bytes]:
    """Each member as `"name":value` in JSON. Joined to its name, each is bytes of its own
    size: orjson hands back a buffer of at least 4 KB whatever it holds, and a socket keeps
    ~15 of these (its base) as long as it is open (80 KB per socket kept as they came: +95 MB
    for 1 200 sockets, bench/command_path.py maxrss)."""
    return {k: _key(k) + orjson.dumps(v) for k, v in value.items()}


def _members_since(
    value: dict[str, Any], was: dict[str, Any], encoded: dict[str, bytes]
) -> dict[str, bytes]:
    """`_members(value)`, where a member that is the very object it was in `was` (whose
    members are `encoded`) keeps that encoding: an engine may hand the same member to the
    steps that do not change it (Drukker's players, shown bets and a seat's held bets)."""
    return {
        k: encoded[k] if was.get(k, _ABSENT) is v else _key(k) + orjson.dumps(v)
        for k, v in value.items()
    }


_ABSENT = object()


def _object(members: dict[str, bytes]) -> bytes:
    return b"{" + b",".join(members.values()) + b"}"


@dataclass(slots=True)  # not frozen: a frozen init sets each field through object.__setattr__,
class ViewParts:  # 2.5x the cost, and one is made per phone per push; nothing changes one
    """One viewer's view at one seq, encoded member by member: what a delta is made from,
    and the base the next one is made against (each delta socket keeps the last it got)."""

    seq: int
    fixed: tuple[Any, ...]  # the FIXED members' values (text, a number or null)
    shared: dict[str, bytes]  # the other top-level members but OWN and PATCHED: one push's
    # viewers share them (docs/PROTOCOL.md: status, phase, to_act and result are the room's)
    own: dict[str, bytes]  # the OWN members (what this viewer may play)
    public: dict[str, bytes]  # shared by every viewer of the same push
    private: dict[str, bytes] | None  # None: `private` is null
    log_seq: int  # the seq of the newest log event the view holds (-1: none)
    # The `private` the engine gave: when the next view's is the very same object (an engine
    # may hand the same part to every step that does not change it), its encoding is reused;
    # so is each member of `public` that is the very object it was (`public_of`).
    private_of: Any = None
    public_of: dict[str, Any] | None = None


# What changed in the members every viewer shares, from one push's to another's: (the
# top-level members; the public members as a JSON object; the names of public members gone;
# the message's head up to its `view`; the same with what follows when no member of the
# viewer's own changed: `view` the shared top-level members alone, then `public`).
_SharedChange = tuple[dict[str, bytes], bytes, list[str], bytes, bytes]


class DeltaPush:
    """Delta-form messages for one push of one room at one seq: what the viewers share
    (`public`, the log, the room's top-level members) is encoded once for all of them, and
    so is what changed in it since the push a socket last got; each viewer's parts once for
    all its phones. Costs nothing until a phone asks."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        self._viewers: dict[int | None, ViewParts] = {}
        self._public: dict[str, bytes] | None = None
        self._public_of: dict[str, Any] | None = None
        self._shared: dict[str, bytes] = {}
        self._log: list[dict[str, Any]] = []
        self._log_after: dict[int, bytes] = {}  # log events after a seq, encoded
        # The last base's shared and public members and what changed since them: the phones
        # of a room hold the same base, so it is worked out once per push
        self._change: tuple[dict[str, bytes], dict[str, bytes], _SharedChange] | None = None

    def parts_of(
        self, snap: RoomSnapshot, seat: int | None, base: ViewParts | None = None
    ) -> ViewParts:
        """A viewer's parts of `snap` (at this push's seq); `base`: a view the phone holds."""
        parts = self._viewers.get(seat)
        if parts is None:
            parts = self._viewers[seat] = self.parts(snap.view(seat), base)
        return parts

    def parts(self, view: dict[str, Any], base: ViewParts | None = None) -> ViewParts:
        if self._public is None:
            public = self._public_of = view["public"]
            if base is None or base.public_of is None:
                self._public = _members(public)
            else:
                self._public = _members_since(public, base.public_of, base.public)
            self._log = view["log"]
            self._shared = _members({k: v for k, v in view.items() if k not in NOT_SHARED})
        private = view["private"]
        if private is None:
            encoded = None
        elif base is None or base.private is None:
            encoded = _members(private)
        elif private is base.private_of:
            encoded = base.private
        else:
            encoded = _members_since(private, base.private_of, base.private)
        log = self._log
        return ViewParts(
            seq=self.seq,
            fixed=_fixed(view),
            shared=self._shared,
            own={k: _own(k, view[k]) for k in OWN if k in view},
            public=self._public,
            private=encoded,
            log_seq=int(log[-1]["seq"]) if log else -1,
            private_of=private,
            public_of=self._public_of,
        )

    def _log_since(self, seq: int) -> bytes:
        """The log events newer than `seq`, encoded (shared by the viewers of the push)."""
        encoded = self._log_after.get(seq)
        if encoded is None:
            log = self._log
            first = len(log)
            while first > 0 and log[first - 1]["seq"] > seq:
                first -= 1
            encoded = self._log_after[seq] = orjson.dumps(log[first:])
        return encoded

    def whole(self, parts: ViewParts) -> bytes:
        """The docs/PROTOCOL.md v1 view message, made of the parts."""
        view = _members(dict(zip(FIXED, parts.fixed, strict=True))) | parts.shared | parts.own
        view["public"] = _key("public") + _object(parts.public)
        private = b"null" if parts.private is None else _object(parts.private)
        view["private"] = _key("private") + private
        view["log"] = _key("log") + self._log_since(-1)
        return b'{"type":"view","seq":%d,"view":%s}' % (self.seq, _object(view))

    def _shared_change(self, parts: ViewParts, base: ViewParts) -> _SharedChange:
        """What changed in the shared members since `base` (once per push and base)."""
        held = self._change
        if held is not None and held[0] is base.shared and held[1] is base.public:
            return held[2]
        was = base.shared
        gone: dict[str, list[str]] = {}
        top = (
            {}
            if was is parts.shared
            else {k: v for k, v in parts.shared.items() if was.get(k) != v}
        )
        public = _object(_changed(base.public, parts.public, "public", gone))
        head = b'{"type":"view","seq":%d,"base":%d,"view":' % (self.seq, base.seq)
        whole_head = b"".join((head, _object(top), b',"public":', public))
        change = (top, public, gone.get("public", []), head, whole_head)
        self._change = (base.shared, base.public, change)
        return change

    def delta(self, parts: ViewParts, base: ViewParts) -> bytes:
        """What changed from `base` (the view the socket holds) to `parts`."""
        shared, public, public_gone, head, whole_head = self._shared_change(parts, base)
        was = base.own
        own = {k: v for k, v in parts.own.items() if was.get(k) != v}
        gone: dict[str, list[str]] = {"public": public_gone} if public_gone else {}
        private = None
        if parts.private is not None and base.private is not None:
            private = _changed(base.private, parts.private, "private", gone)
        elif parts.private is not base.private:  # null to an object, or back
            private_now = b"null" if parts.private is None else _object(parts.private)
            own["private"] = _key("private") + private_now
        # most viewers: nothing of their own changed, bar their private part
        out = [head, _object(shared | own), b',"public":', public] if own else [whole_head]
        if private:
            out += [b',"private":', _object(private)]
        if gone:
            out += [b',"drop":', orjson.dumps(gone)]
        out += [b',"log":', self._log_since(base.log_seq), b"}"]
        return b"".join(out)


_EMPTY_LEGAL = _key("legal") + b"[]"


def _own(name: str, value: Any) -> bytes:
    """An OWN member encoded (most viewers have nothing to play: that one is made once)."""
    if name == "legal" and not value:
        return _EMPTY_LEGAL
    return _key(name) + orjson.dumps(value)


def _changed(
    before: dict[str, bytes], after: dict[str, bytes], name: str, gone: dict[str, list[str]]
) -> dict[str, bytes]:
    if before is after:
        return {}
    if before.keys() != after.keys():  # rare: compared without making a set
        dropped = before.keys() - after.keys()
        if dropped:
            gone[name] = sorted(dropped)
    return {k: v for k, v in after.items() if before.get(k) != v}

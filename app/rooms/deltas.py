"""The opt-in delta form of views (README.md, "Beyond PROTOCOL.md").

A socket whose hello says `"views": "delta"` gets its first view whole, then each next view
as what changed since the view it holds: top-level members that changed, `public` and
`private` members that changed (and the names of those gone), and only the log events it
has not seen. Changes are found on encoded JSON, member by member, never on trees of dicts
kept for the garbage collector to walk. A delta of a Drukker step is ~1.7 KB where the whole
view is ~8 KB, and the 40-event log (half of a view's bytes) is never encoded again for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from app.rooms.views import RoomSnapshot, Utf8Text

TOP_PATCHED = ("public", "private", "log")  # members patched member by member, not replaced


def _key(name: str) -> bytes:
    return orjson.dumps(name)


def _members(value: dict[str, Any]) -> dict[str, bytes]:
    return {k: orjson.dumps(v) for k, v in value.items()}


def _object(members: dict[str, bytes]) -> bytes:
    return b"{" + b",".join(_key(k) + b":" + v for k, v in members.items()) + b"}"


@dataclass(frozen=True, slots=True)
class ViewParts:
    """One viewer's view at one seq, encoded member by member: what a delta is made from,
    and the base the next one is made against (each delta socket keeps the last it got)."""

    seq: int
    top: dict[str, bytes]  # every top-level member but public, private and log
    public: dict[str, bytes]  # shared by every viewer of the same push
    private: dict[str, bytes] | None  # None when `private` is not an object (null)
    private_whole: bytes
    log_seq: int  # the seq of the newest log event the view holds (-1: none)


class DeltaPush:
    """Delta-form messages for one push of one room at one seq: `public` and the log are
    encoded once for every viewer of the push (PROTOCOL.md has them identical for all), and
    each viewer's parts once for all its phones. Costs nothing until a phone asks."""

    def __init__(self, seq: int) -> None:
        self.seq = seq
        self._viewers: dict[int | None, ViewParts] = {}
        self._public: dict[str, bytes] | None = None
        self._log: list[dict[str, Any]] = []
        self._log_whole: bytes | None = None
        self._log_after: dict[int, bytes] = {}  # log events after a seq, encoded

    def parts_of(self, snap: RoomSnapshot, seat: int | None) -> ViewParts:
        """A viewer's parts of `snap` (at this push's seq)."""
        parts = self._viewers.get(seat)
        if parts is None:
            parts = self._viewers[seat] = self.parts(snap.view(seat))
        return parts

    def parts(self, view: dict[str, Any]) -> ViewParts:
        if self._public is None:
            self._public = _members(view["public"])
            self._log = view["log"]
        private = view["private"]
        return ViewParts(
            seq=self.seq,
            top={k: orjson.dumps(v) for k, v in view.items() if k not in TOP_PATCHED},
            public=self._public,
            private=_members(private) if isinstance(private, dict) else None,
            private_whole=orjson.dumps(private),
            log_seq=int(self._log[-1]["seq"]) if self._log else -1,
        )

    def whole(self, parts: ViewParts) -> Utf8Text:
        """The PROTOCOL.md v1 view message, made of the parts."""
        if self._log_whole is None:
            self._log_whole = orjson.dumps(self._log)
        view = dict(parts.top)
        view["public"] = _object(parts.public)
        view["private"] = parts.private_whole
        view["log"] = self._log_whole
        return Utf8Text(b'{"type":"view","seq":%d,"view":%s}' % (self.seq, _object(view)))

    def delta(self, parts: ViewParts, base: ViewParts) -> Utf8Text:
        """What changed from `base` (the view the socket holds) to `parts`."""
        top = {k: v for k, v in parts.top.items() if base.top.get(k) != v}
        gone: dict[str, list[str]] = {}
        public = _changed(base.public, parts.public, "public", gone)
        private = None
        if parts.private is not None and base.private is not None:
            private = _changed(base.private, parts.private, "private", gone)
        elif parts.private_whole != base.private_whole:
            top["private"] = parts.private_whole
        log = self._log_after.get(base.log_seq)
        if log is None:
            newer = [e for e in self._log if e["seq"] > base.log_seq]
            log = self._log_after[base.log_seq] = orjson.dumps(newer)
        out = [b'{"type":"view","seq":%d,"base":%d,"view":' % (self.seq, base.seq), _object(top)]
        out += [b',"public":', _object(public)]
        if private:
            out += [b',"private":', _object(private)]
        if gone:
            out += [b',"drop":', orjson.dumps(gone)]
        out += [b',"log":', log, b"}"]
        return Utf8Text(b"".join(out))


def _changed(
    before: dict[str, bytes], after: dict[str, bytes], name: str, gone: dict[str, list[str]]
) -> dict[str, bytes]:
    if before is after:
        return {}
    dropped = [k for k in before if k not in after]
    if dropped:
        gone[name] = dropped
    return {k: v for k, v in after.items() if before.get(k) != v}

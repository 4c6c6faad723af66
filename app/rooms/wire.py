"""Text for the sockets, encoded once."""

from __future__ import annotations


class Utf8Text(str):
    """A `str` that keeps the UTF-8 bytes it was decoded from, and gives them back when it is
    encoded to UTF-8.

    A view message is encoded once (orjson gives bytes) and decoded to the `str` that ASGI
    wants for a text frame; the server then encodes that `str` back to bytes for every socket
    it goes to (uvicorn: `text.encode()`). Hungarian names (ő, ű) make a view's `str` two bytes
    per character, and encoding ~8 KB of it took ~11 µs per socket: ~4 % of the server at
    saturation (bench/README.md). The bytes it came from are the same answer at no cost.

    To parse one, parse `.encode()`: orjson takes only an exact `str`.
    """

    utf8: bytes

    def __new__(cls, utf8: bytes, text: str | None = None) -> Utf8Text:
        """`text`, when given, must be `utf8` decoded (the caller has it already)."""
        made = super().__new__(cls, utf8, "utf-8") if text is None else super().__new__(cls, text)
        made.utf8 = utf8
        return made

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        if encoding.lower().replace("_", "-") in ("utf-8", "utf8"):
            return self.utf8
        return str(self).encode(encoding, errors)

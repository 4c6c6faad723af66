"""A view message keeps the UTF-8 bytes it was decoded from (app/rooms/push/views.py): the server
encodes it back for every socket, and must get exactly what encoding the text would give."""

from __future__ import annotations

import orjson
import pytest

from app.rooms.push.views import Utf8Text

MESSAGE = {
    "type": "view",
    "names": ["Zsófi", "Ødegård", "Győző", "Bence 🎉"],
    "text": "A mérkőzés végeredménye 2:4. Kampens slutresultat bliver 2:4.",
}


def test_the_text_is_the_decoded_message_and_encodes_to_its_own_bytes() -> None:
    raw = orjson.dumps(MESSAGE)
    text = Utf8Text(raw)
    assert text == raw.decode()
    assert orjson.loads(text.encode()) == MESSAGE  # orjson parses only an exact str
    assert text.encode() == raw.decode().encode()
    assert text.encode("UTF-8") == text.encode("utf_8") == raw


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_other_encodings_are_worked_out_as_for_any_str(encoding: str) -> None:
    text = Utf8Text(orjson.dumps(MESSAGE))
    plain = orjson.dumps(MESSAGE).decode()
    assert text.encode(encoding, "replace") == plain.encode(encoding, "replace")

"""A room link's preview, as a chat app shows it: Open Graph and Twitter tags, and a PNG card.

Only what anyone with the link may see already goes in (`GET /api/rooms/{code}` shows it too):
the game and mode, the host's name, how many seats are taken, the code. Never a token, a
card or a bet. A code with no room gets the same page with the generic tags and card.
The words follow the request's Accept-Language (en, hu, da; English otherwise).
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont
from starlette.requests import Request

from app.net import Reach

LANGS = ("en", "hu", "da")
CARD_SIZE = (1200, 630)  # what chat apps show at full width (summary_large_image)


def public_base_url(request: Request) -> str:
    """The base URL a link outside this page must use (og:image is absolute), no trailing
    slash: `PUBLIC_URL`, a page host this server serves on, else the detected network address
    (`net.Reach.link_base`), never a request's `Host`."""
    reach: Reach = request.app.state.reach
    return reach.link_base(request.scope).rstrip("/")


def request_lang(accept_language: str | None) -> str:
    """The best of en/hu/da for an Accept-Language header (by q, then order); else en."""
    best, best_q = "en", 0.0
    for part in (accept_language or "").split(","):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower()[:2]
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if base in LANGS and q > best_q:
            best, best_q = base, q
    return best


# What a table of each game and mode is called in a title ("Bence's Bukméker night").
TABLE_NAMES: dict[tuple[str, str], dict[str, str]] = {
    ("focifogadas", "bukmeker"): {
        "en": "Bukméker night",
        "hu": "Bukméker-estje",
        "da": "Bukméker-aften",
    },
    ("focifogadas", "drukker"): {
        "en": "Drukker night",
        "hu": "Drukker-estje",
        "da": "Drukker-aften",
    },
    ("focifogadas", "live"): {
        "en": "live-match night",
        "hu": "élő meccses estje",
        "da": "live-kamp-aften",
    },
}
# A mode's name on the card (docs/UX.md's glossary, `term.*`).
MODE_NAMES: dict[str, dict[str, str]] = {
    "bukmeker": {"en": "Bukméker (bookmaker)", "hu": "Bukméker", "da": "Bukméker (bookmaker)"},
    "drukker": {"en": "Drukker (supporter)", "hu": "Drukker", "da": "Drukker (tilhænger)"},
    "live": {"en": "Live match", "hu": "Fogadás élő meccsre", "da": "Live-kamp"},
}
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{host}'s {table}",
        "seats": "{n} of {max} seats",
        "playing": "playing now",
        "finished": "full time",
        "description": "Football table games with friends, each from their own phone. "
        "Open the link to take a seat or watch. Room {code}.",
        "generic_title": "Pitchside: football table games with friends",
        "generic_description": "Football table games with friends, in real-time rooms, "
        "from your phones.",
        "code": "Room {code}",
        "host": "Host: {host}",
    },
    "hu": {
        "title": "{host} {table}",
        "seats": "{n}/{max} hely foglalt",
        "playing": "a meccs folyik",
        "finished": "lefújták",
        "description": "Foci-társasjátékok barátokkal, mindenki a saját telefonjáról. "
        "Nyisd meg a linket, és foglalj helyet vagy nézd. Szoba: {code}.",
        "generic_title": "Pitchside: foci-társasjátékok barátokkal",
        "generic_description": "Foci-társasjátékok barátokkal, valós idejű szobákban, "
        "a telefonjaitokról.",
        "code": "Szoba: {code}",
        "host": "Házigazda: {host}",
    },
    "da": {
        "title": "{host_s} {table}",
        "seats": "{n} af {max} pladser",
        "playing": "spilles nu",
        "finished": "slutfløjt",
        "description": "Fodboldbrætspil med venner, hver fra sin egen telefon. "
        "Åbn linket for at tage en plads eller se med. Rum {code}.",
        "generic_title": "Pitchside: fodboldbrætspil med venner",
        "generic_description": "Fodboldbrætspil med venner, i rum i realtid, fra jeres telefoner.",
        "code": "Rum {code}",
        "host": "Vært: {host}",
    },
}


def danish_genitive(name: str) -> str:
    return name + ("'" if name[-1:].lower() in ("s", "x", "z") else "s")


@dataclass(frozen=True)
class Preview:
    """What a room's link preview says, in one language; `game` None: no such room."""

    lang: str
    base: str  # public_base_url
    code: str
    game: str | None = None
    game_name: str = ""
    mode: str = ""
    host: str = ""
    seated: int = 0
    seats: int = 0
    status: str = "lobby"

    @classmethod
    def of(cls, lang: str, base: str, code: str, snap: Any | None) -> Preview:
        """From a RoomSnapshot (None: no such room)."""
        if snap is None:
            return cls(lang, base, code)
        spec = snap.game.modes.get(snap.mode)
        host = next((s.name for s in snap.seats if s.seat == 0), "")
        return cls(
            lang,
            base,
            snap.code,
            snap.game.id,
            snap.game.name.get(lang) or snap.game.name.get("en") or snap.game.id,
            snap.mode,
            host,
            len(snap.seats),
            spec.max_players if spec is not None else len(snap.seats),
            snap.status,
        )

    @property
    def table(self) -> str:
        names = TABLE_NAMES.get((self.game or "", self.mode))
        return names[self.lang] if names else self.game_name

    @property
    def title(self) -> str:
        words = WORDS[self.lang]
        if self.game is None:
            return words["generic_title"]
        title = words["title"].format(
            host=self.host, host_s=danish_genitive(self.host), table=self.table
        )
        if self.lang == "en" and self.host.endswith("s"):
            title = title.replace(f"{self.host}'s ", f"{self.host}' ", 1)
        if self.status == "lobby":
            state = words["seats"].format(n=self.seated, max=self.seats)
        else:
            state = words["playing" if self.status == "playing" else "finished"]
        return f"{title} · {state}"

    @property
    def description(self) -> str:
        words = WORDS[self.lang]
        if self.game is None:
            return words["generic_description"]
        return words["description"].format(code=self.code)

    @property
    def image(self) -> str:
        return f"{self.base}/r/{self.code}/card.png?lang={self.lang}"

    def tags(self) -> list[str]:
        """The <meta> tags, HTML-escaped."""
        pairs = [
            ("property", "og:type", "website"),
            ("property", "og:site_name", "Pitchside"),
            ("property", "og:title", self.title),
            ("property", "og:description", self.description),
            ("property", "og:url", f"{self.base}/r/{self.code}"),
            ("property", "og:image", self.image),
            ("property", "og:image:type", "image/png"),
            ("property", "og:image:width", str(CARD_SIZE[0])),
            ("property", "og:image:height", str(CARD_SIZE[1])),
            ("property", "og:image:alt", self.title),
            ("property", "og:locale", {"en": "en_GB", "hu": "hu_HU", "da": "da_DK"}[self.lang]),
            ("name", "twitter:card", "summary_large_image"),
            ("name", "twitter:title", self.title),
            ("name", "twitter:description", self.description),
            ("name", "twitter:image", self.image),
        ]
        return [
            f'<meta {kind}="{name}" content="{html.escape(value, quote=True)}">'
            for kind, name, value in pairs
        ]

    def card(self) -> bytes:
        """The PNG card: the game and mode, the host and the code (generic with no room)."""
        words = WORDS[self.lang]
        if self.game is None:
            lines = (words["generic_title"].split(": ", 1)[-1], "", "")
            return draw_card("Pitchside", *lines)
        return draw_card(
            self.game_name,
            MODE_NAMES.get(self.mode, {}).get(self.lang) or self.mode.capitalize(),
            words["host"].format(host=self.host),
            words["code"].format(code=self.code),
        )


FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans where the system has it (every accent of en/hu/da), else Pillow's own."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        if (folder / name).is_file():
            return ImageFont.truetype(str(folder / name), size)
    return ImageFont.load_default(size)


def fit(text: str, size: int, width: int, bold: bool = False) -> tuple[str, Any]:
    """`text` in the largest font up to `size` that fits `width`, cut with … at the least."""
    for s in range(size, 23, -4):
        face = font(s, bold)
        if face.getlength(text) <= width:
            return text, face
    face = font(24, bold)
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…", face


@lru_cache(maxsize=256)
def draw_card(game: str, table: str, host: str, code: str) -> bytes:
    """1200×630: a pitch-green card, the game's name, the table, the host, the code."""
    width, height = CARD_SIZE
    image = Image.new("RGB", CARD_SIZE, (39, 107, 68))  # the theme colour (#276B44)
    pen = ImageDraw.Draw(image)
    pen.rectangle((40, 40, width - 40, height - 40), outline=(255, 255, 255), width=6)
    pen.line((width // 2, 40, width // 2, height - 40), fill=(58, 130, 88), width=4)
    pen.ellipse((width // 2 - 110, height // 2 - 110, width // 2 + 110, height // 2 + 110),
                outline=(58, 130, 88), width=4)  # fmt: skip
    inner = width - 2 * 100
    y = 90
    for text, size, bold, colour in (
        ("Pitchside", 40, False, (200, 230, 210)),
        (game, 84, True, (255, 255, 255)),
        (table, 56, False, (255, 255, 255)),
        (host, 48, False, (230, 242, 234)),
    ):
        if text:
            shown, face = fit(text, size, inner, bold)
            pen.text((100, y), shown, font=face, fill=colour)
            y += int(size * 1.45)
    if code:
        shown, face = fit(code, 64, inner, True)
        pen.text((100, height - 150), shown, font=face, fill=(255, 214, 10))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()

"""Words a player reads about the action decks, in every language (docs/UX.md §5 glossary)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.games.focifogadas.cards import CARDS, SECTIONS

STATIC = Path(__file__).resolve().parents[3] / "static/js/games/focifogadas"
I18N = json.loads((STATIC / "i18n.json").read_text("utf-8"))
LANGS = ("en", "hu", "da")


@pytest.mark.parametrize("lang", LANGS)
def test_each_helper_sheet_heading_gives_the_section_a_short_and_a_full_name(lang: str) -> None:
    # helper.js heads each deck "<section_short> · <section>", e.g. "H16 · Home box"
    words = I18N[lang]
    for code in SECTIONS:
        short, full = words["section_short"][code], words["section"][code]
        assert short and full and short != full, f"{lang} {code}: {short} · {full}"


def test_danish_foul_cards_are_named_fouls_not_free_kicks() -> None:
    # "Frispark i feltet" reads as a free kick in the box; the card is a foul that may give a
    # penalty (glossary term.foul: Forseelse)
    sheet = json.loads((STATIC / "helper.json").read_text("utf-8"))
    shown = {e["kind"]: e["name"]["da"] for deck in sheet["decks"].values() for e in deck}
    engine = {c.kind: c.name["da"] for c in CARDS}
    for kind in ("foul_box", "foul_half"):
        assert engine[kind] == shown[kind]
        assert shown[kind].startswith("Forseelse") and "frispark" not in shown[kind].lower()
    assert shown["foul_box"] == "Forseelse i feltet"
    assert I18N["da"]["roll"]["foul"] == "forseelse"

"""Home on a 390×844 phone in Hungarian, English and Danish: the room-code field has room for
its six letters, every option drop-down shows its value whole, and the betting game is named in
the page's language (docs/UX.md §1.10), the Hungarian box name only on Hungarian pages.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE, SHOTS

pytestmark = pytest.mark.browser

NAMES = {"hu": "Focifogadás", "en": "Football Betting", "da": "Fodboldvæddemål"}

# Each drop-down whose chosen value is wider than the room for it (its box less its padding
# and the arrow): [id, value, text px, room px].
CUT_SELECTS = """
() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const s of document.querySelectorAll('select')) {
    if (!s.getClientRects().length) continue;
    const css = getComputedStyle(s);
    ctx.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20;
    const width = ctx.measureText(text).width;
    if (width > room) out.push([s.id, text, Math.round(width), Math.round(room)]);
  }
  return out;
}
"""


@pytest.mark.parametrize("lang", ["hu", "en", "da"])
async def test_home_shows_codes_options_and_names_whole(
    browser: Any, app_url: str, lang: str
) -> None:
    context = await browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    await context.add_init_script(f"localStorage.setItem('pitchside.lang', '{lang}')")
    page = await context.new_page()
    await page.goto(app_url)
    game = page.locator(".choice", has=page.locator(".choice-name", has_text=NAMES[lang]))
    await game.wait_for()
    if lang != "hu":
        assert await page.get_by_text("Focifogadás", exact=True).count() == 0

    code = page.locator("#code")
    await code.fill("K7M4QX")
    box = await code.bounding_box()
    assert box is not None and box["width"] >= 120, f"the code field is {box} wide"
    assert await code.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the code is cut"

    await game.tap()
    await page.locator(".chips .chip").nth(1).tap()  # Bukméker: the most options
    await page.locator("details.options summary").tap()
    await page.locator("select").first.wait_for()
    assert await page.locator("select").count() >= 5
    assert await page.evaluate(CUT_SELECTS) == []
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"home-options-{lang}.png"), full_page=True)
    await context.close()

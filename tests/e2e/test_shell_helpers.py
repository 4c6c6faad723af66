"""The e2e helpers fail where a person would not see or read a control (and pass where they
would): a page set up by hand at 390×844, no game needed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PHONE, assert_in_view, assert_no_clipped_labels

pytestmark = pytest.mark.browser

PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<style>body{margin:0;padding-bottom:90px;font:16px sans-serif} header{position:sticky;top:0;height:80px;background:#eee}
#bar{position:fixed;bottom:0;left:0;right:0;height:70px;background:#ddd}
.toast{position:fixed;top:300px;left:0;right:0;height:40px;pointer-events:none;background:#ff0}
button{width:60px;height:44px;overflow:hidden;white-space:nowrap}</style>
<header data-band=head><p id=status>Your move</p></header>
<main><button id=ok>OK</button><div style="height:2000px"></div><button id=far>Far</button></main>
<button id=wide>GOAL FERENCVÁROS</button>
<ul id=seats style="display:flex;width:100px;overflow-x:auto;white-space:nowrap;gap:10px">
<li><span class=who>Anna</span><li><span class=who>Bence</span><li><span class=who>Dóra</span></ul>
<footer id=bar><button id=confirm>Go</button></footer>"""


async def test_helpers_tell_visible_from_hidden_and_clipped(browser: Any) -> None:
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    await page.set_content(PAGE)
    await assert_in_view(page, "#status")
    await assert_in_view(page, "#ok")
    await assert_in_view(page, "#confirm")
    with pytest.raises(AssertionError, match="not fully in view"):
        await assert_in_view(page, "#far", timeout_ms=0)
    # scrolled to, it is in view (the page leaves room for the bar below its end)
    await page.evaluate("document.getElementById('far').scrollIntoView({block: 'center'})")
    await assert_in_view(page, "#far")
    # scrolled under the sticky header it is hidden even though it is inside the screen
    await page.evaluate("window.scrollTo(0, 30)")
    with pytest.raises(AssertionError, match="not fully in view"):
        await assert_in_view(page, "#ok", timeout_ms=0)
    # a toast that lets taps through still covers what it lies on
    await page.evaluate(
        "document.getElementById('far').scrollIntoView({block: 'center'});"
        "document.body.insertAdjacentHTML('beforeend', '<div class=toast>Hi</div>');"
        "document.querySelector('.toast').style.top ="
        " document.getElementById('far').getBoundingClientRect().top + 'px';"
    )
    with pytest.raises(AssertionError, match="covered"):
        await assert_in_view(page, "#far", timeout_ms=0)
    with pytest.raises(AssertionError, match="GOAL FERENC"):
        await assert_no_clipped_labels(page)
    await assert_no_clipped_labels(page, "#ok, #confirm")
    # a name past the edge of a row that scrolls sideways is cut, though it fits its own box
    with pytest.raises(AssertionError, match='"Dóra" is cut off by the edge of #seats'):
        await assert_no_clipped_labels(page, "#seats .who")
    await page.evaluate("document.getElementById('seats').style.flexWrap = 'wrap'")
    await assert_no_clipped_labels(page, "#seats .who")
    await context.close()

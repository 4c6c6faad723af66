"""Focifogadás's words at a 390×844 phone (issue 36 §8, "wrong or stale words"): nothing said
at the table is stale or reads wrong. A hand is passed only after rounds 1 and 2 of the
draft, so round 3 does not say "Passing your hand to …"; why a card was closed to me while
staking ("your card") is gone once the match runs; no change of money reads "±0 P" (never
"═ döntetlen", which reads as a draw); a reshuffled deck says how many cards it holds (never
"()"); a fair multiplier is a number of its own ("×2000", never "×2,000" or "fair ×1").
The live scorer's pad gives each team's GOAL its own colour and says what its counters count
("0 so far"), and the seats row names the scorer's part rather than "still choosing" (◌).
Offline, the cards look locked (dashed) and the bar says offline rather than "Pick a card"
(as Hat Trick's table does).

The table's own formatting functions are called in the page (the modules the phone loads);
the draft and the match are played through the protocol (test_focifogadas_table's helpers).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import assert_no_clipped_labels
from tests.e2e.test_focifogadas_table import TABLE, Kit, dock_fits, drive, my_turn, night, phone

pytestmark = pytest.mark.browser


@pytest.fixture
def kit(browser: Any, fast_bots_url: str, shot: Any) -> Kit:
    return Kit(browser, fast_bots_url, shot, axe=None)  # type: ignore[arg-type]  # no axe here


# The functions of the table's modules with a phone's ctx in `lang` (its t() fills the
# game's i18n.json, as the shell's does): each case is [function, argument] → its text.
SAY = """
async ([lang, cases]) => {
  const story = await import('/static/js/games/focifogadas/story.js');
  const log = await import('/static/js/games/focifogadas/log.js');
  const words = await (await fetch('/static/js/games/focifogadas/i18n.json')).json();
  const t = (key, vars = {}) => {
    let v = words[lang];
    for (const part of key.replace(/^focifogadas\\./, '').split('.')) v = v?.[part];
    if (typeof v !== 'string') return key;
    return v.replace(/\\{(\\w+)\\}/g, (_, k) => String(vars[k] ?? ''));
  };
  const money = (n) => `${new Intl.NumberFormat(lang).format(n)} P`;
  const ctx = { lang, t, money, names: ['Anna'], h: (tag, attrs, ...kids) => {
    const el = document.createElement(tag);
    el.append(...kids.flat().filter((k) => k != null));
    return el;
  }, eventText: (e) => e.event };
  const run = { delta: (d) => story.deltaFig(ctx, d).textContent,
    fair: (f) => story.fairText(ctx, f),
    shuffled: (n) => log.eventText({ event: 'deck_shuffled', section: 'MID', cards: n }, ctx, null) };
  return cases.map(([fn, arg]) => run[fn](arg));
}
"""


async def say(page: Any, lang: str, cases: list[tuple[str, float]]) -> list[str | None]:
    return list(await page.evaluate(SAY, [lang, [list(c) for c in cases]]))


async def test_figures_and_log_words_read_right_in_each_language(kit: Kit) -> None:
    page = await (await kit.browser.new_context()).new_page()
    await page.goto(f"{kit.url}/")
    cases = [("delta", 0), ("delta", -1200), ("fair", 2000), ("fair", 1.03), ("fair", 142.857)]
    cases += [("shuffled", 12)]
    en = await say(page, "en", cases)
    assert en == ["±0 P", "▼1,200 P", "2000", None, "142.9", "Midfield deck reshuffled (12)"], en
    hu = await say(page, "hu", cases)
    assert hu[0] == "±0 P" and hu[2:5] == ["2000", None, "142,9"], hu
    assert "()" not in str(hu[5]) and "12" in str(hu[5]), hu
    da = await say(page, "da", [("fair", 2000), ("shuffled", 9)])
    assert da[0] == "2000" and "(9)" in str(da[1]), da


def round_three(seat: int) -> Any:
    return lambda v: my_turn(seat, "pick")(v) and v["public"]["round"] == 3


async def test_the_draft_and_the_match_say_nothing_stale(kit: Kit) -> None:
    room, socks = await night(kit.url, "bukmeker")
    anna = await phone(kit.browser, kit.url, room, 0, "hu")
    passing = anna.locator(f"{TABLE} .ff-panel .ff-meta", has_text="kapja")
    # Round 1: the rest of Anna's hand goes on, and the table says to whom.
    await drive(socks, my_turn(0, "pick"), hold=my_turn(0, "pick"))
    await passing.wait_for()
    # Round 3: nothing is passed after it, so nothing says so.
    view = await drive(socks, round_three(0), hold=round_three(0))
    await anna.wait_for_function(
        "(seq) => Number(document.querySelector('.table-focifogadas')?.dataset.seq) >= seq",
        arg=view["seq"],
    )
    await anna.locator(f"{TABLE} h3", has_text="3/3").wait_for()
    assert await passing.count() == 0, await passing.all_text_contents()
    await kit.shot(anna, "foci-words-draft-round-3-hu")
    # The match: the board drawer has no stake notes left ("saját kártya": Anna's own three).
    started = await drive(socks, lambda v: v["phase"] == "match")
    await anna.wait_for_function(
        "(seq) => Number(document.querySelector('.table-focifogadas')?.dataset.seq) >= seq",
        arg=started["seq"],
    )
    await anna.locator("#bar-tabs [data-drawer=board]").tap()
    board = anna.locator("#drawer .ff-offers").first
    await board.wait_for()
    text = await anna.locator("#drawer").inner_text()
    assert "saját kártya" not in text and "nincs több tétjelződ" not in text, text
    await kit.shot(anna, "foci-words-match-board-hu")
    for sock in socks:
        await sock.close()


PAD = """
() => [...document.querySelectorAll('#bar .ff-pad button, dialog.ff-more .ff-pad button')].map((b) => ({
  text: b.innerText.replace(/\\s+/g, ' ').trim(), bg: getComputedStyle(b).backgroundColor }))
"""


async def test_the_scorers_pad_tells_the_goals_apart_and_labels_its_counters(kit: Kit) -> None:
    room, socks = await night(kit.url, "live")
    await drive(socks, has_kick_off)
    ack = await socks[0].act({"type": "kick_off"})
    assert ack["type"] == "ack", ack
    for lang, goal, so_far, role in (
        ("en", "GOAL", "0 so far", "✎ scorer"),
        ("hu", "GÓL", "eddig 0", "✎ jegyző"),
        ("da", "MÅL", "0 indtil nu", "✎ protokolfører"),
    ):
        scorer = await phone(kit.browser, kit.url, room, 0, lang)
        await scorer.locator("#bar .ff-pad button", has_text=goal).nth(1).wait_for()
        pad = await scorer.evaluate(PAD)
        goals = [b for b in pad if b["text"].startswith(goal)]
        assert len(goals) == 2 and goals[0]["bg"] != goals[1]["bg"], goals
        counters = [b for b in pad if so_far in b["text"]]
        assert len(counters) == 3, pad  # corners, yellow cards, red cards
        # the seats row names the scorer's part, never "still choosing" (◌) all match
        anna = scorer.locator('#table-seats [data-seat="0"]')
        await anna.locator(".seat-role", has_text=role).wait_for()
        assert "◌" not in await anna.inner_text()
        await kit.shot(scorer, f"foci-words-scorer-pad-{lang}")
        await dock_fits(scorer, f"scorer pad {lang}")  # one row: the dock at most 140 px
        await assert_no_clipped_labels(scorer, "#bar .ff-pad button")
    bettor = await phone(kit.browser, kit.url, room, 1, "da")  # Bence sees the scorer's part too
    await bettor.locator('#table-seats [data-seat="0"] .seat-role').wait_for()
    await kit.shot(bettor, "foci-words-bettor-da")
    for sock in socks:
        await sock.close()


def has_kick_off(view: dict[str, Any]) -> bool:
    return any(a["type"] == "kick_off" for a in view.get("legal") or [])


async def test_offline_the_cards_look_locked_and_the_bar_says_so(kit: Kit) -> None:
    room, socks = await night(kit.url, "bukmeker")
    await drive(socks, my_turn(0, "pick"), hold=my_turn(0, "pick"))
    for lang, offline, ask in (("en", "You're offline", "Pick a card"), ("hu", None, "Válassz")):
        anna = await phone(kit.browser, kit.url, room, 0, lang)
        cards = anna.locator(f"{TABLE} button.ff-card")
        await cards.first.wait_for()
        assert ask in await anna.locator("#bar").inner_text()
        await anna.context.set_offline(True)
        note = anna.locator("#offline-note")
        await note.wait_for(timeout=10_000)  # the heartbeat notices within a few seconds
        if offline:
            assert await note.inner_text() == offline
        assert ask not in await anna.locator("#bar").inner_text()
        looks = await cards.evaluate_all(
            "(cs) => cs.map((c) => [c.disabled, getComputedStyle(c).borderTopStyle])"
        )
        assert looks and all(look == [True, "dashed"] for look in looks), looks
        await kit.shot(anna, f"foci-words-offline-draft-{lang}")
        await anna.context.set_offline(False)
        await note.wait_for(state="detached", timeout=15_000)
        assert await cards.first.is_enabled()
        await anna.context.close()
    for sock in socks:
        await sock.close()


# The full-time takeover's money rows (room/result.js) for a friend whose money did not move.
TAKEOVER_ROW = """
async () => {
  const { takeover } = await import('/static/js/room/result.js');
  const view = { status: 'finished', seq: 9, you: 0, result: { winners: [1] }, public: {} };
  const room = { code: 'ABCDEF', view, info: { seats: [] } };
  const rows = () => [{ seat: 0, name: 'Anna', money: 4000, delta: 0 }];
  const money = (n) => `${new Intl.NumberFormat(document.documentElement.lang).format(n)} P`;
  const el = takeover(room, view, { money }, { resultRows: rows });
  return el.querySelector('.money-delta').textContent;
}
"""


async def test_the_result_says_no_change_not_a_draw(kit: Kit) -> None:
    for lang in ("hu", "en"):
        context = await kit.browser.new_context()
        await context.add_init_script(f"localStorage.setItem('pitchside.lang', '{lang}')")
        page = await context.new_page()
        await page.goto(f"{kit.url}/")
        await page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert await page.evaluate(TAKEOVER_ROW) == "±0 P"
        await context.close()

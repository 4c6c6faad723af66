"""Bukméker mode (docs/rules/focifogadas.md §10): peek, 12-card match without a break, settlement."""

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.games.base import REVEAL, BadOptions, IllegalAction, NotYourTurn, bot_move, seat_view
from app.games.focifogadas import bets, book, bot, bukmeker, match, odds, settlement, views
from app.games.focifogadas.bukmeker import BukState
from app.games.focifogadas.cards import CARDS, CATALOGUE
from app.games.focifogadas.game import GAME, FociState
from tests.support import golden
from tests.support.golden import REPLAYS


def drive(s: BukState, until: str, rnd: random.Random) -> BukState:
    while bukmeker.phase(s) != until and bukmeker.to_act(s):
        seat = min(bukmeker.to_act(s))
        action = bot.bukmeker_action(seat_view(GAME, FociState("bukmeker", s), seat), rnd)
        assert action in bukmeker.legal_actions(s, seat)
        s, _ = bukmeker.apply(s, seat, action)
    return s


def test_setup_sets_aside_four_per_deck_and_leaves_twelve() -> None:
    s = bukmeker.new({}, 4, 1)
    assert [len(p) for p in s.aside] == [4] * 5 and [len(p) for p in s.piles] == [12] * 5
    assert s.book.money == (4000,) * 4 and s.book.markers == (6,) * 4
    with pytest.raises(BadOptions):
        bukmeker.new({}, 2, 1)
    with pytest.raises(BadOptions):
        bukmeker.new({"scorer_seat": 0}, 4, 1)


def test_peek_offers_the_seven_triples_in_seat_order_from_the_start_player() -> None:
    s = bukmeker.new({}, 5, 4)
    order = book.seat_order(s.book)
    assert bukmeker.to_act(s) == {order[0]}
    options = bukmeker.legal_actions(s, order[0])
    assert len(options) == 7
    assert {"type": "peek", "piles": ["HH", "MID", "AH"]} in options
    assert all(not {"H16", "A16"} <= set(o["piles"]) for o in options)
    with pytest.raises(IllegalAction):
        bukmeker.apply(s, order[0], {"type": "peek", "piles": ["H16", "MID", "A16"]})
    with pytest.raises(NotYourTurn):
        bukmeker.apply(s, order[1], options[0])
    s, events = bukmeker.apply(s, order[0], {"type": "peek", "piles": ["H16", "HH", "MID"]})
    assert events[0]["piles"] == ["H16", "HH", "MID"] and events[0]["seat"] == order[0]
    assert events[0]["text"] == f"Seat {order[0] + 1} looked at the H16, HH, MID piles"
    assert bukmeker.to_act(s) == {order[1]}


def test_peeked_contents_are_private_to_the_peeker_and_which_piles_are_public() -> None:
    s = bukmeker.new({}, 3, 4)
    peeker = min(bukmeker.to_act(s))
    s, _ = bukmeker.apply(s, peeker, {"type": "peek", "piles": ["HH", "MID", "AH"]})
    own = views.bukmeker_view(s, peeker).private
    assert own is not None
    assert [p["pile"] for p in own["peeked"]] == ["HH", "MID", "AH"]
    assert [c["id"] for c in own["peeked"][1]["cards"]] == [CARDS[c].id for c in s.aside[2]]
    assert views.bukmeker_view(s, None).public["peeks"][peeker] == ["HH", "MID", "AH"]
    for viewer in [v for v in (0, 1, 2) if v != peeker] + [None]:
        view = views.bukmeker_view(s, viewer)
        assert view.private is None or view.private["peeked"] == []
        assert "peeked" not in view.public


def test_match_uses_the_twelve_card_decks_without_a_half_time_break() -> None:
    rnd = random.Random(2)
    s = drive(bukmeker.new({}, 3, 8), "match", rnd)
    assert s.match is not None and s.match.current == s.book.start
    aside = {c for p in s.aside for c in p}
    in_match = {c for p in s.match.draw + s.match.discard for c in p} | set(s.match.pair or ())
    assert len(in_match) == 60 and not in_match & aside
    seen_second_half = False
    while bukmeker.phase(s) == "match":
        assert s.match is not None and s.match.status != match.HALF_TIME
        seen_second_half |= s.match.half == 2
        seat = min(bukmeker.to_act(s))
        s, _ = bukmeker.apply(s, seat, bukmeker.legal_actions(s, seat)[0])
    assert seen_second_half and bukmeker.phase(s) == "over"


def test_settlement_runs_at_once_when_the_match_ends() -> None:
    rnd = random.Random(5)
    s = drive(bukmeker.new({}, 4, 5), "over", rnd)
    result = bukmeker.result(s)
    assert result is not None
    assert sum(result["money"]) == 16000
    money, groups = settlement.settle_book(s.book, bukmeker.record(s))
    assert result["money"] == list(money) and result["settlement"] == groups
    assert result["winners"] == settlement.winners(money)
    assert views.bukmeker_view(s, None).public["players"][0]["money"] == money[0]
    assert bukmeker.to_act(s) == frozenset()


def test_only_the_current_player_sees_the_drawn_pair() -> None:
    s = drive(bukmeker.new({}, 3, 6), "match", random.Random(6))
    assert s.match is not None
    current = s.match.current
    pair = views.bukmeker_view(s, current).private
    assert pair is not None and pair["pair"] is not None and len(pair["pair"]) == 2
    for other in {0, 1, 2} - {current}:
        other_view = views.bukmeker_view(s, other).private
        assert other_view is not None and other_view["pair"] is None
    assert views.bukmeker_view(s, REVEAL).private is not None


def test_bot_prices_exact_results_high_and_offers_unlikely_events() -> None:
    s = drive(bukmeker.new({}, 3, 7), "match", random.Random(7))
    assert len(s.book.offers) == 9
    for offer in s.book.offers:
        if offer.card.startswith("D"):
            assert offer.disc >= 8  # 9 offers, 9 discs of ×8 or more
    mine = [o.card for o in s.book.offers]
    assert sum(c.startswith("D") for c in mine) >= 3


def _disc_for(card: str, advances: int) -> tuple[int, float]:
    """The disc the bot sets on `card` as the first pick revealed in a room playing `advances`
    time advances per half, and the chance of `card` the table shows meanwhile."""
    s = bukmeker.new({"time_advances_per_half": advances}, 3, 4)
    s = drive(s, book.DISCS, random.Random(4))
    seat = book.seat_order(s.book)[s.book.disc_turn]
    picks = tuple(card if i == seat else p for i, p in enumerate(s.book.picks))
    s = replace(s, book=replace(s.book, picks=picks))
    shown = bukmeker.price(s, None, {"seed": 1, "sims": 4000})
    assert shown is not None
    action = bot.bukmeker_action(seat_view(GAME, FociState("bukmeker", s), seat), random.Random(0))
    assert action is not None and action["type"] == "disc"
    return int(action["value"]), float(shown["cards"][card]["p"])


def _nearest_disc(p: float) -> int:
    return min(book.DISC_VALUES, key=lambda m: (abs(m - bot.MARGIN / p), m))


def test_the_bot_prices_a_five_advance_room_by_that_room_s_chances() -> None:
    # L22 holds in 17 % of 6-advance matches (a ×5 disc), in about 10 % of 5-advance ones
    disc, shown = _disc_for("L22", 5)
    assert shown < 0.12 and _nearest_disc(shown) == 8 != _nearest_disc(odds.PRIOR["L22"])
    assert disc == _nearest_disc(shown)
    disc, shown = _disc_for("L22", 6)
    assert disc == _nearest_disc(odds.PRIOR["L22"]) == _nearest_disc(shown) == 5


def test_the_bot_s_belief_follows_the_match_length_of_its_room() -> None:
    assert bot.bukmeker_chance(6) is odds.prior  # the rulebook's table (§8.2/§8.3)
    five = bot.bukmeker_chance(5)
    decks = tuple(deck[bukmeker.SET_ASIDE :] for deck in CATALOGUE.decks)
    template = odds.kickoff_template(decks, 3, 0, False, 5)
    ids = [*bets.LIGHT_IDS, *bets.DARK_IDS]
    fresh = odds.monte_carlo(template, odds.PUBLIC, ids, 3000, 99, toss=True)
    assert max(abs(five(c) - fresh[c]) for c in ids) < 0.04  # sampling error only
    assert max(abs(five(c) - odds.prior(c)) for c in ids) > 0.08  # e.g. L23 0.43 → 0.53


def _hidden_reshuffled(s: BukState, seat: int) -> BukState:
    """A twin the seat cannot tell apart: unseen match cards and unpeeked piles dealt anew."""
    assert s.match is not None
    rnd = random.Random(99)
    looked = set(s.peeks[seat] or ())
    draw, discard, aside = [], [], []
    for i in range(5):
        pool = list(s.match.draw[i] + s.match.discard[i])
        pool += [] if i in looked else list(s.aside[i])
        rnd.shuffle(pool)
        n, k = len(s.match.draw[i]), len(s.match.discard[i])
        draw.append(tuple(pool[:n]))
        discard.append(tuple(pool[n : n + k]))
        aside.append(s.aside[i] if i in looked else tuple(pool[n + k :]))
    m = replace(s.match, draw=tuple(draw), discard=tuple(discard))
    return replace(s, match=m, aside=tuple(aside))


def test_bot_match_choice_depends_only_on_what_the_seat_sees() -> None:
    s = drive(bukmeker.new({}, 4, 9), "match", random.Random(9))
    checked = 0
    while bukmeker.phase(s) == "match" and checked < 5:
        seat = min(bukmeker.to_act(s))
        legal = bukmeker.legal_actions(s, seat)
        if len(legal) == 2:
            twin = _hidden_reshuffled(s, seat)
            assert twin != s
            assert views.bukmeker_view(twin, seat).private == views.bukmeker_view(s, seat).private
            expected = bot.bukmeker_action(
                seat_view(GAME, FociState("bukmeker", s), seat), random.Random(checked)
            )
            assert (
                bot.bukmeker_action(
                    seat_view(GAME, FociState("bukmeker", twin), seat), random.Random(checked)
                )
                == expected
            )
            checked += 1
        s, _ = bukmeker.apply(s, seat, legal[0])
    assert checked == 5


# --- Golden replays: tests/replays/focifogadas-bukmeker-*.jsonl ------------------------------
# Regenerate with `python -m tests.engines.focifogadas.test_bukmeker` (and `...test_live`),
# then review the diff: a changed line is a changed rule. Same line format as the Drukker
# replays (header; seq, seat, action, events, state digest; result and final dump).

# name -> (seed, options, players); "bot" is GAME.bot_action, "random" a random legal action.
Replays = dict[str, tuple[int, dict[str, Any], tuple[str, ...]]]
BUKMEKER_REPLAYS: Replays = {
    "3p-bots": (11, {}, ("bot",) * 3),
    "5p-mixed": (12, {}, ("bot", "random", "bot", "random", "bot")),
}


def replay_path(mode: str, name: str) -> Path:
    return REPLAYS / f"focifogadas-{mode}-{name}.jsonl"


def record_replay(
    mode: str, seed: int, options: dict[str, Any], players: tuple[str, ...]
) -> list[str]:
    """The replay file's lines, played afresh (lowest seat to act first).

    A seat whose bot declines (the live scorer: bots never score) acts at random.
    """
    header = {"game": "focifogadas", "mode": mode, "seed": seed, "options": options}
    return golden.record(GAME, {**header, "players": players}, _steps(mode, seed, options, players))


def _steps(
    mode: str, seed: int, options: dict[str, Any], players: tuple[str, ...]
) -> Iterator[golden.Step]:
    state = GAME.new(mode, options, len(players), seed)
    chooser = random.Random(seed)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = bot_move(GAME, state, seat, chooser) if players[seat] == "bot" else None
        if action is None:
            action = chooser.choice(GAME.legal_actions(state, seat))
        state, events = GAME.apply(state, seat, action)
        yield seat, action, events, state


def check_replay(mode: str, name: str, replays: Replays) -> None:
    """The stored actions replay to the same events and states, and regenerate unchanged."""
    path = replay_path(mode, name)
    header = golden.header_of(path)
    golden.replay(GAME, path, header["options"], len(header["players"]))
    seed, options, players = replays[name]
    fresh = record_replay(mode, seed, options, players)
    golden.unchanged(path, fresh, f"python -m tests.engines.focifogadas.test_{mode}")
    files = {p.name for p in REPLAYS.glob(f"focifogadas-{mode}-*.jsonl")}
    assert files == {replay_path(mode, n).name for n in replays}


@pytest.mark.parametrize("name", sorted(BUKMEKER_REPLAYS))
def test_golden_bukmeker_replays(name: str) -> None:
    check_replay("bukmeker", name, BUKMEKER_REPLAYS)


def write_replays(mode: str, replays: Replays) -> None:
    for name, (seed, options, players) in replays.items():
        text = "\n".join(record_replay(mode, seed, options, players)) + "\n"
        replay_path(mode, name).write_text(text, encoding="utf-8")
        print(f"wrote {replay_path(mode, name)}")


if __name__ == "__main__":
    write_replays("bukmeker", BUKMEKER_REPLAYS)

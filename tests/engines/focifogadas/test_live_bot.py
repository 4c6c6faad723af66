"""The live-mode bot prices from the live model (issue 22, docs/rules/focifogadas.md §8.2 live-mode
caveat, §11): its book and its bets follow `odds.poisson_chance` on the entries so far, not
the simulated game's p(BUK)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from app.games.base import Action, bot_move, seat_view
from app.games.focifogadas import bets, live, odds
from app.games.focifogadas.bot import book_action
from app.games.focifogadas.game import GAME, FociState
from app.games.focifogadas.record import MatchRecord

ALL_CARDS = [*bets.LIGHT_IDS, *bets.DARK_IDS]
Player = Callable[[FociState, int, random.Random], Action]


def bot(s: FociState, seat: int, rnd: random.Random) -> Action:
    action = bot_move(GAME, s, seat, rnd)
    assert action is not None
    return action


def prior_bot(s: FociState, seat: int, rnd: random.Random) -> Action:
    """The bookmaker bot priced by the simulated game (what live mode used before)."""
    return book_action(seat_view(GAME, s, seat), GAME.legal_actions(s, seat), rnd)


def random_player(s: FociState, seat: int, rnd: random.Random) -> Action:
    return rnd.choice(GAME.legal_actions(s, seat))


def bet(players: list[Player], seed: int) -> tuple[FociState, list[dict[str, Any]]]:
    """A live table through its draft, discs and stakes."""
    s = GAME.new("live", {}, len(players), seed)
    rnd = random.Random(seed)
    log: list[dict[str, Any]] = []
    while s.inner.book.phase != "done":
        seat = min(GAME.to_act(s))
        s, events = GAME.apply(s, seat, players[seat](s, seat, rnd))
        log += events
    return s, log


def _poisson(lam: float, rnd: random.Random) -> int:
    k, p, u = 0, math.exp(-lam), rnd.random()
    total = p
    while u > total:
        k += 1
        p *= lam / k
        total += p
    return k


def broadcast(rnd: random.Random) -> list[Action]:
    """A televised match drawn from the live model's rates, as the scorer enters it."""
    halves: list[list[Action]] = []
    for _ in range(2):
        entries: list[Action] = []
        entries += [{"type": "goal", "team": "home"}] * _poisson(odds.GOALS_HOME_90 / 2, rnd)
        entries += [{"type": "goal", "team": "away"}] * _poisson(odds.GOALS_AWAY_90 / 2, rnd)
        entries += [{"type": "corner"}] * _poisson(odds.CORNERS_90 / 2, rnd)
        entries += [{"type": "yellow"}] * _poisson(odds.YELLOWS_90 / 2, rnd)
        entries += [{"type": "red"}] * _poisson(odds.REDS_90 / 2, rnd)
        rnd.shuffle(entries)
        halves.append(entries)
    return [
        {"type": "kick_off"},
        *halves[0],
        {"type": "half_time"},
        *halves[1],
        {"type": "full_time"},
        {"type": "confirm_full_time"},
    ]


def at_kick_off() -> Callable[[str], float]:
    return odds.live_chance(MatchRecord(), 1, False)


# --- The bot's beliefs are the live model's --------------------------------------------------


def test_before_kick_off_the_bot_believes_the_public_live_odds() -> None:
    s, _ = bet([bot] * 4, 1)
    chance = odds.live_chance(live.record_of(s.inner.entries), 1, False)
    shown = odds.live_odds(MatchRecord(), 1, False, ALL_CARDS, {})["cards"]
    assert all(chance(c) == shown[c]["p"] for c in ALL_CARDS)
    # The cards of the issue: the simulated game's p(BUK) against the live model.
    assert odds.PRIOR["L24"] == 0.21 and chance("L24") > 0.98  # at least 4 corners
    assert odds.PRIOR["L28"] == 0.13 and 0.7 < chance("L28") < 0.8  # at least 3 yellows
    assert odds.PRIOR["L27"] == 0.30 and chance("L27") < 0.03  # no yellow
    assert odds.PRIOR["L29"] == 0.46 and 0.15 < chance("L29") < 0.2  # a red card


def test_the_bots_chance_follows_the_entries_and_the_half() -> None:
    before = at_kick_off()
    corners = odds.live_chance(MatchRecord(corners=4), 1, True)
    assert corners("L24") == 1.0 and corners("L25") == 0.0  # decided by the entries
    home_up = odds.live_chance(MatchRecord(h1=2), 2, True)
    assert home_up("L13") > 0.8 > before("L13")
    assert home_up("D00") == 0.0 and home_up("L03") == 1.0
    # With only the 2nd half left, fewer cards can still come: "no yellow" gets likelier.
    second = odds.live_chance(MatchRecord(), 2, True)
    assert second("L27") > 5 * before("L27")


KICKED_OFF_AT = 1_000_000.0  # epoch seconds of the kick-off's commit


@pytest.mark.parametrize(
    ("half", "minutes", "event_at"),
    [
        (1, 30.0, {"half_started": KICKED_OFF_AT}),  # 30 minutes into the 1st half
        (2, 80.0, {"half_started": KICKED_OFF_AT, "half_ended": KICKED_OFF_AT + 47 * 60}),
    ],
)
def test_asked_after_kick_off_the_bot_believes_the_odds_of_the_room_s_clock(
    half: int, minutes: float, event_at: dict[str, float]
) -> None:
    record = MatchRecord(h1=1)
    clock = {"now": KICKED_OFF_AT + minutes * 60, "event_at": event_at}
    chance = odds.live_chance(record, half, True, clock)
    shown = odds.live_odds(record, half, True, ALL_CARDS, clock)
    assert shown["elapsed"] > 15  # minutes gone in the half in progress
    assert all(chance(c) == shown["cards"][c]["p"] for c in ALL_CARDS)
    # Without the clock it would price a half that has only just begun.
    unclocked = odds.live_chance(record, half, True)
    assert chance("L27") > 2 * unclocked("L27")  # "no yellow": fewer minutes left for one


# --- Its book tracks the live model's fair odds -----------------------------------------------
# --- Its book tracks the live model's fair odds -----------------------------------------------


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var


def disc_for(player: Player, card: str) -> int:
    """The disc `player` puts on `card` as its round-1 pick, with the whole pool left."""
    s = GAME.new("live", {}, 4, 7)
    for seat in range(4):
        s, _ = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    seat = min(GAME.to_act(s))
    picks = tuple(card if i == seat else p for i, p in enumerate(s.inner.book.picks))
    s = FociState("live", replace(s.inner, book=replace(s.inner.book, picks=picks)))
    action = player(s, seat, random.Random(0))
    assert action["type"] == "disc"
    return int(action["value"])


def test_the_bots_disc_on_every_card_tracks_the_live_models_fair_odds() -> None:
    chance = at_kick_off()
    fair = {c: 1 / max(chance(c), 1e-4) for c in ALL_CARDS}
    discs = {c: disc_for(bot, c) for c in ALL_CARDS}
    clipped = [min(max(fair[c], 2.0), 12.0) for c in ALL_CARDS]  # the discs run ×2–×12
    assert spearman(clipped, [float(discs[c]) for c in ALL_CARDS]) > 0.9
    for c in ALL_CARDS:
        if fair[c] >= 2.0:  # a disc at or under the fair price exists: the bot takes one
            assert discs[c] <= fair[c], c
    # Issue 22's cards: near-certain events get the lowest disc, near-impossible the highest.
    assert discs["L24"] == discs["L28"] == discs["L20"] == 2
    assert discs["L27"] == discs["L25"] == 12
    assert discs["L29"] == 5  # fair ×5.52


def test_priced_by_the_simulated_game_the_same_cards_were_easy_money() -> None:
    """The contrast issue 22 reported: p(BUK) put "at least 4 corners" at ×4 and "at least 3
    yellows" at ×6, which a live-model bettor expects to win on three and four times over."""
    chance = at_kick_off()
    assert disc_for(prior_bot, "L24") == 4 and chance("L24") * 4 - 1 > 2.9
    assert disc_for(prior_bot, "L28") == 6 and chance("L28") * 6 - 1 > 3.5
    assert disc_for(bot, "L24") * chance("L24") - 1 < 1.0


def test_across_many_tables_no_offer_is_worth_much_to_a_live_model_bettor() -> None:
    chance = at_kick_off()
    made = []
    for seed in range(24):
        _, log = bet([bot] * (3 + seed % 4), 100 + seed)
        made += [(e["card"]["id"], e["disc"]) for e in log if e["event"] == "card_offered"]
    assert len(made) > 300
    edge = [chance(card) * disc - 1 for card, disc in made]
    assert max(edge) < 0.1 and sum(edge) / len(edge) < -0.5


def stake_edges(player: Player, tables: int) -> list[float]:
    """Live-model value per marker of `player`'s stakes at tables with random bookmakers."""
    chance = at_kick_off()
    edges = []
    for seed in range(tables):
        s, log = bet([random_player, player, random_player, player], 300 + seed)
        disc = {o.card: o.disc for o in s.inner.book.offers}
        for e in log:
            if e["event"] == "stake_placed" and e["seat"] in (1, 3):
                edges += [chance(e["card"]) * disc[e["card"]] - 1] * e["n"]
    return edges


def test_its_stakes_go_where_the_live_model_sees_value() -> None:
    live_bot, prior = stake_edges(bot, 20), stake_edges(prior_bot, 20)
    assert sum(live_bot) / len(live_bot) > 1.0
    assert sum(live_bot) / len(live_bot) > sum(prior) / len(prior) + 0.1


# --- At the table ----------------------------------------------------------------------------


def test_the_live_bot_beats_a_random_bettor_at_a_live_table() -> None:
    """Bots and random players alternate at 4-seat tables; each night is a broadcast drawn
    from the live model. The random player is the scorer (seat 0's person enters the TV)."""
    totals = {"bot": 0, "random": 0}
    wins = {"bot": 0, "random": 0}
    nights = 60
    for seed in range(nights):
        players: list[Player] = [random_player, bot, random_player, bot]
        s, _ = bet(players, 200 + seed)
        rnd = random.Random(seed)
        for action in broadcast(rnd):
            s, _ = GAME.apply(s, s.inner.scorer, action)
        result = GAME.result(s)
        assert result is not None
        money = result["money"]
        totals["bot"] += money[1] + money[3]
        totals["random"] += money[0] + money[2]
        best = max(money)
        wins["bot"] += money[1] == best or money[3] == best
        wins["random"] += money[0] == best or money[2] == best
    assert totals["bot"] > 1.2 * totals["random"]
    assert wins["bot"] > wins["random"]

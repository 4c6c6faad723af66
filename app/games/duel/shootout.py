"""The Football Duel penalty shoot-out (docs/rules/duel.md "Penalty shoot-out"): set-up, the
ordered penalties and sudden death."""

from __future__ import annotations

from dataclasses import replace

from app.games.duel.actions import SettingUp
from app.games.duel.cards import Card, compare, deck, face, value_of
from app.games.duel.outcome import coin_toss, finish
from app.games.duel.state import (
    SHOOTOUT_KEEPERS,
    SHOOTOUT_TAKERS,
    Events,
    Kicker,
    Phase,
    Side,
    State,
    player,
    without,
)

GOAL = "goal"
SAVED = "saved"


def setup_shootout(state: State, events: Events) -> State:
    """docs/rules/duel.md "Penalty shoot-out" 1: 5 goalkeepers and 7 takers each, from the whole
    deck reshuffled [designed: the rulebook only has used cards wait for a shuffle "as
    agreed"]."""
    rng = state.rng
    kickers: list[Kicker] = []
    for seat in (0, 1):
        cards, rng = rng.shuffle(deck(seat, state.options.copies))
        end = SHOOTOUT_KEEPERS + SHOOTOUT_TAKERS
        kickers.append(
            Kicker(
                pile=cards[end:], pool=cards[:SHOOTOUT_KEEPERS], takers=cards[SHOOTOUT_KEEPERS:end]
            )
        )
    events.append({"event": "shootout_started", "text": "Penalty shoot-out"})
    return replace(
        state,
        rng=rng,
        phase=Phase.SHOOTOUT_SETUP,
        sides=(Side(), Side()),
        shootout=(kickers[0], kickers[1]),
        last_duel=None,
    )


def setup_actions(kicker: Kicker) -> list[SettingUp]:
    """docs/rules/duel.md "Decisions": order goalkeepers stepwise, drop 2 of the 7 takers."""
    actions: list[SettingUp] = []
    if len(kicker.pool) > 1:
        actions += [{"type": "order_keeper", "card": card} for card in kicker.pool]
    if len(kicker.dropped) < 2:
        actions += [{"type": "drop_taker", "card": card} for card in kicker.takers]
    return actions


def shootout_setup(state: State, seat: int, action: SettingUp, events: Events) -> State:
    assert state.shootout is not None
    kicker = state.shootout[seat]
    card = action["card"]
    if action["type"] == "order_keeper":
        pool = without(kicker.pool, card)
        keepers = (*kicker.keepers, card)
        if len(pool) == 1:  # the last goalkeeper has only one place left
            keepers, pool = (*keepers, pool[0]), ()
        kicker = replace(kicker, pool=pool, keepers=keepers)
    else:
        kicker = replace(
            kicker, takers=without(kicker.takers, card), dropped=(*kicker.dropped, card)
        )
    if kicker.is_ready:
        events.append({"event": "shootout_ready", "seat": seat, "text": f"{player(seat)} is ready"})
    both = (kicker, state.shootout[1]) if seat == 0 else (state.shootout[0], kicker)
    state = replace(state, shootout=both)
    if not all(k.is_ready for k in both):
        return state
    first, state = coin_toss(state, "shootout", events)  # "Penalty shoot-out" 2
    return replace(state, phase=Phase.PENALTY, shooter=first, first_shooter=first)


def kick(
    kickers: tuple[Kicker, Kicker],
    seat: int,
    taker: Card,
    keeper: Card,
    events: Events,
    sudden: bool,
) -> tuple[Kicker, Kicker]:
    """One penalty: the taker duels the keeper; attack wins = goal, otherwise saved."""
    scored = compare(value_of(taker), value_of(keeper)) > 0
    shooter, goalie = kickers[seat], kickers[1 - seat]
    shooter = replace(shooter, used=(*shooter.used, taker), kicks=(*shooter.kicks, scored))
    goalie = replace(goalie, used=(*goalie.used, keeper))
    events.append(
        {
            "event": "penalty",
            "seat": seat,
            "kick": len(shooter.kicks),
            "sudden_death": sudden,
            "taker": face(taker),
            "keeper": face(keeper),
            "outcome": GOAL if scored else SAVED,
            "text": f"{player(seat)}'s penalty {value_of(taker)} against keeper {value_of(keeper)}: "
            + ("goal" if scored else "saved"),
        }
    )
    return (shooter, goalie) if seat == 0 else (goalie, shooter)


def penalty(state: State, card: Card, events: Events) -> State:
    """docs/rules/duel.md "Penalty shoot-out" 3-4."""
    assert state.shootout is not None
    seat = state.shooter
    kickers = state.shootout
    keeper = kickers[1 - seat].keepers[0]
    taker_side = replace(kickers[seat], takers=without(kickers[seat].takers, card))
    goalie_side = replace(kickers[1 - seat], keepers=kickers[1 - seat].keepers[1:])
    kickers = (taker_side, goalie_side) if seat == 0 else (goalie_side, taker_side)
    kickers = kick(kickers, seat, card, keeper, events, sudden=False)
    state = replace(state, shootout=kickers, shooter=1 - seat)
    if any(k.keepers for k in kickers):
        return state
    return _sudden_death(state, events)


def _sudden_death(state: State, events: Events) -> State:
    """docs/rules/duel.md "Penalty shoot-out" 4 [designed]: still level, each team draws a keeper
    and a taker from the top of its pile, round by round, until one scores and the other does
    not. Designed further: should a pile run out first, a coin toss decides."""
    assert state.shootout is not None
    kickers = state.shootout
    order = (state.first_shooter, 1 - state.first_shooter)
    while sum(kickers[0].kicks) == sum(kickers[1].kicks):
        if any(len(k.pile) < 2 for k in kickers):
            seat, state = coin_toss(state, "shootout_winner", events)
            return finish(replace(state, shootout=kickers, coin_winner=seat), events)
        keepers = [k.pile[0] for k in kickers]
        takers = [k.pile[1] for k in kickers]
        kickers = (
            replace(kickers[0], pile=kickers[0].pile[2:]),
            replace(kickers[1], pile=kickers[1].pile[2:]),
        )
        for seat in order:
            kickers = kick(kickers, seat, takers[seat], keepers[1 - seat], events, sudden=True)
    return finish(replace(state, shootout=kickers), events)

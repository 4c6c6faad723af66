"""Football Duel rules, top-down: set-up → an attack → turn switch → end of a half → whose
turn → legal actions → apply. The turn switch's arranging is in `arrange`, the penalty shoot-out
in `shootout`, coin tosses, full time and the result in `outcome`.

Every function cites its rule in `docs/rules/duel.md`. `apply` is pure: it builds new frozen states
and collects the public events of what happened in a local list.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.base import IllegalAction, Rng, check_legal
from app.games.duel.actions import DuelAction
from app.games.duel.arrange import arrange, arrangement_actions, is_legal_arrangement, refill
from app.games.duel.cards import Card, compare, deck, face, value_of
from app.games.duel.outcome import coin_toss, finish, result
from app.games.duel.shootout import (
    GOAL,
    SAVED,
    penalty,
    setup_actions,
    setup_shootout,
    shootout_setup,
)
from app.games.duel.state import (
    CHAIN_SLOTS,
    FULL_SQUAD,
    SHOTS_TO_EARN,
    Arrangement,
    Duel,
    Events,
    Options,
    Phase,
    Side,
    State,
    pair,
    player,
    plus_one,
    set_slot,
    without,
)

__all__ = ["apply", "legal_actions", "new", "result", "to_act"]

ATTACK_WINS = "attack_wins"
TIE = "tie"
DEFENCE_WINS = "defence_wins"


# --- Set-up ------------------------------------------------------------------------------------


def new(options: Options, seed: int) -> tuple[State, Events]:
    """docs/rules/duel.md "Set-up (each half)" 4: a coin toss decides who has the ball in the
    first half; the state before the first decision and the events of the set-up."""
    kick_off, rng = Rng(seed).randint(0, 1)
    state = State(options=options, rng=rng, phase=Phase.OVER, sides=(Side(), Side()))
    events: Events = []
    return _setup_half(replace(state, kick_off=kick_off), 1, kick_off, events), events


def _setup_half(state: State, half: int, ball: int, events: Events) -> State:
    """docs/rules/duel.md "Set-up (each half)" 1-3: shuffle, 6 face down as the chain, 5 in
    hand (a later half from the whole deck reshuffled, "End of a half" [designed])."""
    rng = state.rng
    sides: list[Side] = []
    for seat in (0, 1):
        cards, rng = rng.shuffle(deck(seat, state.options.copies))
        sides.append(
            Side(
                pile=cards[FULL_SQUAD:],
                hand=cards[CHAIN_SLOTS:FULL_SQUAD],
                chain=cards[:CHAIN_SLOTS],
            )
        )
    extra = half > state.options.halves
    events.append(
        {
            "event": "half_started",
            "half": half,
            "extra_time": extra,
            "seat": ball,
            "text": f"{'Extra time' if extra else f'Half {half}'} kicks off; {player(ball)} has the ball",
        }
    )
    state = replace(
        state, rng=rng, sides=(sides[0], sides[1]), half=half, ball=ball, arranging=None
    )
    return _start_possession(state, events)


# --- An attack ---------------------------------------------------------------------------------


def _start_possession(state: State, events: Events) -> State:
    """docs/rules/duel.md "An attack": a possession starts with a free choice of slot.

    Attack 4 generalised: with an empty hand the attack cannot start (throw-in); against an
    empty chain it earns a shot at once.
    """
    state = replace(
        state,
        possessions=state.possessions + 1,
        counts=replace(state.counts, attacks=plus_one(state.counts.attacks, state.ball)),
        wins=0,
        last_slot=None,
        keeper=None,
        last_duel=None,
    )
    if not state.sides[state.ball].hand:
        return _throw_in(state, "no_attacker", events)
    if not state.sides[1 - state.ball].chain_cards:
        return _earn_shot(state, events)
    return replace(state, phase=Phase.CHALLENGE)


def allowed_slots(state: State) -> list[int]:
    """docs/rules/duel.md "An attack" 1 and 3: any occupied slot first, then the nearest ones."""
    chain = state.sides[1 - state.ball].chain
    occupied = [i for i, card in enumerate(chain) if card is not None]
    last = state.last_slot
    if last is None or not occupied:
        return occupied
    nearest = min(abs(i - last) for i in occupied)
    return [i for i in occupied if abs(i - last) == nearest]


def _duel_text(attacker: int, attack: Card, defence: Card, slot: int, outcome: str) -> str:
    a, d = (
        f"{player(attacker)}'s {value_of(attack)}",
        f"{player(1 - attacker)}'s {value_of(defence)}",
    )
    verb = {
        ATTACK_WINS: f"{a} beats {d}",
        TIE: f"{a} ties with {d}",
        DEFENCE_WINS: f"{d} stops {a}",
    }
    return f"{verb[outcome]} in slot {slot + 1}"


def _challenge(state: State, card: Card, slot: int, events: Events) -> State:
    """docs/rules/duel.md "An attack" 1-3: both cards revealed, compared and set aside."""
    seat = state.ball
    attack, defence = state.sides[seat], state.sides[1 - seat]
    defender = defence.chain[slot]
    assert defender is not None  # legal_actions only offers occupied slots
    result = compare(value_of(card), value_of(defender))
    outcome = ATTACK_WINS if result > 0 else TIE if result == 0 else DEFENCE_WINS
    attack = replace(attack, hand=without(attack.hand, card), set_aside=(*attack.set_aside, card))
    defence = replace(
        defence,
        chain=set_slot(defence.chain, slot, None),
        set_aside=(*defence.set_aside, defender),
    )
    events.append(
        {
            "event": "duel",
            "attacker": seat,
            "attack_card": face(card),
            "defence_card": face(defender),
            "slot": slot + 1,
            "outcome": outcome,
            "text": _duel_text(seat, card, defender, slot, outcome),
        }
    )
    counts = state.counts
    if outcome != TIE:
        winner = seat if outcome == ATTACK_WINS else 1 - seat
        counts = replace(counts, duels=plus_one(counts.duels, winner))
    state = replace(
        state,
        sides=pair(pair(state.sides, seat, attack), 1 - seat, defence),
        last_slot=slot,
        last_duel=Duel(seat, card, defender, slot + 1, outcome),
        wins=state.wins + (outcome == ATTACK_WINS),
        counts=counts,
    )
    if outcome == DEFENCE_WINS:  # "An attack" 3: the ball changes team at once
        return _change_ball(state, 1 - seat, events)
    return _continue_attack(state, events)


def _continue_attack(state: State, events: Events) -> State:
    """docs/rules/duel.md "An attack" 3-4: the second win earns a shot; ties do not reset it.

    An attack that must go on with an empty hand is a throw-in. One that must go on against
    an empty chain is a throw-in when every challenge of the possession was a tie (the seed's
    "all challenges tied"), and a shot when at least one was won.
    """
    if state.wins >= SHOTS_TO_EARN:
        return _earn_shot(state, events)
    if not state.sides[state.ball].hand:
        return _throw_in(state, "no_attacker", events)
    if not state.sides[1 - state.ball].chain_cards:
        if state.wins == 0:
            return _throw_in(state, "all_tied", events)
        return _earn_shot(state, events)
    return replace(state, phase=Phase.CHALLENGE)


def _throw_in(state: State, reason: str, events: Events) -> State:
    """docs/rules/duel.md "An attack" 4 and 5: the attack cannot go on; the ball changes team."""
    to = 1 - state.ball
    events.append(
        {
            "event": "throw_in",
            "seat": to,
            "reason": reason,
            "text": f"Throw-in: the ball goes to {player(to)}",
        }
    )
    return _change_ball(state, to, events)


def _earn_shot(state: State, events: Events) -> State:
    """docs/rules/duel.md "An attack" 5: a shot against the goalkeeper.

    The keeper is the top of the defender's pile; with that pile empty the defender picks a
    chain card (designed further: from the hand when the chain is empty too, and an open goal
    when the defender holds no card at all).
    """
    seat = state.ball
    if not state.sides[seat].hand:
        return _throw_in(state, "no_shooter", events)
    events.append({"event": "shot_earned", "seat": seat, "text": f"{player(seat)} earns a shot"})
    defence = state.sides[1 - seat]
    if defence.pile or not defence.held:
        return replace(state, phase=Phase.SHOT)
    return replace(state, phase=Phase.GOALKEEPER)


def keeper_candidates(side: Side) -> tuple[Card, ...]:
    return side.chain_cards or side.hand


def _pick_goalkeeper(state: State, card: Card, events: Events) -> State:
    seat = 1 - state.ball
    side = state.sides[seat]
    if card in side.chain:
        side = replace(side, chain=set_slot(side.chain, side.chain.index(card), None))
    else:
        side = replace(side, hand=without(side.hand, card))
    events.append(
        {"event": "goalkeeper_picked", "seat": seat, "text": f"{player(seat)} picks a goalkeeper"}
    )
    return replace(state, sides=pair(state.sides, seat, side), keeper=card, phase=Phase.SHOT)


def _shoot(state: State, card: Card, events: Events) -> State:
    """docs/rules/duel.md "An attack" 5: attack wins = goal; defence wins or tie = save."""
    seat = state.ball
    attack, defence = state.sides[seat], state.sides[1 - seat]
    keeper = state.keeper
    if keeper is None and defence.pile:
        keeper, defence = defence.pile[0], replace(defence, pile=defence.pile[1:])
    scored = keeper is None or compare(value_of(card), value_of(keeper)) > 0
    outcome = GOAL if scored else SAVED
    attack = replace(attack, hand=without(attack.hand, card), set_aside=(*attack.set_aside, card))
    if keeper is not None:
        defence = replace(defence, set_aside=(*defence.set_aside, keeper))
    keeper_text = (
        "an empty goal" if keeper is None else f"{player(1 - seat)}'s keeper {value_of(keeper)}"
    )
    events.append(
        {
            "event": "shot",
            "attacker": seat,
            "attack_card": face(card),
            "keeper_card": None if keeper is None else face(keeper),
            "outcome": outcome,
            "text": f"{player(seat)} shoots {value_of(card)} against {keeper_text}: "
            + ("goal" if scored else "saved"),
        }
    )
    score = state.score
    if scored:
        score = plus_one(score, seat)
        events.append({"event": "goal", "seat": seat, "score": list(score), "text": "Goal!"})
    state = replace(
        state,
        sides=pair(pair(state.sides, seat, attack), 1 - seat, defence),
        score=score,
        counts=replace(state.counts, shots=plus_one(state.counts.shots, seat)),
        keeper=None,
        last_duel=Duel(seat, card, keeper, None, outcome),
    )
    return _change_ball(state, 1 - seat, events)


# --- Turn switch, refill, arrangement ----------------------------------------------------------


def _change_ball(state: State, to: int, events: Events) -> State:
    """docs/rules/duel.md "Turn switch and refill" and "End of a half": refill, then arrange or
    end."""
    sides: list[Side] = []
    for seat in (0, 1):
        side, drawn = refill(state.sides[seat])
        sides.append(side)
        events.append({"event": "refilled", "seat": seat, "drawn": drawn, "pile": len(side.pile)})
    state = replace(state, sides=(sides[0], sides[1]), ball=to, wins=0, last_slot=None)
    if all(side.held < FULL_SQUAD for side in sides):
        return _end_half(state, events)
    events.append({"event": "turn_switched", "seat": to, "text": f"The ball goes to {player(to)}"})
    arranging = (
        Arrangement(sides[0].hand, sides[0].chain),
        Arrangement(sides[1].hand, sides[1].chain),
    )
    return replace(state, phase=Phase.ARRANGE, arranging=arranging)


# --- End of a half, of the match ---------------------------------------------------------------


def _end_half(state: State, events: Events) -> State:
    """docs/rules/duel.md "End of a half, of the match": halves, then extra time and/or a
    shoot-out."""
    events.append(
        {
            "event": "half_ended",
            "half": state.half,
            "score": list(state.score),
            "text": f"End of {'extra time' if state.half > state.options.halves else f'half {state.half}'}",
        }
    )
    options = state.options
    if state.half < options.halves:  # "Set-up" 4 [designed]: the other team starts it
        return _setup_half(state, state.half + 1, 1 - state.kick_off, events)
    level = state.score[0] == state.score[1]
    if level and options.extra_time and state.half == options.halves:
        seat, state = coin_toss(state, "extra_time", events)
        return _setup_half(state, state.half + 1, seat, events)
    if level and options.shootout:
        return setup_shootout(state, events)
    return finish(state, events)


# --- Whose turn, legal actions, apply ----------------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase in (Phase.CHALLENGE, Phase.SHOT):
        return frozenset({state.ball})
    if phase == Phase.GOALKEEPER:
        return frozenset({1 - state.ball})
    if phase == Phase.ARRANGE:
        assert state.arranging is not None
        return frozenset(s for s in (0, 1) if not state.arranging[s].done)
    if phase == Phase.SHOOTOUT_SETUP:
        assert state.shootout is not None
        return frozenset(s for s in (0, 1) if not state.shootout[s].is_ready)
    if phase == Phase.PENALTY:
        return frozenset({state.shooter})
    return frozenset()


def legal_actions(state: State, seat: int) -> list[DuelAction]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == Phase.CHALLENGE:
        slots = allowed_slots(state)
        hand = state.sides[seat].hand
        return [{"type": "challenge", "card": c, "slot": s + 1} for c in hand for s in slots]
    if phase == Phase.SHOT:
        return [{"type": "shoot", "card": c} for c in state.sides[seat].hand]
    if phase == Phase.GOALKEEPER:
        return [{"type": "goalkeeper", "card": c} for c in keeper_candidates(state.sides[seat])]
    if phase == Phase.ARRANGE:
        assert state.arranging is not None
        return [*arrangement_actions(state.arranging[seat])]
    assert state.shootout is not None
    if phase == Phase.SHOOTOUT_SETUP:
        return [*setup_actions(state.shootout[seat])]
    return [{"type": "penalty", "card": c} for c in state.shootout[seat].takers]


def apply(state: State, seat: int, action: DuelAction) -> tuple[State, Events]:
    acting = to_act(state)
    if state.phase == Phase.ARRANGE and seat in acting:
        assert state.arranging is not None
        if not is_legal_arrangement(state.arranging[seat], action):
            raise IllegalAction(f"not a legal action now: {action!r}")
    else:
        legal = legal_actions(state, seat)
        check_legal(legal, seat, acting, action)
        action = legal[legal.index(action)]  # the canonical element (1 == 1.0 == True in Python)
    events: Events = []
    if action["type"] == "challenge":
        state = _challenge(state, action["card"], action["slot"] - 1, events)
    elif action["type"] == "shoot":
        state = _shoot(state, action["card"], events)
    elif action["type"] == "goalkeeper":
        state = _pick_goalkeeper(state, action["card"], events)
    elif action["type"] == "swap" or action["type"] == "done":
        state = arrange(state, seat, action, events)
        if state.arranging is None:  # both are ready: the possession starts
            state = _start_possession(state, events)
    elif action["type"] == "order_keeper" or action["type"] == "drop_taker":
        state = shootout_setup(state, seat, action, events)
    elif action["type"] == "penalty":
        state = penalty(state, action["card"], events)
    else:  # pragma: no cover - check_legal only lets listed actions through
        raise IllegalAction(f"unknown action {action['type']!r}")
    return state, events

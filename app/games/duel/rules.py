"""Football Duel rules, top-down: set-up → whose turn → legal actions → apply → outcome.

Every function cites its rule in `rules/duel.md`. `apply` is pure: it builds new frozen states
and collects the public events of what happened in a local list.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.base import Action, Event, IllegalAction, JsonDict, Rng, check_legal
from app.games.duel.cards import Card, compare, deck, face, value_of
from app.games.duel.state import (
    CHAIN_SLOTS,
    FULL_SQUAD,
    SHOOTOUT_KEEPERS,
    SHOOTOUT_TAKERS,
    SHOTS_TO_EARN,
    Arrangement,
    Duel,
    Kicker,
    Options,
    Phase,
    Side,
    Slots,
    State,
)

Events = list[Event]

ATTACK_WINS = "attack_wins"
TIE = "tie"
DEFENCE_WINS = "defence_wins"
GOAL = "goal"
SAVED = "saved"


def player(seat: int) -> str:
    """The English fallback name of a seat in event texts."""
    return f"P{seat + 1}"


def _pair(sides: tuple[Side, Side], seat: int, side: Side) -> tuple[Side, Side]:
    return (side, sides[1]) if seat == 0 else (sides[0], side)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _set_slot(chain: Slots, slot: int, card: Card | None) -> Slots:
    return (*chain[:slot], card, *chain[slot + 1 :])


# --- Set-up ------------------------------------------------------------------------------------


def new_state(options: Options, seed: int) -> State:
    """rules/duel.md "Set-up" 4: a coin toss decides who has the ball in the first half."""
    kick_off, rng = Rng(seed).randint(0, 1)
    state = State(options=options, rng=rng, phase=Phase.OVER, sides=(Side(), Side()))
    return _setup_half(replace(state, kick_off=kick_off), 1, kick_off, [])


def _setup_half(state: State, half: int, ball: int, events: Events) -> State:
    """rules/duel.md "Set-up (each half)" 1-3: shuffle, 6 face down as the chain, 5 in hand."""
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
    """rules/duel.md "An attack": a possession starts with a free choice of slot.

    Attack 4 generalised: with an empty hand the attack cannot start (throw-in); against an
    empty chain it earns a shot at once.
    """
    state = replace(
        state,
        possessions=state.possessions + 1,
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
    """rules/duel.md "An attack" 1 and 3: any occupied slot first, then the nearest ones."""
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
    """rules/duel.md "An attack" 1-3: both cards revealed, compared and set aside."""
    seat = state.ball
    attack, defence = state.sides[seat], state.sides[1 - seat]
    defender = defence.chain[slot]
    assert defender is not None  # legal_actions only offers occupied slots
    result = compare(value_of(card), value_of(defender))
    outcome = ATTACK_WINS if result > 0 else TIE if result == 0 else DEFENCE_WINS
    attack = replace(attack, hand=_without(attack.hand, card), set_aside=(*attack.set_aside, card))
    defence = replace(
        defence,
        chain=_set_slot(defence.chain, slot, None),
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
    state = replace(
        state,
        sides=_pair(_pair(state.sides, seat, attack), 1 - seat, defence),
        last_slot=slot,
        last_duel=Duel(seat, card, defender, slot + 1, outcome),
        wins=state.wins + (outcome == ATTACK_WINS),
    )
    if outcome == DEFENCE_WINS:  # "An attack" 3: the ball changes team at once
        return _change_ball(state, 1 - seat, events)
    return _continue_attack(state, events)


def _continue_attack(state: State, events: Events) -> State:
    """rules/duel.md "An attack" 3-4: the second win earns a shot; ties do not reset it."""
    if state.wins >= SHOTS_TO_EARN:
        return _earn_shot(state, events)
    if not state.sides[state.ball].hand:
        return _throw_in(state, "no_attacker", events)
    if not state.sides[1 - state.ball].chain_cards:
        return _earn_shot(state, events)
    return replace(state, phase=Phase.CHALLENGE)


def _throw_in(state: State, reason: str, events: Events) -> State:
    """rules/duel.md "An attack" 4 and 5: the attack cannot go on; the ball changes team."""
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
    """rules/duel.md "An attack" 5: a shot against the goalkeeper.

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
        side = replace(side, chain=_set_slot(side.chain, side.chain.index(card), None))
    else:
        side = replace(side, hand=_without(side.hand, card))
    events.append(
        {"event": "goalkeeper_picked", "seat": seat, "text": f"{player(seat)} picks a goalkeeper"}
    )
    return replace(state, sides=_pair(state.sides, seat, side), keeper=card, phase=Phase.SHOT)


def _shoot(state: State, card: Card, events: Events) -> State:
    """rules/duel.md "An attack" 5: attack wins = goal; defence wins or tie = save."""
    seat = state.ball
    attack, defence = state.sides[seat], state.sides[1 - seat]
    keeper = state.keeper
    if keeper is None and defence.pile:
        keeper, defence = defence.pile[0], replace(defence, pile=defence.pile[1:])
    scored = keeper is None or compare(value_of(card), value_of(keeper)) > 0
    outcome = GOAL if scored else SAVED
    attack = replace(attack, hand=_without(attack.hand, card), set_aside=(*attack.set_aside, card))
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
        score = (score[0] + 1, score[1]) if seat == 0 else (score[0], score[1] + 1)
        events.append({"event": "goal", "seat": seat, "score": list(score), "text": "Goal!"})
    state = replace(
        state,
        sides=_pair(_pair(state.sides, seat, attack), 1 - seat, defence),
        score=score,
        keeper=None,
        last_duel=Duel(seat, card, keeper, None, outcome),
    )
    return _change_ball(state, 1 - seat, events)


# --- Turn switch, refill, arrangement ----------------------------------------------------------


def refill(side: Side) -> tuple[Side, int]:
    """rules/duel.md "Turn switch and refill": draw until 11 held or the pile is empty.

    Drawn cards fill empty chain slots (lowest first), then the hand; the chain must hold
    min(6, held), so hand cards move into empty slots when it is short. The owner can then
    rearrange freely, so this placement takes no choice away.
    """
    drawn = side.pile[: max(0, FULL_SQUAD - side.held)]
    chain, hand = list(side.chain), list(side.hand)
    for card in drawn:
        if None in chain:
            chain[chain.index(None)] = card
        else:
            hand.append(card)
    while hand and None in chain:
        chain[chain.index(None)] = hand.pop()
    side = replace(side, pile=side.pile[len(drawn) :], hand=tuple(hand), chain=tuple(chain))
    return side, len(drawn)


def _change_ball(state: State, to: int, events: Events) -> State:
    """rules/duel.md "Turn switch and refill" and "End of a half": refill, then arrange or end."""
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


def arrangement_actions(arrangement: Arrangement) -> list[Action]:
    """rules/duel.md "Turn switch": swap a hand card with a chain card, or two chain slots."""
    if arrangement.done:
        return []
    chain = arrangement.chain
    actions: list[Action] = [
        {"type": "swap", "card": card, "slot": slot + 1}
        for card in arrangement.hand
        for slot in range(CHAIN_SLOTS)
        if chain[slot] is not None
    ]
    actions += [
        {"type": "swap", "slots": [a + 1, b + 1]}
        for a in range(CHAIN_SLOTS)
        for b in range(a + 1, CHAIN_SLOTS)
        if chain[a] is not None or chain[b] is not None
    ]
    actions.append({"type": "done"})
    return actions


def is_legal_arrangement(arrangement: Arrangement, action: Action) -> bool:
    """The same answer as `action in arrangement_actions(arrangement)`, without building the
    list (random play calls this for every one of its many swaps)."""
    if arrangement.done or not isinstance(action, dict) or "type" not in action:
        return False
    keys = action.keys()
    if keys == {"type"}:
        return bool(action["type"] == "done")
    if action["type"] != "swap":
        return False
    if keys == {"type", "slots"}:
        slots = action["slots"]
        if not (isinstance(slots, list) and len(slots) == 2 and all(_is_slot(s) for s in slots)):
            return False
        a, b = slots
        return bool(a < b and (arrangement.chain[a - 1] or arrangement.chain[b - 1]))
    if keys == {"type", "card", "slot"}:
        slot = action["slot"]
        return (
            action["card"] in arrangement.hand
            and _is_slot(slot)
            and bool(arrangement.chain[slot - 1])
        )
    return False


def _is_slot(value: object) -> bool:
    return type(value) is int and 1 <= value <= CHAIN_SLOTS


def _swap(arrangement: Arrangement, action: Action) -> Arrangement:
    chain = list(arrangement.chain)
    if "slots" in action:
        a, b = action["slots"][0] - 1, action["slots"][1] - 1
        chain[a], chain[b] = chain[b], chain[a]
        return Arrangement(arrangement.hand, tuple(chain))
    slot, card = action["slot"] - 1, action["card"]
    out = chain[slot]
    assert out is not None  # only occupied slots are legal
    hand = tuple(out if c == card else c for c in arrangement.hand)
    chain[slot] = card
    return Arrangement(hand, tuple(chain))


def _arrange(state: State, seat: int, action: Action, events: Events) -> State:
    """Both arrange at once; once both said done, the possession starts."""
    assert state.arranging is not None
    mine = state.arranging[seat]
    if action["type"] == "done":
        mine = Arrangement(mine.hand, mine.chain, done=True)
        events.append({"event": "arranged", "seat": seat, "text": f"{player(seat)} is ready"})
    else:
        mine = _swap(mine, action)
    pair = (mine, state.arranging[1]) if seat == 0 else (state.arranging[0], mine)
    if not all(a.done for a in pair):
        return replace(state, arranging=pair)
    sides = tuple(
        replace(s, hand=a.hand, chain=a.chain) for s, a in zip(state.sides, pair, strict=True)
    )
    return _start_possession(replace(state, sides=(sides[0], sides[1]), arranging=None), events)


# --- End of a half, of the match ---------------------------------------------------------------


def _coin_toss(state: State, purpose: str, events: Events) -> tuple[int, State]:
    seat, rng = state.rng.randint(0, 1)
    events.append(
        {
            "event": "coin_toss",
            "seat": seat,
            "for": purpose,
            "text": f"Coin toss for the {purpose.replace('_', ' ')}: {player(seat)}",
        }
    )
    return seat, replace(state, rng=rng)


def _end_half(state: State, events: Events) -> State:
    """rules/duel.md "End of a half, of the match": halves, then extra time and/or a shoot-out."""
    events.append(
        {
            "event": "half_ended",
            "half": state.half,
            "score": list(state.score),
            "text": f"End of {'extra time' if state.half > state.options.halves else f'half {state.half}'}",
        }
    )
    options = state.options
    if state.half < options.halves:  # the other team starts the second half
        return _setup_half(state, state.half + 1, 1 - state.kick_off, events)
    level = state.score[0] == state.score[1]
    if level and options.extra_time and state.half == options.halves:
        seat, state = _coin_toss(state, "extra_time", events)
        return _setup_half(state, state.half + 1, seat, events)
    if level and options.shootout:
        return _setup_shootout(state, events)
    return _finish(state, events)


def _finish(state: State, events: Events) -> State:
    state = replace(state, phase=Phase.OVER, arranging=None)
    outcome = result(state)
    assert outcome is not None
    events.append(
        {
            "event": "full_time",
            "score": list(state.score),
            "winners": outcome["winners"],
            "text": f"Full time {state.score[0]}-{state.score[1]}",
        }
    )
    return state


# --- Penalty shoot-out -------------------------------------------------------------------------


def _setup_shootout(state: State, events: Events) -> State:
    """rules/duel.md "Penalty shoot-out" 1: reshuffle, 5 goalkeepers and 7 takers each."""
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


def setup_actions(kicker: Kicker) -> list[Action]:
    """rules/duel.md "Decisions": order goalkeepers stepwise, drop 2 of the 7 takers."""
    actions: list[Action] = []
    if len(kicker.pool) > 1:
        actions += [{"type": "order_keeper", "card": card} for card in kicker.pool]
    if len(kicker.dropped) < 2:
        actions += [{"type": "drop_taker", "card": card} for card in kicker.takers]
    return actions


def _shootout_setup(state: State, seat: int, action: Action, events: Events) -> State:
    assert state.shootout is not None
    kicker = state.shootout[seat]
    card = action["card"]
    if action["type"] == "order_keeper":
        pool = _without(kicker.pool, card)
        keepers = (*kicker.keepers, card)
        if len(pool) == 1:  # the last goalkeeper has only one place left
            keepers, pool = (*keepers, pool[0]), ()
        kicker = replace(kicker, pool=pool, keepers=keepers)
    else:
        kicker = replace(
            kicker, takers=_without(kicker.takers, card), dropped=(*kicker.dropped, card)
        )
    if kicker.is_ready:
        events.append({"event": "shootout_ready", "seat": seat, "text": f"{player(seat)} is ready"})
    pair = (kicker, state.shootout[1]) if seat == 0 else (state.shootout[0], kicker)
    state = replace(state, shootout=pair)
    if not all(k.is_ready for k in pair):
        return state
    first, state = _coin_toss(state, "shootout", events)  # "Penalty shoot-out" 2
    return replace(state, phase=Phase.PENALTY, shooter=first, first_shooter=first)


def _kick(
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


def _penalty(state: State, card: Card, events: Events) -> State:
    """rules/duel.md "Penalty shoot-out" 3-4."""
    assert state.shootout is not None
    seat = state.shooter
    kickers = state.shootout
    keeper = kickers[1 - seat].keepers[0]
    taker_side = replace(kickers[seat], takers=_without(kickers[seat].takers, card))
    goalie_side = replace(kickers[1 - seat], keepers=kickers[1 - seat].keepers[1:])
    kickers = (taker_side, goalie_side) if seat == 0 else (goalie_side, taker_side)
    kickers = _kick(kickers, seat, card, keeper, events, sudden=False)
    state = replace(state, shootout=kickers, shooter=1 - seat)
    if any(k.keepers for k in kickers):
        return state
    return _sudden_death(state, events)


def _sudden_death(state: State, events: Events) -> State:
    """rules/duel.md "Penalty shoot-out" 4 [designed]: still level, each team draws a keeper
    and a taker from the top of its pile, round by round, until one scores and the other does
    not. Designed further: should a pile run out first, a coin toss decides."""
    assert state.shootout is not None
    kickers = state.shootout
    order = (state.first_shooter, 1 - state.first_shooter)
    while sum(kickers[0].kicks) == sum(kickers[1].kicks):
        if any(len(k.pile) < 2 for k in kickers):
            seat, state = _coin_toss(state, "shootout_winner", events)
            return _finish(replace(state, shootout=kickers, coin_winner=seat), events)
        keepers = [k.pile[0] for k in kickers]
        takers = [k.pile[1] for k in kickers]
        kickers = (
            replace(kickers[0], pile=kickers[0].pile[2:]),
            replace(kickers[1], pile=kickers[1].pile[2:]),
        )
        for seat in order:
            kickers = _kick(kickers, seat, takers[seat], keepers[1 - seat], events, sudden=True)
    return _finish(replace(state, shootout=kickers), events)


# --- Whose turn, legal actions, apply, outcome -------------------------------------------------


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


def legal_actions(state: State, seat: int) -> list[Action]:
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
        return arrangement_actions(state.arranging[seat])
    assert state.shootout is not None
    if phase == Phase.SHOOTOUT_SETUP:
        return setup_actions(state.shootout[seat])
    return [{"type": "penalty", "card": c} for c in state.shootout[seat].takers]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
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
    kind = action["type"]
    if kind == "challenge":
        state = _challenge(state, action["card"], action["slot"] - 1, events)
    elif kind == "shoot":
        state = _shoot(state, action["card"], events)
    elif kind == "goalkeeper":
        state = _pick_goalkeeper(state, action["card"], events)
    elif kind in ("swap", "done"):
        state = _arrange(state, seat, action, events)
    elif kind in ("order_keeper", "drop_taker"):
        state = _shootout_setup(state, seat, action, events)
    elif kind == "penalty":
        state = _penalty(state, action["card"], events)
    else:  # pragma: no cover - check_legal only lets listed actions through
        raise IllegalAction(f"unknown action {kind!r}")
    return state, events


def shootout_goals(state: State) -> list[int] | None:
    if state.shootout is None:
        return None
    return [sum(k.kicks) for k in state.shootout]


def result(state: State) -> JsonDict | None:
    """rules/duel.md "End of a half, of the match": most goals; else the shoot-out; else a draw."""
    if state.phase != Phase.OVER:
        return None
    goals = shootout_goals(state)
    winners: list[int] = []
    if state.score[0] != state.score[1]:
        winners = [0 if state.score[0] > state.score[1] else 1]
    elif state.coin_winner is not None:
        winners = [state.coin_winner]
    elif goals is not None and goals[0] != goals[1]:
        winners = [0 if goals[0] > goals[1] else 1]
    return {
        "winners": winners,
        "draw": not winners,
        "score": list(state.score),
        "shootout": goals,
        "possessions": state.possessions,
    }

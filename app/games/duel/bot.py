"""A Football Duel bot that decides only from `view(state, seat)` and the offered actions.

It counts cards: every opponent card not yet revealed this half is equally likely to be the
hidden one it meets. It plays the card most likely to win each duel (so a 1 waits until the
opponent's unseen cards hold enough 11s), keeps its strongest cards in the chain and drops its
weakest penalty takers.
"""

from __future__ import annotations

import random
from collections import Counter

from app.games.base import Action, JsonDict, SeatView, View
from app.games.duel.cards import VALUES, compare

Odds = dict[int, float]  # value -> probability that the hidden opponent card has it


def unseen_odds(view: View, opponent: int) -> Odds:
    """The value distribution of the opponent's cards that no duel has revealed yet."""
    public = view.public
    seen: list[JsonDict] = list(public["players"][opponent]["set_aside"])
    if public["shootout"] is not None:
        seen = list(public["shootout"]["players"][opponent]["used"])
    counts = Counter(dict.fromkeys(VALUES, public["copies"]))
    counts.subtract(card["value"] for card in seen)
    total = sum(max(0, n) for n in counts.values()) or 1
    return {v: max(0, n) / total for v, n in counts.items()}


def win_chance(value: int, odds: Odds) -> float:
    """How likely `value` beats the hidden card, counting a tie as half a win."""
    return sum(
        p * (1.0 if compare(value, v) > 0 else 0.5 if v == value else 0.0) for v, p in odds.items()
    )


def hold_chance(value: int, odds: Odds) -> float:
    """How likely `value` stops (wins against or ties with) a hidden attacking card."""
    return sum(p for v, p in odds.items() if compare(v, value) <= 0)


def _values(view: View) -> dict[str, int]:
    """The values of this seat's own cards, by id."""
    private = view.private or {}
    cards = [*private.get("hand", []), *(c for c in private.get("chain", []) if c)]
    shootout = private.get("shootout") or {}
    for key in ("pool", "keepers", "takers", "dropped"):
        cards += shootout.get(key, [])
    if private.get("goalkeeper"):
        cards.append(private["goalkeeper"])
    return {card["id"]: card["value"] for card in cards}


def _best(actions: list[Action], score: dict[str, float], rng: random.Random) -> Action:
    """The action whose card scores highest; a random one among equals."""
    top = max(score[a["card"]] for a in actions)
    return rng.choice([a for a in actions if score[a["card"]] >= top - 1e-9])


ATTACKERS_KEPT = 4  # strongest cards held for the attack; the rest of the hand are the weakest


def _arrange(view: View, legal: list[Action], odds: Odds) -> Action:
    """Keep the strongest few cards in hand to attack with, the middle of the squad in the
    chain, and the weakest (the 1s above all) in hand where they cost no duel; one swap at a
    time, then done."""
    private = view.private or {}
    hand = [c["id"] for c in private["hand"]]
    chain = [c["id"] if c else None for c in private["chain"]]
    value = {c["id"]: c["value"] for c in private["hand"] + [c for c in private["chain"] if c]}
    ranked = sorted(value, key=lambda c: (-win_chance(value[c], odds), c))
    room = len(hand) - min(ATTACKERS_KEPT, len(hand))
    wanted = set(ranked[: len(hand) - room]) | set(ranked[len(ranked) - room :] if room else [])
    leaving = [c for c in hand if c not in wanted]
    coming = [c for c in chain if c is not None and c in wanted]
    if leaving and coming:
        swap = {"type": "swap", "card": leaving[0], "slot": chain.index(coming[0]) + 1}
        if swap in legal:
            return swap
    return {"type": "done"}


def _challenge(
    view: View, legal: list[Action], odds: Odds, values: dict[str, int], rng: random.Random
) -> Action:
    """Plan the cards for the duels still needed and the shot (the strongest ones), and play
    the weakest of that plan first: a lost duel then costs the least."""
    attack = view.public["attack"]
    needed = attack["wins_for_shot"] - attack["wins"] + 1
    chance = {a["card"]: win_chance(values[a["card"]], odds) for a in legal}
    plan = sorted(set(chance), key=lambda c: (-chance[c], c))[:needed]
    lowest = min(chance[c] for c in plan)
    return _best(legal, {c: -abs(chance[c] - lowest) for c in chance}, rng)


def choose(view: View, seat: int, legal: list[Action], rng: random.Random) -> Action:
    kind = legal[0]["type"]
    odds = unseen_odds(view, 1 - seat)
    values = _values(view)
    if kind == "challenge":
        return _challenge(view, legal, odds, values, rng)
    if kind in ("shoot", "penalty"):
        return _best(legal, {c: win_chance(v, odds) for c, v in values.items()}, rng)
    if kind == "goalkeeper":
        return _best(legal, {c: hold_chance(v, odds) for c, v in values.items()}, rng)
    if kind in ("swap", "done"):
        return _arrange(view, legal, odds)
    # shoot-out set-up: keepers strongest first, then drop the two weakest takers
    keepers = [a for a in legal if a["type"] == "order_keeper"]
    if keepers:
        return _best(keepers, {c: hold_chance(v, odds) for c, v in values.items()}, rng)
    return _best(legal, {c: -win_chance(v, odds) for c, v in values.items()}, rng)


def act(view: SeatView, rng: random.Random) -> Action:
    """The contract's bot (`Game.bot_action`): `choose` on the seat's view and legal actions."""
    seen = View(view["phase"], view["public"], view["private"])
    return choose(seen, view["you"], view["legal"], rng)

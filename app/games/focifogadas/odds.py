"""What a bookmaker bot believes about betting cards, and its table decisions.

The beliefs are the simulated Bukméker probabilities of rules/focifogadas.md §8.2/§8.3
(p(BUK), uniformly random play with 12-card decks), sharpened by the card's status so far.
Every decision here reads only one seat's `View` and its legal actions: nothing hidden.
"""

from __future__ import annotations

import random
from typing import Final

from app.games.base import Action, JsonDict, View

# §8.2 p(BUK) of the light cards, L01..L29.
_LIGHT_P: Final = (
    *(0.48, 0.47, 0.31, 0.31, 0.39, 0.21, 0.18, 0.37, 0.37, 0.31),
    *(0.30, 0.21, 0.37, 0.36, 0.27, 0.16, 0.16, 0.18, 0.17, 0.69),
    *(0.37, 0.17, 0.43, 0.21, 0.41, 0.22, 0.30, 0.13, 0.46),
)
# §8.3 p(BUK) of the dark cards, rows by home goals 0..4, columns by away goals 0..4.
_DARK_P: Final = (
    (0.048, 0.076, 0.053, 0.021, 0.007),
    (0.075, 0.127, 0.093, 0.041, 0.012),
    (0.052, 0.094, 0.069, 0.034, 0.011),
    (0.023, 0.041, 0.035, 0.018, 0.006),
    (0.007, 0.014, 0.012, 0.006, 0.002),
)
PRIOR: Final[dict[str, float]] = {
    **{f"L{i + 1:02d}": p for i, p in enumerate(_LIGHT_P)},
    **{f"D{h}{a}": _DARK_P[h][a] for h in range(5) for a in range(5)},
}


HIGH: Final = 8  # the discs priced for exact results (§10.4 rationale)
MARGIN: Final = 0.85  # the bookmaker's multiplier as a share of the fair one


def belief(card_id: str, status: str = "alive") -> float:
    """The chance the bot gives a card: certain once decided, the prior while open."""
    if status == "won":
        return 1.0
    if status == "lost":
        return 0.0
    return PRIOR[card_id]


def book_action(v: View, legal: list[Action], rnd: random.Random) -> Action:
    """Draft, disc and stake decisions for a bookmaker seat (§10.3–§10.5)."""
    kind = legal[0]["type"]
    if kind == "pick":
        return _pick(legal, rnd)
    if kind == "disc":
        assert v.private is not None
        return _disc(v.private["pick"], legal)
    if kind == "stake":
        return _stake(v.public, legal, rnd)
    return rnd.choice(legal)


def _pick(legal: list[Action], rnd: random.Random) -> Action:
    """Offer the event it believes least likely (a bookmaker keeps what is not won)."""
    return min(legal, key=lambda a: (PRIOR[a["card"]], rnd.random()))


def _disc(card: JsonDict, legal: list[Action]) -> Action:
    """A disc a little under the fair price 1/p; exact results get ×8 or more while any is left."""
    values = [a["value"] for a in legal]
    if card["kind"] == "dark" and any(v >= HIGH for v in values):
        values = [v for v in values if v >= HIGH]
    target = MARGIN / PRIOR[card["id"]]
    return {"type": "disc", "value": min(values, key=lambda m: (abs(m - target), m))}


def _stake(public: JsonDict, legal: list[Action], rnd: random.Random) -> Action:
    """Stake on the card with the best expected return, more markers when it is good."""
    offers = {o["card"]["id"]: o for o in public["offers"]}

    def value(card_id: str) -> float:
        o = offers[card_id]
        return belief(card_id, o["status"]) * float(o["multiplier"]) - 1.0

    cards = list(dict.fromkeys(a["card"] for a in legal))  # legal order: no hash order
    best = max(cards, key=lambda c: (value(c), rnd.random()))
    ev = value(best)
    want = 3 if ev > 0.5 else (2 if ev > 0.0 else 1)
    options = [a for a in legal if a["card"] == best]
    return min(options, key=lambda a: abs(a["n"] - want))

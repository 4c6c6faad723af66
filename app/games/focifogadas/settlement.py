"""Settlement of the bookmakers' table (docs/rules/focifogadas.md §10.7), Bukméker and live alike.

Winning staked cards are paid in order of disc value, then fewer markers; equal ones as one
simultaneous group on the balances at its start (A12). A bookmaker short of money pays its
whole balance, shared out proportionally to the claims (A11) or, with the §12.1 alternative
`insolvency_split = "equal"`, in equal shares per winning bettor; the rest is forgiven.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from app.games.base import JsonDict, Result
from app.games.focifogadas.bets import CARDS
from app.games.focifogadas.book import MARKER_VALUE, Book, Offer, Stake
from app.games.focifogadas.events import Events
from app.games.focifogadas.record import MatchRecord


class BookResult(Result):
    """The result of a Bukméker or live night: the money after settlement (the most wins),
    the settlement groups, the final score and record."""

    money: list[int]
    settlement: list[JsonDict]
    score: list[int]
    record: JsonDict


def markers_on(stakes: Iterable[Stake], card: str) -> int:
    return sum(s.n for s in stakes if s.card == card)


def settle(
    money: tuple[int, ...],
    offers: tuple[Offer, ...],
    stakes: tuple[Stake, ...],
    occurred: Callable[[str], bool],
    split: str = "proportional",
) -> tuple[tuple[int, ...], list[JsonDict]]:
    """§10.7: winning staked cards by (disc, markers), equal ones as one simultaneous group.
    `split`: how a bookmaker short of money shares it out (A11, §12.1 insolvency_split).

    Returns the balances after settlement and the ordered groups, each
    `{"disc", "markers", "cards", "transfers": [{card, payer, payee, owed, paid, forgiven}]}`.
    """
    n = len(money)
    winning = [o for o in offers if markers_on(stakes, o.card) and occurred(o.card)]
    keys = sorted({(o.disc, markers_on(stakes, o.card)) for o in winning})
    balance = list(money)
    groups: list[JsonDict] = []
    for key in keys:
        group = [o for o in winning if (o.disc, markers_on(stakes, o.card)) == key]
        start = tuple(balance)  # A12: payments use the balances at the start of the group
        transfers: list[JsonDict] = []
        for bookmaker in sorted({o.bookmaker for o in group}):
            cards = [o for o in group if o.bookmaker == bookmaker]
            transfers += _pay_out(bookmaker, cards, stakes, start[bookmaker], n, split)
        for t in transfers:
            balance[t["payer"]] -= t["paid"]
            balance[t["payee"]] += t["paid"]
        groups.append(
            {
                "disc": key[0],
                "markers": key[1],
                "cards": [o.card for o in group],
                "transfers": transfers,
            }
        )
    return tuple(balance), groups


def _pay_out(
    bookmaker: int, cards: list[Offer], stakes: tuple[Stake, ...], avail: int, n: int, split: str
) -> list[JsonDict]:
    """One bookmaker's claims in one group: in full, or its whole balance shared out."""
    owed_by_card = [
        (o.card, s.seat, MARKER_VALUE * o.disc * s.n)
        for o in cards
        for s in stakes
        if s.card == o.card
    ]
    claim: dict[int, int] = {}
    for _, seat, owed in owed_by_card:
        claim[seat] = claim.get(seat, 0) + owed  # A28: summed per bettor
    total = sum(claim.values())
    clockwise = [s for s in ((bookmaker + k) % n for k in range(1, n)) if s in claim]
    if avail >= total:
        pay = dict(claim)
    elif split == "equal":
        pay = _equal_shares(claim, avail, clockwise)
    else:
        pay = {seat: avail * c // total for seat, c in claim.items()}
        _spread(pay, avail - sum(pay.values()), clockwise)
    transfers: list[JsonDict] = []
    for card, seat, owed in owed_by_card:
        paid = min(owed, pay[seat])  # a bettor's pay covers its cards in settlement order
        pay[seat] -= paid
        transfers.append(
            {
                "card": card,
                "payer": bookmaker,
                "payee": seat,
                "owed": owed,
                "paid": paid,
                "forgiven": owed - paid,
            }
        )
    return transfers


def _spread(pay: dict[int, int], leftover: int, clockwise: list[int]) -> None:
    """The whole-pééénz remainder, 1 at a time clockwise from the bookmaker's left (A28)."""
    for seat in clockwise[:leftover]:
        pay[seat] += 1


def _equal_shares(claim: dict[int, int], avail: int, clockwise: list[int]) -> dict[int, int]:
    """§12.1 `insolvency_split = "equal"`: the money in equal shares per winning bettor; a
    bettor owed less than a share gets its claim and the rest is shared among the others."""
    pay: dict[int, int] = {}
    open_seats = list(clockwise)
    left = avail
    while open_seats:
        share = left // len(open_seats)
        covered = [s for s in open_seats if claim[s] <= share]
        if not covered:
            for seat in open_seats:
                pay[seat] = share
            _spread(pay, left - share * len(open_seats), open_seats)
            break
        for seat in covered:
            pay[seat] = claim[seat]
            left -= claim[seat]
            open_seats.remove(seat)
    return pay


def settle_book(b: Book, record: MatchRecord) -> tuple[tuple[int, ...], list[JsonDict]]:
    return settle(
        b.money, b.offers, b.stakes, lambda card: CARDS[card].holds(record), b.rules.split
    )


def winners(money: tuple[int, ...]) -> list[int]:
    """§10.7: the most pééénz wins; ties share the victory (D)."""
    best = max(money)
    return [i for i, m in enumerate(money) if m == best]


def final_result(b: Book, record: MatchRecord) -> BookResult:
    """The night's result (Bukméker and live alike): §10.7 settlement on the final record."""
    money, groups = settle_book(b, record)
    return BookResult(
        winners=winners(money),
        money=list(money),
        settlement=groups,
        score=list(record.score),
        record=record.to_json(),
    )


def settlement_events(groups: list[JsonDict], money: tuple[int, ...]) -> Events:
    events: Events = [
        {
            "event": "bets_settled",
            "disc": g["disc"],
            "cards": g["cards"],
            "transfers": g["transfers"],
        }
        for g in groups
    ]
    events.append({"event": "game_over", "money": list(money), "winners": winners(money)})
    return events

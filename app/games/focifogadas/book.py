"""The bookmakers' table shared by Bukméker and live mode (docs/rules/focifogadas.md §10.1–§10.7).

Deal, three-round draft with hidden picks, multiplier discs, stakes and settlement, as pure
functions over a frozen `Book`. The mode modules (`bukmeker.py`, `live.py`) put a match or a
scorer's entry list between the stakes and the settlement.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, cast

from app.games.base import Event, JsonDict, Rng, check_legal
from app.games.focifogadas.actions import BookAction
from app.games.focifogadas.bets import CARDS, DARK_IDS, LIGHT_IDS, is_dark
from app.games.focifogadas.events import Events
from app.games.focifogadas.options import DISC_POOL, DISC_POOLS, INSOLVENCY_SPLIT, STAKE_LIMIT

DISC_VALUES: Final = (2, 3, 4, 5, 6, 8, 10, 12)  # §10.4 (D); "sevens" in options.DISC_POOLS
DISC_COPIES: Final = 3
MARKER_VALUE: Final = 100  # §10.5 (S*)
MONEY_PER_PLAYER: Final = 1000  # §10.1 (S*): 1000 × N each
DEAL_EACH: Final = 4  # §10.1: 4 light + 4 dark
ROUNDS: Final = 3  # §10.3
MAX_PER_CARD: Final = 3  # §10.5 rule 3
LIMIT_WHILE_BARE: Final = 2  # §10.5 rule 4

DRAFT: Final = "draft"
DISCS: Final = "discs"
STAKES: Final = "stakes"
DONE: Final = "done"


@dataclass(frozen=True, slots=True)
class TableRules:
    """The §12.1 alternatives of the bookmakers' table (defaults: the designed rules)."""

    disc_values: tuple[int, ...] = DISC_VALUES  # §10.4 disc_pool
    disc_copies: int = DISC_COPIES
    stake_cap: int | None = None  # §10.5 rule 4 / A10: bettors per card once all are covered
    split: str = "proportional"  # §10.7 / A11 insolvency_split: or "equal" per winning bettor

    def to_json(self) -> JsonDict:
        return {
            "disc_values": list(self.disc_values),
            "disc_copies": self.disc_copies,
            "stake_cap": self.stake_cap,
            "split": self.split,
        }

    @classmethod
    def from_json(cls, d: JsonDict) -> TableRules:
        cap = d["stake_cap"]
        return cls(
            tuple(int(v) for v in d["disc_values"]),
            int(d["disc_copies"]),
            None if cap is None else int(cap),
            str(d["split"]),
        )


STANDARD: Final = TableRules()
# The room options of the table (options.py), for the ModeSpec of Bukméker and live mode.
TABLE_OPTIONS: Final = {
    "disc_pool": DISC_POOL,
    "stake_limit_after_all_covered": STAKE_LIMIT,
    "insolvency_split": INSOLVENCY_SPLIT,
}


def table_rules(options: JsonDict) -> TableRules:
    """The table's rules from checked room options."""
    values, copies = DISC_POOLS[str(options["disc_pool"])]
    cap = options["stake_limit_after_all_covered"]
    return TableRules(values, copies, cap, str(options["insolvency_split"]))


@dataclass(frozen=True, slots=True)
class Offer:
    """A betting card a bookmaker offers, with its multiplier disc (§10.3 step 2)."""

    card: str
    bookmaker: int
    disc: int


@dataclass(frozen=True, slots=True)
class Stake:
    """`n` markers of `seat` on `card`, paid to its bookmaker at once (§10.5)."""

    card: str
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Book:
    n: int
    start: int  # the start player: leads the reveals and the stakes
    money: tuple[int, ...]
    phase: str
    round: int
    hands: tuple[tuple[str, ...], ...]
    picks: tuple[str | None, ...]  # this round's hidden picks
    disc_turn: int  # index into seat_order during DISCS
    offers: tuple[Offer, ...]
    discs_left: tuple[int, ...]  # copies left per DISC_VALUES entry
    markers: tuple[int, ...]
    stakes: tuple[Stake, ...]
    stake_seat: int
    rules: TableRules = STANDARD


# --- Setup ----------------------------------------------------------------------------------


def deal(
    n: int, start: int, markers: int, rng: Rng, rules: TableRules = STANDARD
) -> tuple[Book, Rng, Events]:
    """§10.1 / §11 step 1: 4 light + 4 dark cards each, 1000·N money, the disc pool."""
    light, rng = rng.shuffle(LIGHT_IDS)
    dark, rng = rng.shuffle(DARK_IDS)
    k = DEAL_EACH
    hands = tuple(light[k * i : k * i + k] + dark[k * i : k * i + k] for i in range(n))
    book = Book(
        n=n,
        start=start,
        money=(MONEY_PER_PLAYER * n,) * n,
        phase=DRAFT,
        round=1,
        hands=hands,
        picks=(None,) * n,
        disc_turn=0,
        offers=(),
        discs_left=(rules.disc_copies,) * len(rules.disc_values),
        markers=(markers,) * n,
        stakes=(),
        stake_seat=start,
        rules=rules,
    )
    events: Events = [
        {"event": "betting_cards_dealt", "light": k, "dark": k, "money": book.money[0]},
        {"event": "draft_round_started", "round": 1},
    ]
    return book, rng, events


def seat_order(b: Book) -> list[int]:
    """Clockwise from the start player (§5: left(i) = i + 1)."""
    return [(b.start + k) % b.n for k in range(b.n)]


# --- Whose decision, and which ---------------------------------------------------------------


def to_act(b: Book) -> frozenset[int]:
    if b.phase == DRAFT:
        return frozenset(i for i in range(b.n) if b.picks[i] is None)
    if b.phase == DISCS:
        return frozenset({seat_order(b)[b.disc_turn]})
    if b.phase == STAKES:
        return frozenset({b.stake_seat})
    return frozenset()


def offers_of(b: Book, seat: int) -> list[Offer]:
    return [o for o in b.offers if o.bookmaker == seat]


def legal(b: Book, seat: int) -> list[BookAction]:
    if seat not in to_act(b):
        return []
    if b.phase == DRAFT:
        hand = b.hands[seat]
        # §10.3 step 1: at least one exact result among a player's three offered cards.
        if b.round == ROUNDS and not any(is_dark(o.card) for o in offers_of(b, seat)):
            hand = tuple(c for c in hand if is_dark(c))
        return [{"type": "pick", "card": c} for c in hand]
    if b.phase == DISCS:
        return [
            {"type": "disc", "value": v}
            for v, k in zip(b.rules.disc_values, b.discs_left, strict=True)
            if k
        ]
    return [
        {"type": "stake", "card": card, "n": n}
        for card in stakeable(b, seat)
        for n in range(1, min(MAX_PER_CARD, b.markers[seat]) + 1)
    ]


def bettors(b: Book, card: str) -> set[int]:
    return {s.seat for s in b.stakes if s.card == card}


LIMITS: Final = ("two_bettor_limit", "three_bettor_limit")  # rule 4, the fallback waives them


def stake_blocks(b: Book, seat: int) -> dict[str, str]:
    """Why each offered card is closed to `seat` now (§10.5 rules 1, 2, 4; no markers left).
    Once every card is covered, `rules.stake_cap` (A10) may still cap the bettors per card."""
    bare = any(not bettors(b, o.card) for o in b.offers)
    cap = b.rules.stake_cap
    blocks: dict[str, str] = {}
    for o in b.offers:
        on_card = bettors(b, o.card)
        if o.bookmaker == seat:
            blocks[o.card] = "own_card"
        elif seat in on_card:
            blocks[o.card] = "already_staked"
        elif bare and len(on_card) >= LIMIT_WHILE_BARE:
            blocks[o.card] = "two_bettor_limit"
        elif not bare and cap is not None and len(on_card) >= cap:
            blocks[o.card] = "three_bettor_limit"
        elif not b.markers[seat]:
            blocks[o.card] = "no_markers"
    return blocks


def stakeable(b: Book, seat: int) -> list[str]:
    """The cards `seat` may stake on now, with the deadlock fallback (§10.5 rule 5)."""
    blocks = stake_blocks(b, seat)
    open_cards = [o.card for o in b.offers if o.card not in blocks]
    if open_cards:
        return open_cards
    return [o.card for o in b.offers if blocks[o.card] in LIMITS]


# --- Applying a decision --------------------------------------------------------------------


def apply(b: Book, seat: int, action: BookAction) -> tuple[Book, Events]:
    check_legal(legal(b, seat), seat, to_act(b), action)
    if action["type"] == "pick":
        return _pick(b, seat, action["card"])
    if action["type"] == "disc":
        return _disc(b, seat, action["value"])
    return _stake(b, seat, action["card"], action["n"])


def _pick(b: Book, seat: int, card: str) -> tuple[Book, Events]:
    """§10.3 step 1: a hidden pick; the reveals start once every seat has picked."""
    picks = list(b.picks)
    picks[seat] = card
    hands = list(b.hands)
    hands[seat] = tuple(c for c in b.hands[seat] if c != card)
    b = replace(b, picks=tuple(picks), hands=tuple(hands))
    events: Events = [{"event": "card_picked", "seat": seat, "round": b.round}]
    if all(p is not None for p in picks):
        b = replace(b, phase=DISCS, disc_turn=0)
    return b, events


def _disc(b: Book, seat: int, value: int) -> tuple[Book, Events]:
    """§10.3 step 2: the pick is turned up and gets a disc; then the hands pass left."""
    card = b.picks[seat]
    assert card is not None
    index = b.rules.disc_values.index(value)
    discs = list(b.discs_left)
    discs[index] -= 1
    picks = tuple(None if i == seat else p for i, p in enumerate(b.picks))  # now face up
    b = replace(
        b,
        offers=(*b.offers, Offer(card, seat, value)),
        picks=picks,
        discs_left=tuple(discs),
        disc_turn=b.disc_turn + 1,
    )
    events: Events = [
        {"event": "card_offered", "seat": seat, "card": CARDS[card].to_json(), "disc": value}
    ]
    if b.disc_turn < b.n:
        return b, events
    if b.round < ROUNDS:
        # §10.3 step 3: seat i's hand goes to left(i) = i + 1.
        hands = tuple(b.hands[(i - 1) % b.n] for i in range(b.n))
        b = replace(b, hands=hands, round=b.round + 1, picks=(None,) * b.n, phase=DRAFT)
        events += [
            {"event": "hands_passed", "direction": "left"},
            {"event": "draft_round_started", "round": b.round},
        ]
        return b, events
    # After round 3 the rest of each hand goes to the box (D, §10.3 step 3).
    b = replace(b, hands=((),) * b.n, picks=(None,) * b.n, phase=STAKES, stake_seat=b.start)
    events.append({"event": "stakes_opened", "seat": b.start})
    return b, events


def offer(b: Book, card: str) -> Offer:
    return next(o for o in b.offers if o.card == card)


def _stake(b: Book, seat: int, card: str, n: int) -> tuple[Book, Events]:
    """§10.5: n markers on the card; 100·n paid to its bookmaker at once."""
    bookmaker = offer(b, card).bookmaker
    paid = MARKER_VALUE * n
    money = list(b.money)
    money[seat] -= paid
    money[bookmaker] += paid
    markers = list(b.markers)
    markers[seat] -= n
    b = replace(
        b, money=tuple(money), markers=tuple(markers), stakes=(*b.stakes, Stake(card, seat, n))
    )
    events: Events = [
        {
            "event": "stake_placed",
            "seat": seat,
            "card": card,
            "n": n,
            "bookmaker": bookmaker,
            "paid": paid,
        }
    ]
    nxt = next(((seat + k) % b.n for k in range(1, b.n + 1) if markers[(seat + k) % b.n]), None)
    if nxt is None:
        events.append({"event": "stakes_closed"})
        return replace(b, phase=DONE), events
    return replace(b, stake_seat=nxt), events


# --- English fallback texts of the table's events ---------------------------------------------

_TEXTS: Final = {
    "card_picked": "Seat {seat1} picked a card face down",
    "card_offered": "Seat {seat1} offers {card_id} at ×{disc}",
    "hands_passed": "Hands passed to the left",
    "draft_round_started": "Draft round {round}",
    "stakes_opened": "Stakes open: seat {seat1} first",
    "stake_placed": "Seat {seat1} staked {n} on {card} and paid {paid} to seat {bookmaker1}",
    "stakes_closed": "All stakes placed",
    "bets_settled": "Cards at ×{disc} settled",
    "game_over": "Game over",
    "scorer_named": "Seat {seat1} is the scorer",
    "scorer_handed_over": "Seat {seat1} handed the scorer role to seat {to1}",
    "full_time_requested": "Full time entered: waiting for the scorer to confirm",
    "full_time_cancelled": "Full time taken back",
    "piles_peeked": "Seat {seat1} looked at the {piles_text} piles",
}


def narrate(events: Events) -> list[Event]:
    """Add an English `text` to the table's events (the client prefers its own strings): from
    here on they are the JSON of the log."""
    out: list[Event] = []
    for e in cast("list[Event]", events):  # each a JSON object, as typed as it was written
        template = _TEXTS.get(e["event"])
        if template is None or "text" in e:
            out.append(e)
            continue
        fields = dict(e)
        for key in ("seat", "to", "bookmaker"):
            if isinstance(e.get(key), int):
                fields[f"{key}1"] = e[key] + 1
        fields["card_id"] = e["card"]["id"] if isinstance(e.get("card"), dict) else e.get("card")
        fields["piles_text"] = ", ".join(e.get("piles", []))
        out.append({**e, "text": template.format_map(fields)})
    return out


# --- JSON -----------------------------------------------------------------------------------


def dump(b: Book) -> JsonDict:
    return {
        "n": b.n,
        "start": b.start,
        "money": list(b.money),
        "phase": b.phase,
        "round": b.round,
        "hands": [list(h) for h in b.hands],
        "picks": list(b.picks),
        "disc_turn": b.disc_turn,
        "offers": [[o.card, o.bookmaker, o.disc] for o in b.offers],
        "discs_left": list(b.discs_left),
        "markers": list(b.markers),
        "stakes": [[s.card, s.seat, s.n] for s in b.stakes],
        "stake_seat": b.stake_seat,
        **({} if b.rules == STANDARD else {"rules": b.rules.to_json()}),
    }


def load(d: JsonDict) -> Book:
    return Book(
        n=d["n"],
        start=d["start"],
        money=tuple(d["money"]),
        phase=d["phase"],
        round=d["round"],
        hands=tuple(tuple(h) for h in d["hands"]),
        picks=tuple(d["picks"]),
        disc_turn=d["disc_turn"],
        offers=tuple(Offer(c, int(s), int(v)) for c, s, v in d["offers"]),
        discs_left=tuple(d["discs_left"]),
        markers=tuple(d["markers"]),
        stakes=tuple(Stake(c, int(s), int(k)) for c, s, k in d["stakes"]),
        stake_seat=d["stake_seat"],
        rules=TableRules.from_json(d["rules"]) if "rules" in d else STANDARD,
    )

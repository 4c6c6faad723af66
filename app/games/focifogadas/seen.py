"""A seat's view read back as the frozen states the bots simulate (bot.py): what the seat
sees is taken as it is, and every card it cannot see is filled in from what it cannot rule
out, in the catalogue's order. A bot deals those afresh before it uses them
(`match.resample_hidden`, `bot._resample`), so nothing here depends on the real order of a
pile or on another seat's secrets: the view is all there is.

Fields no decision reads (the state's `Rng`, other seats' hands, the bet decks) are left
empty.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from app.games.base import JsonDict, Rng, SeatView
from app.games.focifogadas import book
from app.games.focifogadas.board import TIME_STEPS, MatchState
from app.games.focifogadas.book import Book, Offer, Stake, TableRules
from app.games.focifogadas.cards import CATALOGUE, SECTIONS
from app.games.focifogadas.record import TEAMS
from app.games.focifogadas.state import BukState, Buyer, DrukkerState

NOT_STARTED = "not_started"


def ids(faces: Sequence[JsonDict] | None) -> tuple[str, ...]:
    """The ids of the faces a view shows (betting cards or action cards)."""
    return tuple(str(f["id"]) for f in faces or ())


def action_cards(faces: Sequence[JsonDict] | None) -> tuple[int, ...]:
    """The action cards a view shows, as the match's card numbers."""
    return tuple(CATALOGUE.by_id[i] for i in ids(faces))


def time_steps(public: JsonDict) -> int:
    return int(public["match"].get("time_steps", TIME_STEPS))


def started(public: JsonDict) -> bool:
    return bool(public["match"]["status"] != NOT_STARTED)


def match_of(
    shown: JsonDict, pair: Sequence[JsonDict] | None, n: int, half_time_break: bool
) -> MatchState:
    """The match as `shown` (views.match_public) with the seat's drawn `pair` (None: not its
    turn); every face-down card is one the seat cannot rule out (see the module)."""
    known = action_cards(pair)
    section = SECTIONS.index(shown["ball"]["section"])
    playing = shown["current"] is not None
    draw: list[tuple[int, ...]] = []
    discard: list[tuple[int, ...]] = []
    hidden_pair: tuple[int, ...] = ()
    for s, deck in enumerate(shown["decks"]):
        top = () if deck["top"] is None else (CATALOGUE.by_id[deck["top"]["id"]],)
        pool = _unseen(CATALOGUE.decks[s], set(known) | set(top))
        draw.append(_take(pool, deck["draw"]))
        discard.append(_take(pool, deck["discard"] - len(top)) + top)
        if playing and not known and s == section:
            hidden_pair = _take(pool, 2)
    cards = known or hidden_pair
    score = shown["score"]
    h1, a1 = shown["half_time_score"] or score
    current = shown["current"] if playing else 0  # at half time: whoever, chance decides
    return MatchState(
        n_players=n,
        half_time_break=half_time_break,
        kickoff=TEAMS.index(shown["kickoff"]),
        half=shown["half"],
        time_pos=shown["time"],
        section=section,
        poss=TEAMS.index(shown["ball"]["poss"]),
        h1=h1,
        a1=a1,
        h2=score[0] - h1,
        a2=score[1] - a1,
        fg=-1 if shown["first_goal"] is None else TEAMS.index(shown["first_goal"]),
        corners=shown["corners"],
        yellows=shown["yellows"],
        reds=shown["reds"],
        draw=tuple(draw),
        discard=tuple(discard),
        current=current,
        pair=(cards[0], cards[1]) if cards else None,
        last_player=current if shown["half"] == 2 or not playing else -1,
        status=shown["status"],
        turn=shown["turn"],
        time_steps=shown["time_steps"],
    )


def _unseen(deck: Sequence[int], seen: set[int]) -> Iterator[int]:
    return (c for c in deck if c not in seen)


def _take(pool: Iterator[int], n: int) -> tuple[int, ...]:
    taken = tuple(c for _, c in zip(range(n), pool, strict=False))
    assert len(taken) == n, "the view shows more cards than the deck holds"
    return taken


def drukker(view: SeatView) -> DrukkerState:
    """A Drukker seat's view as a `DrukkerState`: its own bets, draws and pair; the others'
    hands empty."""
    seat, public, private = view["you"], view["public"], view["private"] or {}
    players = public["players"]
    n = len(players)
    lines = private.get("bets") or []
    hand = tuple(str(line["card"]["id"]) for line in lines)
    up = tuple(str(line["card"]["id"]) for line in lines if line["face_up"])
    buyer = public["buyer"]
    return DrukkerState(
        n=n,
        rng=Rng(0),
        phase=view["phase"],
        money=tuple(int(p["money"]) for p in players),
        dealt=tuple(ids(private.get("dealt")) if i == seat else () for i in range(n)),
        hands=tuple(
            (hand if i == seat else ()) if players[i]["chosen"] else None for i in range(n)
        ),
        bought=tuple(up if i == seat else () for i in range(n)),
        light=(),
        dark=(),
        shown=ids(public["shown"]),
        start_player=-1 if public["start_player"] is None else public["start_player"],
        buyer=None if buyer is None else _buyer(buyer, private, seat),
        match=match_of(public["match"], private.get("pair"), n, True) if started(public) else None,
        time_steps=time_steps(public),
    )


def _buyer(shown: JsonDict, private: JsonDict, seat: int) -> Buyer:
    if shown["seat"] != seat:
        return Buyer(seat=shown["seat"], count=shown["count"])
    replaced = private.get("replaced")
    return Buyer(
        seat, shown["count"], None if replaced is None else ids(replaced), ids(private.get("drawn"))
    )


def book_of(public: JsonDict, private: JsonDict, seat: int) -> Book:
    """The bookmakers' table as everyone sees it (views.book_public), with the seat's own hand."""
    players = public["players"]
    n = len(players)
    offers = public["offers"]
    rules = public.get("table_rules")
    return Book(
        n=n,
        start=public["start_player"],
        money=tuple(int(p["money"]) for p in players),
        phase=public["book_phase"],
        round=public["round"],
        hands=tuple(ids(private.get("hand")) if i == seat else () for i in range(n)),
        picks=(None,) * n,
        disc_turn=0,
        offers=tuple(Offer(o["card"]["id"], o["bookmaker"], o["multiplier"]) for o in offers),
        discs_left=tuple(d["left"] for d in public["discs_left"]),
        markers=tuple(p["markers"] for p in players),
        stakes=tuple(
            Stake(o["card"]["id"], i, k) for o in offers for i, k in enumerate(o["stakes"]) if k
        ),
        stake_seat=public["stake_seat"] or 0,
        rules=book.STANDARD if rules is None else TableRules.from_json(rules),
    )


def bukmeker(view: SeatView) -> BukState:
    """A Bukméker seat's view as a `BukState`: the table, the piles it peeked at, the match
    with its own pair (the set-aside piles it did not look at stay empty)."""
    seat, public, private = view["you"], view["public"], view["private"] or {}
    n = len(public["players"])
    peeked = {
        SECTIONS.index(p["pile"]): action_cards(p["cards"]) for p in private.get("peeked", [])
    }
    shown = public["match"]
    return BukState(
        n=n,
        rng=Rng(0),
        book=book_of(public, private, seat),
        kickoff=TEAMS.index(shown["kickoff"]) if started(public) else 0,
        aside=tuple(peeked.get(s, ()) for s in range(len(SECTIONS))),
        piles=((),) * len(SECTIONS),
        peeks=tuple(
            None if p is None else tuple(SECTIONS.index(x) for x in p) for p in public["peeks"]
        ),
        match=match_of(shown, private.get("pair"), n, False) if started(public) else None,
        time_steps=time_steps(public),
    )

"""Drukker bot (placeholder)."""

from __future__ import annotations

import random

from app.games.base import Action
from app.games.focifogadas.drukker import DrukkerState, legal_actions


def drukker_action(s: DrukkerState, seat: int, rng: random.Random) -> Action | None:
    legal = legal_actions(s, seat)
    return rng.choice(legal) if legal else None

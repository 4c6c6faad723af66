"""The games this server offers: an explicit list (`GAMES`), no discovery. Tests may
`register` small games of their own beside them."""

from __future__ import annotations

from typing import Any, Final

from app.games.base import Game
from app.games.duel.game import GAME as DUEL
from app.games.focifogadas.game import GAME as FOCIFOGADAS
from app.games.hattrick.game import GAME as HATTRICK

GAMES: Final[tuple[Game[Any], ...]] = (DUEL, FOCIFOGADAS, HATTRICK)

_games: dict[str, Game[Any]] = {game.id: game for game in GAMES}


def register(game: Game[Any]) -> Game[Any]:
    """Add a game (tests register their own small ones). Re-registering an id replaces it."""
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def get(game_id: str) -> Game[Any] | None:
    return _games.get(game_id)


def all_games() -> list[Game[Any]]:
    return list(_games.values())

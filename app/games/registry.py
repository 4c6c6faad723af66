"""The games this server offers. Each game package registers itself on import."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from app.games.base import Game

_games: dict[str, Game[Any]] = {}
_discovered = False


def register(game: Game[Any]) -> Game[Any]:
    """Add a game (tests register their own small ones). Re-registering an id replaces it."""
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _discover() -> None:
    """Import every subpackage of `app.games`; each registers its game in its `__init__`."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import app.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"app.games.{module.name}")


def get(game_id: str) -> Game[Any] | None:
    _discover()
    return _games.get(game_id)


def all_games() -> list[Game[Any]]:
    _discover()
    return list(_games.values())

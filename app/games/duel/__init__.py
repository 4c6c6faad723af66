"""Football Duel (docs/rules/duel.md): two teams, hidden defensive chains, duels of values 1-11."""

from app.games import registry
from app.games.duel.game import GAME

registry.register(GAME)

__all__ = ["GAME"]

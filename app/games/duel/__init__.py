"""Football Duel (docs/rules/duel.md): two teams, hidden defensive chains, duels of values 1-11."""

from app.games.duel.game import GAME

__all__ = ["GAME"]

"""Focifogadás (football betting, Gémklub 2014): rules in docs/rules/focifogadas.md."""

from app.games.focifogadas.game import GAME

__all__ = ["GAME"]

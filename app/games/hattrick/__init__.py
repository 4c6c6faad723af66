"""Hat Trick (docs/rules/hattrick.md): two managers, card-driven football on a 6×4 grid."""

from app.games.hattrick.game import GAME

__all__ = ["GAME"]

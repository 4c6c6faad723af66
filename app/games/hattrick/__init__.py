"""Hat Trick (docs/rules/hattrick.md): two managers, card-driven football on a 6×4 grid."""

from app.games import registry
from app.games.hattrick.game import GAME

registry.register(GAME)

__all__ = ["GAME"]

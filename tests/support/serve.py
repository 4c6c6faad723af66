"""`python -m tests.support.serve`: the real `python -m app`, with the tiny test games too.

Used by tests that need a separate server process (kill -9, several instances).
"""

from app.__main__ import main
from app.games import registry
from tests.support.tiny import TINY, TINY_NO_BOT

registry.register(TINY)
registry.register(TINY_NO_BOT)

if __name__ == "__main__":
    main()

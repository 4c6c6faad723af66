"""Apply the Alembic migrations to a database (what `python -m app` does first)."""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Migrate `url` to `revision`. Safe to call from inside a running event loop."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            command.upgrade(alembic_config(url), revision)
        except BaseException as exc:  # re-raised in the caller's thread
            errors.append(exc)

    thread = threading.Thread(target=run, name="alembic-upgrade")
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def downgrade(url: str, revision: str = "base") -> None:
    command.downgrade(alembic_config(url), revision)

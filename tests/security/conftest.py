"""The API fixtures (a migrated database per backend, a running server) for the attacks."""

from tests.api.conftest import close_sockets, database_url, server

__all__ = ["close_sockets", "database_url", "server"]

"""Persistence: records and transactions for the room layer (rooms.py), the SQL (store.py),
the group commit of actions (journal.py), tables (models.py) and migrations (migrate.py)."""

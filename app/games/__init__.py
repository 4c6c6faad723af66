"""Pure rules engines, one package per game (see base.py for the contract)."""

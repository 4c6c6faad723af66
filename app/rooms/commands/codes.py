"""Room codes, seat tokens and seeds."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No look-alikes: 0/O, 1/I/L never occur (docs/PROTOCOL.md).
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(c in ALPHABET for c in text)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_seed() -> int:
    return secrets.randbits(63)


def seed_hash(seed: int) -> str:
    """The hex SHA-256 of the seed written in decimal (docs/PROTOCOL.md)."""
    return hashlib.sha256(str(seed).encode()).hexdigest()

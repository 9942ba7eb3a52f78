"""Unguessable seat credentials and short codes a person can type."""

from __future__ import annotations

import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


def new_credential() -> str:
    """A seat credential: 128 random bits, URL-safe. Kept by that seat's browser only."""
    return secrets.token_urlsafe(16)


def new_code(length: int = 6) -> str:
    """A short code to type on another device (a viewing code, a transfer code)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def same(a: str, b: str) -> bool:
    """Compare secrets in constant time."""
    return secrets.compare_digest(a.encode(), b.encode())

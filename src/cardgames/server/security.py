"""Secrets and limits: seat tokens, hashed passwords, rate buckets, allowed origins."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Final
from urllib.parse import urlsplit

__all__ = [
    "SECRET_SEED_BITS",
    "RateBucket",
    "check_password",
    "hash_password",
    "hash_token",
    "new_secret_seed",
    "new_table_id",
    "new_token",
    "origin_allowed",
    "token_matches",
]

_SCRYPT_N: Final = 2**14
_SCRYPT_R: Final = 8
_SCRYPT_P: Final = 1
_SALT_BYTES: Final = 16


def new_token() -> str:
    """A seat's secret: 256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A table's public id: short, random, URL-safe."""
    return secrets.token_urlsafe(9)


SECRET_SEED_BITS: Final = 63
"""The size of the seeds the server draws: a seed from the core's 32-bit range could be found
by replaying every deal against the cards a seat sees, which would show it its own hand; 63
bits cannot be searched (and fit the database's signed 64-bit integer)."""


def new_secret_seed() -> int:
    """A seed for a deal or the bots that no player can search for."""
    return secrets.randbits(SECRET_SEED_BITS)


def hash_token(token: str) -> str:
    """What the database keeps of a token: its SHA-256 (a token is random, so no salt is
    needed; a stolen database gives no way to sit at a seat)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    """Whether `token` is the one whose hash is `stored` (in constant time)."""
    return stored is not None and hmac.compare_digest(hash_token(token), stored)


def hash_password(password: str) -> str:
    """A table password, salted and hashed with scrypt: ``scrypt$N$r$p$salt$hash`` (hex)."""
    salt = secrets.token_bytes(_SALT_BYTES)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P)
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether `password` is the one `stored` (:func:`hash_password`) was made from."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        made = hashlib.scrypt(
            password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    except ValueError:
        return False
    return hmac.compare_digest(made.hex(), digest)


class RateBucket:
    """A token bucket: `rate` events a second on average, bursts of up to `burst`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = time.monotonic()

    def take(self) -> bool:
        """Spend one token; False (nothing spent) when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def is_full(self) -> bool:
        """Whether the bucket has refilled: its client has been quiet long enough that
        forgetting it changes nothing."""
        return self.tokens + (time.monotonic() - self.last) * self.rate >= self.burst


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket from a page at `origin` may connect to the server at `host` (the
    request's Host header). No Origin header: not a browser (a program such as ``cardgames
    bot``), allowed. A browser page must be served by this server itself or by one of the
    `allowed` origins (``https://example.org``, or ``*`` for any)."""
    if origin is None:
        return True
    if "*" in allowed or origin in allowed:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host

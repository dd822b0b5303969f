"""Deprecated: the protocol's messages are :mod:`cardgames.wire.messages` (this alias is
kept for one release, then goes)."""

from __future__ import annotations

import warnings

from cardgames.wire.messages import *  # noqa: F403
from cardgames.wire.messages import __all__ as __all__

warnings.warn("cardgames.server.protocol is deprecated: import cardgames.wire.messages",
              DeprecationWarning, stacklevel=2)

if __name__ == "__main__":
    from cardgames.wire.messages import schemas_json

    print(schemas_json(), end="")

"""``python -m cardgames`` and the ``cardgames`` console script.

The command line (typer, rich, the games) is imported inside :func:`main`, so a Ctrl-C while
it loads is caught here and ends quietly (exit code 130) instead of printing a traceback.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the ``cardgames`` command."""
    try:
        from cardgames.cli import main as run  # noqa: PLC0415  # see the module docstring
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        raise SystemExit(130) from None
    run()


if __name__ == "__main__":
    main()

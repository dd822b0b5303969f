"""``python -m cardgames.app [--game GAME]``: the app from its new-game screen (what each
browser tab of ``cardgames serve`` runs)."""

from __future__ import annotations

import argparse

from rich.console import Console

from cardgames.app.app import CardgamesApp
from cardgames.app.games import app_games


def main() -> None:
    """Run the app; print where the game was saved (or its result) when it closes."""
    parser = argparse.ArgumentParser(prog="python -m cardgames.app")
    parser.add_argument("--game", choices=app_games(), help="the game chosen at first")
    arguments = parser.parse_args()
    app = CardgamesApp(game=arguments.game)
    try:
        message = app.run()
    finally:
        app.close_sessions()
    if message:
        Console(highlight=False).print(message, soft_wrap=True)


if __name__ == "__main__":
    main()

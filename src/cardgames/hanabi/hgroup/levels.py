"""The H-Group levels the bot plays, numbered and named as the guide's learning path
(hanabi.github.io): each level's line says what it adds to the one below."""

from __future__ import annotations

import enum


class Level(enum.IntEnum):
    """The guide's levels, by the convention each brings that the bot reads and plays."""

    FUNDAMENTALS = 1
    """The beginner's guide (chop, focus, play and save clues, 5, 2 and critical saves,
    good touch, delayed play clues) and level 1: the early game, prompts, finesses."""
    BASIC_FINESSES = 2
    """5 stalls, double finesses, self-finesses."""
    BASIC_STRATEGY = 3
    """Playing multiple 1s oldest first, fix clues, sarcastic discards."""
    CHOP_MOVES = 4
    """Trash chop moves, 5's chop moves, order chop moves."""
    INTERMEDIATE_FINESSES = 5
    """Layered finesses (a blind play that turns out another playable card goes on)."""
    TEMPO_CLUES = 6
    """Tempo clues: a re-clue of clued cards with no new use says the newest unknown one
    plays."""


LEVELS: dict[int, str] = {
    1: "Fundamentals (the guide's beginner's guide and level 1): chop and focus, play and "
       "save clues, 5, 2 and critical saves, good touch, delayed play clues through any hand, "
       "the early game, prompts and finesses",
    2: "Basic Finesses (the guide's level 2): adds 5 stalls, double finesses and "
       "self-finesses",
    3: "Basic Strategy (the guide's level 3): adds playing several 1s oldest first, fix "
       "clues and sarcastic discards",
    4: "Chop Moves (the guide's level 4): adds trash chop moves, 5's chop moves and order "
       "chop moves",
    5: "Intermediate Finesses (the guide's level 5): adds layered finesses",
    6: "Tempo Clues (the guide's level 6): adds tempo clues",
}
"""Each level, and what it adds to the one below (the lines people choose a bot from)."""

TOP_LEVEL = max(LEVELS)
"""The strongest level (the bot ``h-group``)."""

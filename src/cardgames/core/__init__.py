"""The shared core: what every game uses. No game is imported here, and no user interface
(neither rich nor typer): the terminal session lives in :mod:`cardgames.terminal`."""

from cardgames.core.agents import Agent, RandomAgent
from cardgames.core.errors import (
    CardgamesError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
)
from cardgames.core.game import Action, ActionSpace, Event, Move, Options, State
from cardgames.core.loop import Observer, play
from cardgames.core.record import Record, read_records, write_records
from cardgames.core.registry import GameInfo, Registry

__all__ = [
    "Action",
    "ActionSpace",
    "Agent",
    "CardgamesError",
    "Event",
    "GameInfo",
    "IllegalActionError",
    "Move",
    "NotationError",
    "Observer",
    "Options",
    "OptionsError",
    "RandomAgent",
    "Record",
    "RecordError",
    "Registry",
    "State",
    "play",
    "read_records",
    "write_records",
]

"""Hanabi bots that play the H-Group conventions (hanabi.github.io) by level, and say what
they understood.

The package is built as the conventions are learnt:

* :mod:`.facts`: a variant's cards, clues and rows;
* :mod:`.model`: the belief model, for every card in every hand what the clues allow, what
  the conventions make everyone believe, and what the modelling seat sees;
* :mod:`.meanings`: what a clue means, as values (:class:`Meaning`, :class:`Reading`);
* :mod:`.reading`: the conventions in the guide's order, gated by level;
* :mod:`.giving`: every clue the bot may give, read first as its receiver will read it;
* :mod:`.bot`: :class:`HGroupBot`, which decides in the guide's order of priorities.

``HGroupBot(seed=None, level=TOP_LEVEL)`` is an :class:`~cardgames.core.agents.Agent` and an
:class:`~cardgames.core.agents.Explainer`; it draws nothing at random, so ``explain`` and
``act`` agree on every view whatever was called before. :func:`readings` says how it read
every clue of the game. The levels (:data:`LEVELS`) are the guide's learning path's.
"""

from cardgames.hanabi.hgroup.bot import ClueReading, HGroupBot, readings
from cardgames.hanabi.hgroup.levels import LEVELS, TOP_LEVEL, Level
from cardgames.hanabi.hgroup.meanings import Connection, Meaning, Reading

__all__ = ["LEVELS", "TOP_LEVEL", "ClueReading", "Connection", "HGroupBot", "Level",
           "Meaning", "Reading", "readings"]

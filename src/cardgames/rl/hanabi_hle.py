"""A drop-in for hanabi-learning-environment's ``rl_env``, in pure Python.

Code written for DeepMind's HLE runs by changing one import::

    from hanabi_learning_environment import rl_env      # before
    from cardgames.rl import hanabi_hle as rl_env       # after

    env = rl_env.make("Hanabi-Full", num_players=2)
    observations = env.reset()
    done = False
    while not done:
        seat = observations["current_player"]
        legal = observations["player_observations"][seat]["legal_moves_as_int"]
        observations, reward, done, info = env.step(legal[0])

HLE's agents (subclasses of ``rl_env.Agent``, like its ``SimpleAgent``) work too:
:class:`Agent` is HLE's interface.

:func:`make` and :class:`HanabiEnv` take HLE's names and configuration keys (``colors``,
``ranks``, ``players``, ``hand_size``, ``max_information_tokens``, ``max_life_tokens``,
``observation_type``, ``seed``, ``random_start_player``) and return HLE's observation dicts:
``current_player``, and per seat ``current_player``, ``current_player_offset``,
``life_tokens``, ``information_tokens``, ``num_players``, ``deck_size``, ``fireworks``,
``legal_moves``, ``legal_moves_as_int``, ``observed_hands``, ``discard_pile``,
``card_knowledge`` and ``vectorized`` (HLE's canonical encoding, from
:func:`cardgames.rl.hanabi.observation`). Move uids, move dicts, card indices (oldest card
first), relative seats and rewards (the change in score) are HLE's. Each seat's dict is built
from that seat's view only.

What differs from HLE (the tests check everything else against HLE's own output):

* ``pyhanabi`` (HLE's C++ observation object) is absent; ``env.state`` is our
  :class:`~cardgames.hanabi.HanabiState`, not HLE's.
* The terminal position: HLE goes on naming the next player as ``current_player`` and lists
  that player's moves as if the game continued; we name the same player but list no legal
  moves. When the last fuse burns or the last firework is completed with cards left in the
  pile, HLE deals a replacement card after the end; we do not, so that last observation's
  hand, ``deck_size``, ``card_knowledge`` and vector differ for that player.
* The same seed does not deal the same cards as HLE (the generators differ).
* An illegal move raises :class:`~cardgames.core.errors.IllegalActionError` (a ValueError;
  HLE stops the process), and a bad configuration :class:`~cardgames.core.errors.OptionsError`
  naming the key. Environment names: ``Hanabi-Full`` (also ``Hanabi-Full-CardKnowledge``) and
  ``Hanabi-Full-Minimal``; HLE's ``Hanabi-Small`` and ``Hanabi-Very-Small`` need hands of 2
  cards, which the engine does not deal (hand sizes are the standard ones plus or minus one).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs
import numpy as np

from cardgames.core.errors import IllegalActionError, NotationError, OptionsError
from cardgames.core.game import SEED_LIMIT
from cardgames.hanabi import HanabiState, HanabiView, OwnSlot, SeenSlot
from cardgames.hanabi.actions import id_clue_values
from cardgames.rl import hanabi

__all__ = ["COLOR_CHAR", "MOVE_TYPES", "Agent", "Environment", "HanabiEnv", "make"]

COLOR_CHAR: Final = ("R", "Y", "G", "W", "B")
"""HLE's colour characters, by colour index."""
MOVE_TYPES: Final = ["INVALID", "PLAY", "DISCARD", "REVEAL_COLOR", "REVEAL_RANK", "DEAL"]
"""HLE's move type names, by value."""

_MINIMAL, _CARD_KNOWLEDGE = 0, 1
_DEFAULTS: Final[Mapping[str, int]] = {
    "colors": 5, "ranks": 5, "players": 2, "max_information_tokens": 8,
    "max_life_tokens": 3, "observation_type": _CARD_KNOWLEDGE, "seed": -1,
    "random_start_player": 0,
}
_KEYS: Final = (*_DEFAULTS, "hand_size")
_ENVIRONMENTS: Final[Mapping[str, int]] = {
    "Hanabi-Full": _CARD_KNOWLEDGE,
    "Hanabi-Full-CardKnowledge": _CARD_KNOWLEDGE,
    "Hanabi-Full-Minimal": _MINIMAL,
}


class Agent:
    """HLE's agent interface (``rl_env.Agent``): subclasses implement ``__init__(config,
    *args, **kwargs)``, :meth:`reset` and :meth:`act`, as HLE's ``SimpleAgent`` and
    ``RandomAgent`` do; the environment never calls them (the caller's loop does)."""

    def __init__(self, config: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("Agent is an interface: a subclass implements __init__")

    def reset(self, config: dict[str, Any]) -> None:
        """Prepare for a new game of `config`."""
        raise NotImplementedError("Agent is an interface: a subclass implements reset")

    def act(self, observation: dict[str, Any]) -> int | dict[str, Any] | None:
        """The move (a move dict or uid) for one seat's observation dict; None when that
        seat is not to act."""
        raise NotImplementedError("Agent is an interface: a subclass implements act")


class Environment:
    """HLE's abstract environment: :meth:`reset` and :meth:`step`."""

    def reset(self) -> dict[str, Any]:
        """Start a new game; the observations of every seat."""
        raise NotImplementedError("Not implemented in Abstract Base class")

    def step(self, action: int | Mapping[str, Any]) -> tuple[dict[str, Any], int, bool,
                                                              dict[str, Any]]:
        """Take one move: (observations, reward, done, info)."""
        raise NotImplementedError("Not implemented in Abstract Base class")


def _config_int(config: Mapping[str, Any], key: str, default: int) -> int:
    value = config.get(key, default)
    # HLE reads its parameters as strings, so "3" works there too; bools are flags.
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise OptionsError(f"HLE config {key!r} must be an integer (got {value!r})") from None
    if number != value and str(number) != str(value).strip():
        raise OptionsError(f"HLE config {key!r} must be an integer (got {value!r})")
    return number


class HanabiEnv(Environment):
    """HLE's ``rl_env.HanabiEnv``: see the module docstring.

    `config` holds HLE's keys (missing ones take HLE's defaults): ``players`` 2-5,
    ``colors`` and ``ranks`` 1-5, ``hand_size`` (default 5 for 2-3 players, 4 for 4-5; one
    more or one less allowed), ``max_information_tokens``, ``max_life_tokens``,
    ``observation_type`` (0 minimal, 1 card knowledge), ``seed`` (-1: a fresh random one)
    and ``random_start_player``.
    """

    def __init__(self, config: Mapping[str, Any]) -> None:
        if not isinstance(config, Mapping):
            raise OptionsError(f"the HLE config must be a dict (got {config!r:.60})")
        unknown = sorted(str(key) for key in config if key not in _KEYS)
        if unknown:
            raise OptionsError(
                f"unknown HLE config key {unknown[0]!r}; keys: {', '.join(_KEYS)}")
        values = {key: _config_int(config, key, default) for key, default in _DEFAULTS.items()}
        players = values["players"]
        if not 2 <= players <= 5:
            raise OptionsError(f"HLE config 'players' must be in 2..5 (got {players})")
        standard_hand = 5 if players < 4 else 4
        hand_size = _config_int(config, "hand_size", standard_hand)
        if not standard_hand - 1 <= hand_size <= standard_hand + 1:
            raise OptionsError(
                f"HLE config 'hand_size' must be in {standard_hand - 1}..{standard_hand + 1} "
                f"with {players} players (got {hand_size})")
        observation_type = values["observation_type"]
        if observation_type not in (_MINIMAL, _CARD_KNOWLEDGE):
            raise OptionsError(
                f"HLE config 'observation_type' must be 0 (minimal) or 1 (card knowledge) "
                f"(got {observation_type})")
        self.variant = hanabi.hle_variant(
            colors=values["colors"], ranks=values["ranks"],
            max_information_tokens=values["max_information_tokens"],
            max_life_tokens=values["max_life_tokens"], hand_size_delta=hand_size - standard_hand)
        """The engine's variant for this configuration."""
        self.players: int = players
        """The number of players (as HLE's ``env.players``)."""
        self.observation_type = observation_type
        seed = values["seed"]
        self._rng = random.Random(None if seed < 0 else seed)
        self._random_start = bool(values["random_start_player"])
        layout = hanabi.layout(self.variant, players)
        # The minimal observation is HLE's vector without its last section, card knowledge.
        self._vector_size = (layout.offset("knowledge") if observation_type == _MINIMAL
                             else layout.size)
        self.state: HanabiState | None = None
        """The game in progress (None before :meth:`reset`)."""
        self._letter = {suit.name: suit.letter for suit in self.variant.suits}
        self._fireworks = {letter: 0 for letter in COLOR_CHAR if letter in self._letter.values()}
        self._hint_cache: dict[int, tuple[str | None, int | None]] = {}
        self._moves = self._move_table()
        self._uids = {_move_key(move): uid for uid, move in enumerate(self._moves)}

    def _move_table(self) -> tuple[dict[str, Any], ...]:
        """HLE's move dict of every uid (uid order is our action-id order)."""
        h = self.variant.hand_size(self.players)
        colors = [self._letter[name] for name in id_clue_values(self.variant)
                  if isinstance(name, str)]
        ranks = [value for value in id_clue_values(self.variant)
                 if isinstance(value, int)]
        moves: list[dict[str, Any]] = [
            {"action_type": "DISCARD", "card_index": i} for i in range(h)]
        moves += [{"action_type": "PLAY", "card_index": i} for i in range(h)]
        offsets = range(1, self.players)
        moves += [{"action_type": "REVEAL_COLOR", "target_offset": o, "color": c}
                  for o in offsets for c in colors]
        moves += [{"action_type": "REVEAL_RANK", "target_offset": o, "rank": r - 1}
                  for o in offsets for r in ranks]
        return tuple(moves)

    # ------------------------------------------------------------------ HLE's API
    def reset(self, *, deck: Sequence[str] | None = None) -> dict[str, Any]:
        """Deal a new game; the observations of every seat (HLE's dict).

        `deck` (not in HLE) deals an explicit order instead, in card notation (``"R1"``):
        each seat's hand, oldest card first, seat after seat, then the draw pile from the top
        -- to replay a game recorded elsewhere.
        """
        variant = self.variant
        if self._random_start:
            variant = attrs.evolve(variant, starting_player=self._rng.randrange(self.players))
        if deck is None:
            self.state = HanabiState.new(variant, players=self.players,
                                         seed=self._rng.randrange(SEED_LIMIT))
        else:
            self.state = HanabiState.new(variant, players=self.players, deck=deck)
        return self._make_observation_all_players()

    def step(self, action: int | Mapping[str, Any]) -> tuple[dict[str, Any], int, bool,
                                                              dict[str, Any]]:
        """Apply `action` (a move uid, or HLE's move dict): (observations, reward, done,
        info); the reward is the change in score (negative when the last fuse burns)."""
        state = self._game()
        if isinstance(action, Mapping):
            uid = self._uids.get(_move_key(action))
            if uid is None:
                raise NotationError(
                    f"{dict(action)!r} is not an HLE move; e.g. {self._moves[0]!r} or "
                    f"{self._moves[-1]!r}")
        else:
            uid = action
        before = state.score
        state.step(uid)
        done = state.is_over
        return self._make_observation_all_players(), state.score - before, done, {}

    def vectorized_observation_shape(self) -> list[int]:
        """The shape of ``vectorized``: ``[658]`` for 2 players (HLE's sizes)."""
        return [self._vector_size]

    def num_moves(self) -> int:
        """How many move uids there are (legal or not)."""
        return len(self._moves)

    # ------------------------------------------------------------------ observations
    def _game(self) -> HanabiState:
        if self.state is None:
            raise IllegalActionError("step", "reset() starts a game first")
        return self.state

    def _make_observation_all_players(self) -> dict[str, Any]:
        state = self._game()
        current = self._current_player(state)
        seats = [self._extract_dict(seat, state.view(seat), current)
                 for seat in range(self.players)]
        return {"player_observations": seats, "current_player": current}

    def _current_player(self, state: HanabiState) -> int:
        seat = state.current_player
        if seat is not None:
            return seat
        # Over: HLE names the player after the last mover (as if the game went on).
        return (state.view(0).history[-1].seat + 1) % self.players

    def _extract_dict(self, seat: int, view: HanabiView, current: int) -> dict[str, Any]:
        players = self.players
        legal = sorted(self._game().legal_action_ids()) if seat == view.current_player else []
        moves = self._moves
        # The minimal observation hides what clues revealed (HLE's dicts show none).
        marks = hanabi.clue_marks(view) if self.observation_type else {}
        hands = []
        knowledge = []
        for offset in range(players):
            owner = (seat + offset) % players
            slots: tuple[OwnSlot | SeenSlot, ...]
            if owner == seat:
                slots = view.own_hand[::-1]
                hands.append([{"color": None, "rank": -1} for _ in slots])
            else:
                seen = view.other_hands[owner][::-1]
                hands.append([_card_dict(slot.card.suit, slot.card.rank) for slot in seen])
                slots = seen
            knowledge.append([self._hints(marks.get(slot.order, 0)) for slot in slots])
        vector = hanabi.observation(view)[: self._vector_size]
        fireworks = dict(self._fireworks)
        for stack in view.fireworks:
            if stack:
                fireworks[stack[0].suit] = len(stack)
        return {
            "current_player": current,
            "current_player_offset": (current - seat) % players,
            "life_tokens": view.fuses,
            "information_tokens": view.clue_tokens,
            "num_players": players,
            "deck_size": view.deck_size,
            "fireworks": fireworks,
            "legal_moves": [dict(moves[uid]) for uid in legal],
            "legal_moves_as_int": legal,
            "observed_hands": hands,
            "discard_pile": [_card_dict(card.suit, card.rank) for card in view.discards],
            "card_knowledge": knowledge,
            "vectorized": vector.astype(np.int64).tolist(),
        }

    def _hints(self, mark: int) -> dict[str, Any]:
        """HLE's card knowledge dict of a card the clue values in `mark` touched: the colour
        and the rank they revealed, else None."""
        hint = self._hint_cache.get(mark)
        if hint is None:
            color: str | None = None
            rank: int | None = None
            for i, value in enumerate(id_clue_values(self.variant)):
                if not mark >> i & 1:
                    continue
                if isinstance(value, str):
                    color = self._letter[value]
                else:
                    rank = value - 1
            hint = self._hint_cache[mark] = (color, rank)
        return {"color": hint[0], "rank": hint[1]}


def _card_dict(letter: str, rank: int) -> dict[str, Any]:
    return {"color": letter, "rank": rank - 1}


def _move_key(move: Mapping[str, Any]) -> tuple[Any, ...]:
    kind = move.get("action_type")
    if kind in ("PLAY", "DISCARD"):
        return (kind, move.get("card_index"))
    if kind == "REVEAL_COLOR":
        return (kind, move.get("target_offset"), move.get("color"))
    return (kind, move.get("target_offset"), move.get("rank"))


def make(
    environment_name: str = "Hanabi-Full", num_players: int = 2, pyhanabi_path: str | None = None
) -> HanabiEnv:
    """HLE's ``rl_env.make``: an environment by name (`pyhanabi_path` is accepted and
    ignored: there is no C++ library to load)."""
    observation_type = _ENVIRONMENTS.get(environment_name)
    if observation_type is None:
        raise OptionsError(
            f"unknown HLE environment {environment_name!r}; names: {', '.join(_ENVIRONMENTS)}")
    del pyhanabi_path
    return HanabiEnv({"players": num_players, "observation_type": observation_type})

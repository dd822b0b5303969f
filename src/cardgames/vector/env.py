"""The common API of the vector engines: a :class:`VectorEnv` over one game's pure functions.

A game writes its rules for ONE game as pure JAX functions (a :class:`GameFunctions`); the
env vmaps and jits them over a batch. Every array on a :class:`VectorState` has the batch as
its first axis.

>>> import jax
>>> from cardgames import vector
>>> env = vector.make(game, players=2)  # game: a registry name
>>> state = env.init(jax.random.split(jax.random.key(0), 8))
>>> state.legal_action_mask.shape == (8, env.num_actions)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import jax
import jax.numpy as jnp
import numpy as np

from cardgames.core.errors import OptionsError

__all__ = [
    "GameFunctions", "StepResult", "VectorEnv", "VectorState", "as_key_batch", "redo_in_chunks",
]

_RESET_SHARE = 16
"""Auto-reset deals new games for up to 1/16 of the batch at a time (a loop goes on while
more have ended)."""

Array = jax.Array


class VectorState(NamedTuple):
    """A batch of games (a pytree: jit, vmap and ``jax.tree`` take it as it is).

    Shapes are for a batch of B games, P seats, A action ids, O observation values.
    """

    current_player: Array
    """(B,) int32: the seat to act (meaningless once the game is over)."""
    legal_action_mask: Array
    """(B, A) bool: the legal action ids of the seat to act (all False once over)."""
    observation: Array
    """(B, *observation_shape): the seat to act's observation (the game's encoder, the same
    values as :mod:`cardgames.rl`'s; dtype bool for 0/1 encodings). ``env.observe(state,
    seat)`` gives any seat's."""
    rewards: Array
    """(B, P) float32: what each seat earned by the last step (as :mod:`cardgames.rl`'s envs
    pay it; -1 to the seat that chose an illegal id)."""
    terminated: Array
    """(B,) bool: the game is over (by its rules or by an illegal id)."""
    truncated: Array
    """(B,) bool: stopped by a step limit (no game sets it today; kept for the RL APIs)."""
    scores: Array
    """(B, P) int32: each seat's score as ``state.scores()`` gives it."""
    illegal: Array
    """(B,) bool: the game was ended by an illegal action id."""
    step_count: Array
    """(B,) int32: actions applied in this game."""
    game: Any
    """The game's own pytree (cards, tokens, ...): not part of the common API."""


class StepResult(NamedTuple):
    """What the step just taken gave, kept by :meth:`VectorEnv.step_autoreset` when it starts
    the ended games again."""

    rewards: Array
    terminated: Array
    truncated: Array
    illegal: Array
    scores: Array


class GameFunctions(NamedTuple):
    """One game's rules as pure functions of ONE game (no batch axis); the env vmaps them.

    `step` need not handle an illegal id or a finished game: the env does (it leaves the
    game as it is and sets the flags and rewards)."""

    init: Callable[[Array], VectorState]
    """a key (a typed key, shape ()) -> the first state."""
    init_from_deck: Callable[[Array], VectorState]
    """a deck (int32 card codes, the game's deck layout) -> the first state."""
    step: Callable[[VectorState, Array, Array], VectorState]
    """(state, a legal action id, a key) -> the next state."""
    observe: Callable[[VectorState, Array], Array]
    """(state, seat) -> that seat's observation."""
    step_batch: Callable[[VectorState, Array, Array], VectorState] | None = None
    """Optional: `step` over a batch (states, legal ids, keys with a batch axis), the same
    states as ``vmap(step)`` gives, for a game whose step has costly work that only a few
    games of a batch need at a time (a deal of many rounds, say); the batched env methods use it."""


def as_key_batch(keys: Any) -> Array:
    """Keys as a typed key array of shape (B,): from raw uint32 keys of shape (B, 2) or typed
    keys of shape (B,)."""
    if isinstance(keys, jax.Array) and jnp.issubdtype(keys.dtype, jax.dtypes.prng_key):
        if keys.ndim != 1:
            raise ValueError(f"typed keys must have shape (B,), got {keys.shape}")
        return keys
    raw = jnp.asarray(keys)
    if raw.ndim != 2 or raw.shape[1] != 2 or raw.dtype != jnp.uint32:
        raise ValueError(
            f"keys must be a typed key array of shape (B,) or uint32 keys of shape (B, 2) "
            f"(jax.random.split(jax.random.key(seed), B)), got {raw.dtype} {raw.shape}")
    typed: Array = jax.random.wrap_key_data(raw)
    return typed


Tree = TypeVar("Tree")


def redo_in_chunks(batch: Tree, which: Array, redo: Callable[[Tree, Array], Tree],
                   share: int) -> Tree:
    """`batch` (a pytree whose arrays have the batch as their first axis) with the rows
    `which` ((B,) bool) replaced by `redo(batch, rows)`, `rows` being (C,) row indices, at
    most 1/`share` of the batch at a time in a ``while_loop`` that goes on while rows are
    left. Under ``vmap`` costly work (a shuffle, a deal) runs for every game of the batch;
    this way only the few games that need it pay. The last chunk's unused slots repeat the
    last row and are dropped."""
    size = which.shape[0]
    chunk = max(1, size // share)

    def left(carry: tuple[Tree, Array]) -> Array:
        return carry[1].any()

    def redo_some(carry: tuple[Tree, Array]) -> tuple[Tree, Array]:
        current, pending = carry
        index = jnp.nonzero(pending, size=chunk, fill_value=size)[0]
        fresh = redo(current, jnp.minimum(index, size - 1))
        current = jax.tree.map(
            lambda old, new: old.at[index].set(new, mode="drop"), current, fresh)
        return current, pending.at[index].set(False, mode="drop")

    done: Tree = jax.lax.while_loop(left, redo_some, (batch, which))[0]
    return done


class VectorEnv:
    """A batched, jitted game: ``init(keys)``, ``step(state, action_ids, keys)``.

    Made by :func:`cardgames.vector.make`; `options` is the game's checked options object.
    """

    def __init__(
        self,
        name: str,
        *,
        num_players: int,
        num_actions: int,
        observation_shape: tuple[int, ...],
        functions: GameFunctions,
        options: Any = None,
        deck_size: int = 0,
        deck_cards: np.ndarray | None = None,
        observation_bounds: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> None:
        self.name = name
        self.num_players = num_players
        self.num_actions = num_actions
        self.observation_shape = observation_shape
        self.options = options
        """The game's options object, as checked by make()."""
        self.deck_size = deck_size
        """The length of a deck for :meth:`init_from_deck`."""
        self.deck_cards = None if deck_cards is None else np.sort(np.asarray(deck_cards))
        """The card codes of one deck (any order), to check explicit decks against."""
        self.functions = functions
        self.observation_bounds = observation_bounds or (
            np.zeros(observation_shape, np.float32), np.ones(observation_shape, np.float32))
        """(low, high) of every observation value (default 0 and 1), for the RL spaces."""
        # Typed here: jax.jit's wrappers return Any.
        self._init: Callable[[Array], VectorState] = jax.jit(jax.vmap(functions.init))
        self._init_from_deck: Callable[[Array], VectorState] = jax.jit(
            jax.vmap(functions.init_from_deck))
        self._step: Callable[[VectorState, Array, Array], VectorState] = jax.jit(
            self.step_batch)
        self._step_autoreset: Callable[
            [VectorState, Array, Array], tuple[VectorState, StepResult]] = jax.jit(
            self.step_autoreset_batch)
        self._observe: Callable[[VectorState, Array], Array] = jax.jit(
            jax.vmap(functions.observe))

    def __repr__(self) -> str:
        return (f"VectorEnv({self.name!r}, num_players={self.num_players}, "
                f"num_actions={self.num_actions}, observation_shape={self.observation_shape})")

    # ------------------------------------------------------------- one game (unbatched)
    def step_one(self, state: VectorState, action: Array, key: Array) -> VectorState:
        """One game's step with the common rules: an illegal id (or any id once the game is
        over) ends/keeps the game unchanged; an illegal id pays -1 to the seat to act."""
        legal, safe = self._checked(state, action)
        return self._concluded(state, legal, self.functions.step(state, safe, key))

    def step_batch(self, state: VectorState, actions: Array, keys: Array) -> VectorState:
        """:meth:`step_one` over a batch without the jit (for use inside a jitted loop): the
        same states as ``vmap(step_one)``, through the game's own batched step if it has
        one."""
        legal, safe = jax.vmap(self._checked)(state, actions)
        game_step = self.functions.step_batch or jax.vmap(self.functions.step)
        return jax.vmap(self._concluded)(state, legal, game_step(state, safe, keys))

    def _checked(self, state: VectorState, action: Array) -> tuple[Array, Array]:
        """Whether one game's `action` is legal, and the id its game steps with (a legal
        one: the rules need not handle an illegal id)."""
        action = jnp.asarray(action, jnp.int32)
        in_range = (action >= 0) & (action < self.num_actions)
        legal = in_range & state.legal_action_mask[jnp.clip(action, 0, self.num_actions - 1)]
        safe = jnp.where(legal, action, jnp.argmax(state.legal_action_mask).astype(jnp.int32))
        return legal, safe

    def _concluded(self, state: VectorState, legal: Array, moved: VectorState) -> VectorState:
        """One game after its step: `moved` if the id was `legal`, else ended with -1 to the
        mover; a game already over stays as it was."""
        over = state.terminated | state.truncated
        moved = moved._replace(step_count=state.step_count + 1)
        seats = jnp.arange(self.num_players)
        punished = state._replace(
            rewards=jnp.where(seats == state.current_player, -1.0, 0.0).astype(jnp.float32),
            terminated=jnp.asarray(True),
            illegal=jnp.asarray(True),
            legal_action_mask=jnp.zeros_like(state.legal_action_mask),
            step_count=state.step_count + 1,
        )
        finished = state._replace(rewards=jnp.zeros_like(state.rewards))
        chosen = jax.tree.map(
            lambda a, b: jnp.where(legal, a, b), moved, punished)
        kept: VectorState = jax.tree.map(lambda a, b: jnp.where(over, a, b), finished, chosen)
        return kept

    def step_autoreset_one(
        self, state: VectorState, action: Array, key: Array
    ) -> tuple[VectorState, StepResult]:
        """:meth:`step_one`, then a new game (from `key`) where that step ended the game."""
        step_key, reset_key = jax.random.split(key)
        moved = self.step_one(state, action, step_key)
        result = StepResult(moved.rewards, moved.terminated, moved.truncated, moved.illegal,
                            moved.scores)
        done = moved.terminated | moved.truncated
        fresh = self.functions.init(reset_key)
        restarted: VectorState = jax.tree.map(lambda a, b: jnp.where(done, a, b), fresh, moved)
        return restarted, result

    # ---------------------------------------------------- batched, traceable (no jit)
    def reset_ended_batch(self, state: VectorState, keys: Array) -> VectorState:
        """The batch with its ended games started again from their keys: the same states as
        ``init`` would give them, but only the ended games pay for a new deal (a chunk of
        them at a time, see :func:`redo_in_chunks`), so a big batch where a few games end
        per step does not shuffle a deck for every game."""
        return self.restart_batch(state, state.terminated | state.truncated, keys)

    def restart_batch(self, state: VectorState, which: Array, keys: Array) -> VectorState:
        """The batch with the games `which` ((B,) bool) started again from their keys (the
        same states as ``init`` gives them), the others as they are."""
        init = jax.vmap(self.functions.init)
        restarted: VectorState = redo_in_chunks(
            state, which, lambda _, rows: init(keys[rows]), _RESET_SHARE)
        return restarted

    def step_autoreset_batch(
        self, state: VectorState, actions: Array, keys: Array
    ) -> tuple[VectorState, StepResult]:
        """:meth:`step_autoreset` without the jit (for use inside a jitted loop): the same
        states as ``vmap(step_autoreset_one)``, cheaper."""
        split = jax.vmap(jax.random.split)(keys)
        moved = self.step_batch(state, actions, split[:, 0])
        result = StepResult(moved.rewards, moved.terminated, moved.truncated, moved.illegal,
                            moved.scores)
        return self.reset_ended_batch(moved, split[:, 1]), result

    # ------------------------------------------------------------------------ batched
    def init(self, keys: Any) -> VectorState:
        """B new games, one per key (typed keys of shape (B,) or uint32 keys (B, 2))."""
        return self._init(as_key_batch(keys))

    def init_from_deck(self, decks: Any) -> VectorState:
        """B new games dealt from explicit decks: int32 (B, deck_size), the game's card codes
        in the order they are drawn (for replays and tests)."""
        array = jnp.asarray(decks, jnp.int32)
        if array.ndim != 2 or array.shape[1] != self.deck_size:
            raise ValueError(f"decks must have shape (B, {self.deck_size}), got {array.shape}")
        if self.deck_cards is not None:
            wrong = np.flatnonzero((np.sort(np.asarray(array), axis=1) != self.deck_cards)
                                   .any(axis=1))
            if wrong.size:
                raise ValueError(
                    f"deck {int(wrong[0])} does not hold exactly the cards of one deck "
                    f"(each card code as often as the game has copies of it)")
        return self._init_from_deck(array)

    def step(self, state: VectorState, action_ids: Any, keys: Any) -> VectorState:
        """Apply one action id per game. An illegal id ends that game (-1 to its mover,
        ``illegal`` set); a finished game stays as it is with zero rewards."""
        return self._step(state, jnp.asarray(action_ids, jnp.int32), as_key_batch(keys))

    def step_autoreset(
        self, state: VectorState, action_ids: Any, keys: Any
    ) -> tuple[VectorState, StepResult]:
        """:meth:`step`, then the games it ended start again (from their key): returns the
        new states and the step's rewards, flags and final scores."""
        return self._step_autoreset(
            state, jnp.asarray(action_ids, jnp.int32), as_key_batch(keys))

    def observe(self, state: VectorState, seat: Any) -> Array:
        """Each game's observation for `seat` (an int, or (B,) ints)."""
        seats = jnp.broadcast_to(jnp.asarray(seat, jnp.int32), state.current_player.shape)
        return self._observe(state, seats)

    def random_legal_actions(self, state: VectorState, keys: Any) -> Array:
        """A uniformly random legal id per game (0 where none is legal)."""
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        chosen = jax.vmap(jax.random.categorical)(as_key_batch(keys), logits)
        return jnp.where(state.legal_action_mask.any(axis=1), chosen, 0)


def check_options(info: Any, players: int | None, options: dict[str, Any]) -> tuple[int, Any]:
    """The player count and the options object of the game `info` (a GameInfo), checked as
    :func:`cardgames.new_game` checks them (OptionsError, one line)."""
    count = info.check_players(players)
    built = info.make_options(**options)
    return count, built


def no_such(what: str, value: object, allowed: str) -> OptionsError:
    """The one-line error for an option the vector engine does not play."""
    return OptionsError(f"the vector engine does not play {what} {value!r}; it plays {allowed}")

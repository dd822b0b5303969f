"""Replaying a game written in HLE's conventions on cardgames.vector.

HLE (and JaxMARL) number the colours R, Y, G, W, B and a card ``colour * ranks + rank - 1``;
cardgames' own card order (``env.options.card_types``) lists the standard colours R, Y, G, B, W.
A deck in either order is a valid deck, so the order is said, never guessed: HLE's decks go in
with ``init_from_deck(..., order="hle")``, and HLE's move uids are the env's action ids as they
are. This script makes the env from HLE's whole config, deals a deck written in HLE's order,
plays HLE move uids in it and checks every step against the Python engine.
"""

from __future__ import annotations

import jax
import numpy as np

import cardgames
from cardgames import vector

HLE_COLOURS = "RYGWB"
COPIES = (3, 2, 2, 2, 1)  # of ranks 1..5

config = {"players": 2, "colors": 5, "ranks": 5, "hand_size": 5,
          "max_information_tokens": 8, "max_life_tokens": 3,
          "random_start_player": False, "seed": 7, "observation_type": 1}
env = vector.make("hanabi", **config)

# A deck as HLE writes it: card indices colour * 5 + rank - 1 (colours R, Y, G, W, B), top first.
rng = np.random.default_rng(env.seed)
hle_deck = rng.permutation([colour * 5 + rank for colour in range(5) for rank in range(5)
                            for _ in range(COPIES[rank])])
state = env.init_from_deck(hle_deck[None], order="hle")

# The same game in the Python engine, from the same cards written by name.
names = [f"{HLE_COLOURS[card // 5]}{card % 5 + 1}" for card in hle_deck]
python = cardgames.new_game("hanabi", players=2, deck=names, options=env.options)
print("first hand (oldest first):", names[:5])

key = jax.random.key(env.seed)
moves = 0
while not python.is_over:
    legal = python.legal_action_ids()  # HLE's move uids for HLE's game
    assert np.flatnonzero(np.asarray(state.legal_action_mask)[0]).tolist() == sorted(legal)
    # Plays (uids 5..9) only now and then, so the game runs to its final round.
    calm = [uid for uid in legal if not 5 <= uid < 10]
    move = int(rng.choice(calm if calm and rng.random() < 0.9 else legal))
    python.step(move)
    key, step_key = jax.random.split(key)
    state = env.step(state, np.array([move]), step_key[None])
    moves += 1
assert bool(state.terminated[0])
assert int(state.scores[0, 0]) == python.scores()[0]
print(f"{moves} HLE moves replayed in both engines, the same legal moves at every step and "
      f"the same end: {python.outcome_text()}")

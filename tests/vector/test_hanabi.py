"""The JAX Hanabi engine against the Python engine, step by step, and the JaxMARL games.

More examples: ``CARDGAMES_VECTOR_EXAMPLES=200`` (hypothesis examples per test) and
``CARDGAMES_VECTOR_ALL=1`` (all 10,000 JaxMARL games instead of a sample).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import OptionsError
from cardgames.rl import hanabi as rl_hanabi
from conformance_data import CONFORMANCE, needs

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
vector = pytest.importorskip("cardgames.vector")
HanabiTables = pytest.importorskip("cardgames.vector.hanabi").HanabiTables

EXAMPLES = int(os.environ.get("CARDGAMES_VECTOR_EXAMPLES", "6"))
ALL_GAMES = os.environ.get("CARDGAMES_VECTOR_ALL", "") == "1"
BATCH = 3

# (players, options): HLE's game, the rulebook's sixth suits, black powder, options.
CONFIGS = (
    (2, {"variant": "standard+no-empty-clues"}),
    (3, {"variant": "rainbow"}),
    (4, {"variant": "multicolour", "fuses": 2, "clue_tokens": 9}),
    (5, {"variant": "black", "score_after_strikeout": True}),
    (2, {"colors": 3, "ranks": 4, "max_information_tokens": 5, "max_life_tokens": 2}),
)


@functools.cache
def env_of(config: int) -> vector.VectorEnv:
    players, options = CONFIGS[config]
    return vector.make("hanabi", players=players, **options)


def python_game(config: int, deck: list[str]) -> cardgames.State:
    players = CONFIGS[config][0]
    env = env_of(config)
    # The variant make() built (HLE's words among the options build one).
    return cardgames.new_game("hanabi", players=players, deck=deck, options=env.options)


def deal(env: vector.VectorEnv, rng: np.random.Generator) -> tuple[list[str], list[int]]:
    """A random deck: card names for the Python engine, card-type indices for the JAX one."""
    cards = list(env.options.deck_cards())
    order = rng.permutation(len(cards))
    types = env.options.card_types
    return [str(cards[i]) for i in order], [types.index(cards[i]) for i in order]


def choose(legal: list[int], hand_size: int, rng: np.random.Generator) -> int:
    """A random legal id, plays made rare so that games reach the end of the deck."""
    weights = np.array([0.15 if hand_size <= a < 2 * hand_size else 1.0 for a in legal])
    return int(rng.choice(legal, p=weights / weights.sum()))


def assert_same(env: vector.VectorEnv, state: vector.VectorState,
                games: list[cardgames.State], previous: list[int]) -> None:
    """Legal mask, flags, scores, rewards and every seat's observation agree."""
    host = jax.tree.map(np.asarray, state)
    seats = [np.asarray(env.observe(state, seat)) for seat in range(env.num_players)]
    for b, game in enumerate(games):
        mask = np.zeros(env.num_actions, bool)
        if not game.is_over:
            mask[game.legal_action_ids()] = True
            assert host.current_player[b] == game.current_player
        np.testing.assert_array_equal(host.legal_action_mask[b], mask)
        assert bool(host.terminated[b]) == game.is_over
        assert not host.illegal[b]
        assert not host.truncated[b]
        assert list(host.scores[b]) == game.scores()
        change = [score - previous[b] for score in game.scores()]
        np.testing.assert_array_equal(host.rewards[b], np.array(change, np.float32))
        for seat in range(env.num_players):
            expected = rl_hanabi.observation(game.view(seat))
            np.testing.assert_array_equal(seats[seat][b].astype(np.float32), expected,
                                          err_msg=f"seat {seat} game {b}")
        if not game.is_over:
            np.testing.assert_array_equal(host.observation[b], seats[game.current_player][b])


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 2**32 - 1))
def test_random_trajectories_match_the_python_engine_at_every_step(config: int,
                                                                    seed: int) -> None:
    env = env_of(config)
    rng = np.random.default_rng(seed)
    dealt = [deal(env, rng) for _ in range(BATCH)]
    games = [python_game(config, names) for names, _ in dealt]
    state = env.init_from_deck(np.array([types for _, types in dealt]))
    keys = jax.random.split(jax.random.key(seed), BATCH)
    previous = [game.scores()[0] for game in games]  # black powder starts below 0
    assert_same(env, state, games, previous)
    hand_size = env.options.hand_size(env.num_players)
    while not all(game.is_over for game in games):
        previous = [game.scores()[0] for game in games]
        actions = []
        for game in games:
            action = 0 if game.is_over else choose(game.legal_action_ids(), hand_size, rng)
            if not game.is_over:
                game.step(action)
            actions.append(action)
        state = env.step(state, np.array(actions), keys)
        assert_same(env, state, games, previous)
    # A finished game stays as it is, with no reward.
    after = env.step(state, np.zeros(BATCH, np.int32), keys)
    np.testing.assert_array_equal(np.asarray(after.rewards), 0)
    np.testing.assert_array_equal(np.asarray(after.scores), np.asarray(state.scores))


def test_an_illegal_id_ends_only_its_game_with_minus_one() -> None:
    env = env_of(1)  # three players
    keys = jax.random.split(jax.random.key(3), 4)
    state = env.init(keys)
    mask = np.asarray(state.legal_action_mask)
    actions = env.num_actions - 1 - mask[:, ::-1].argmax(axis=1)  # the last legal id: a clue
    actions[2] = int(np.flatnonzero(~mask[2])[0]) if (~mask[2]).any() else env.num_actions
    actions[3] = -5  # out of range is illegal too
    after = env.step(state, actions, keys)
    np.testing.assert_array_equal(np.asarray(after.illegal), [False, False, True, True])
    np.testing.assert_array_equal(np.asarray(after.terminated), [False, False, True, True])
    mover = np.asarray(state.current_player)
    for b in (2, 3):
        expected = np.zeros(env.num_players, np.float32)
        expected[mover[b]] = -1
        np.testing.assert_array_equal(np.asarray(after.rewards)[b], expected)
        assert not np.asarray(after.legal_action_mask)[b].any()
    np.testing.assert_array_equal(np.asarray(after.rewards)[:2], 0)
    assert (np.asarray(after.step_count) == 1).all()
    # The punished games keep their cards; the legal ones moved on.
    np.testing.assert_array_equal(np.asarray(after.game.hands)[2:],
                                  np.asarray(state.game.hands)[2:])


def test_autoreset_starts_ended_games_again_and_reports_the_step() -> None:
    env = env_of(0)
    keys = jax.random.split(jax.random.key(5), 2)
    state = env.init(keys)
    # Game 1 plays an illegal id (a discard with every token there): it ends and restarts.
    actions = np.array([int(np.asarray(state.legal_action_mask)[0].argmax()), 0])
    state, result = env.step_autoreset(state, actions, keys)
    np.testing.assert_array_equal(np.asarray(result.terminated), [False, True])
    np.testing.assert_array_equal(np.asarray(result.illegal), [False, True])
    assert np.asarray(result.rewards)[1].tolist() == [-1.0, 0.0]
    assert not np.asarray(state.terminated).any()
    assert np.asarray(state.step_count).tolist() == [1, 0]


def test_the_batched_autoreset_gives_the_states_of_the_per_game_one() -> None:
    env = env_of(0)
    batch = 40  # more than one chunk of resets (1/16 of the batch each) ends at once
    keys = jax.random.split(jax.random.key(9), batch)
    state = env.init(keys)
    rng = np.random.default_rng(2)
    per_game = jax.jit(jax.vmap(env.step_autoreset_one))
    for step in range(6):
        mask = np.asarray(state.legal_action_mask)
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        if step % 2:
            actions[rng.random(batch) < 0.5] = -1  # many games end by an illegal id
        keys = jax.random.split(jax.random.fold_in(jax.random.key(9), step), batch)
        expected, expected_result = per_game(state, actions, keys)
        state, result = env.step_autoreset(state, actions, keys)
        for got, want in zip(jax.tree.leaves((state, result)),
                             jax.tree.leaves((expected, expected_result)), strict=True):
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


@pytest.mark.parametrize(("options", "words"), [
    ({"variant": "nonsense-variant"}, "nonsense-variant"),
    ({"fuses": 0}, "fuses"),
    # What is refused and why, not the first suit's name.
    ({"variant": "up-or-down"}, r"up-or-down suits \(red, .*direction is chosen by its first"),
    ({"variant": "Orange (5 Suits)"}, r"orange \(inverted\) suits \(orange in .*swap"),
    ({"variant": "Orange (5 Suits)", "deck_plays": True}, "deck plays"),  # and discards
    ({"bonus_tiles": True}, "bonus tiles"),
    ({"colors": 7}, "colors"),
    # HLE's config keys with values this engine does not play.
    ({"colors": 5, "random_start_player": True}, r"random_start_player=True is not played"),
    ({"colors": 5, "observation_type": 0}, r"observation_type=0 is not played.*CARD_KNOW"),
    ({"colors": 5, "observation_type": 2}, r"observation_type=2"),
    ({"colors": 5, "hand_size": 2}, r"hand_size=2 is not played with 2 players: hands of 4"),
    ({"colors": 5, "seed": "seven"}, r"seed must be an integer"),
    ({"hand_size": 5, "variant": "rainbow"}, r"HLE's parameters .* or a 'variant'"),
])
def test_options_are_checked_at_make(options: dict[str, object], words: str) -> None:
    with pytest.raises(OptionsError, match=words) as caught:
        vector.make("hanabi", players=2, **options)
    assert "\n" not in str(caught.value)


HLE_CONFIG = {"players": 2, "colors": 5, "ranks": 5, "hand_size": 5,
              "max_information_tokens": 8, "max_life_tokens": 3, "random_start_player": False,
              "seed": 7, "observation_type": 1}
"""HLE's own game config (pyhanabi.HanabiGame's keys, all of them)."""


def test_make_takes_hles_whole_config() -> None:
    assert set(HLE_CONFIG) == set(vector.hanabi.HLE_CONFIG_KEYS)
    env = vector.make("hanabi", **HLE_CONFIG)
    same = env_of(0)  # standard+no-empty-clues: HLE's game
    assert rl_hanabi.is_hle_variant(env.options)
    assert (env.num_actions, env.observation_shape) == (same.num_actions, same.observation_shape)
    assert env.seed == 7
    # hand_size: HLE's number of cards, one fewer or one more than the rules' default.
    four = vector.make("hanabi", **{**HLE_CONFIG, "players": 4, "hand_size": 3})
    assert four.options.hand_size(4) == 3
    assert four.num_actions == 2 * 3 + 3 * 10


def test_unknown_games_and_player_counts_are_refused_at_make() -> None:
    with pytest.raises(OptionsError, match=r"vector games: .*hanabi"):
        vector.make("chess")
    with pytest.raises(OptionsError, match="players"):
        vector.make("hanabi", players=7)


def test_keys_must_be_a_batch_of_keys() -> None:
    env = env_of(0)
    with pytest.raises(ValueError, match=r"\(B, 2\)"):
        env.init(np.zeros((3, 3), np.uint32))
    raw = jax.random.key_data(jax.random.split(jax.random.key(0), 2))
    typed = jax.random.split(jax.random.key(0), 2)
    for from_raw, from_typed in zip(jax.tree.leaves(env.init(raw)),
                                    jax.tree.leaves(env.init(typed)), strict=True):
        np.testing.assert_array_equal(np.asarray(from_raw), np.asarray(from_typed))


# ----------------------------------------------------------------------------- chance
def test_games_from_keys_that_deal_the_same_hands_have_the_same_state() -> None:
    """The state after init is a function of the hands alone: nothing in it tells which card
    comes next. A deck of six red 1s and six red 2s and hands of 4, so that many keys deal
    the same hands and leave the last four cards in different orders."""
    small = rl_hanabi.hle_variant(colors=1, ranks=2, hand_size_delta=-1)
    red = attrs.evolve(small.suits[0], counts=((1, 6), (2, 6)))
    env = vector.make("hanabi", players=2, variant=attrs.evolve(small, suits=(red,)))
    state = jax.tree.map(np.asarray, env.init(jax.random.split(jax.random.key(4), 400)))
    by_hands: dict[bytes, list[int]] = {}
    for b, hands in enumerate(state.game.hands):
        by_hands.setdefault(hands.tobytes(), []).append(b)
    groups = [games for games in by_hands.values() if len(games) > 1]
    assert len(groups) > 20  # the test compares something
    for first, *others in groups:
        for other in others:
            for leaf in jax.tree.leaves(state):
                np.testing.assert_array_equal(leaf[other], leaf[first])
    assert (state.game.deck == -1).all()
    assert not state.game.listed.any()


def test_each_step_key_draws_from_the_undealt_cards_at_their_odds() -> None:
    env = env_of(0)
    hand_size = env.options.hand_size(env.num_players)
    one = env.init(jax.random.split(jax.random.key(6), 1))
    draws = 3000
    state = jax.tree.map(lambda leaf: np.repeat(np.asarray(leaf), draws, axis=0), one)
    seat = int(state.current_player[0])
    play_oldest = np.full(draws, hand_size)  # always legal
    after = env.step(state, play_oldest, jax.random.split(jax.random.key(7), draws))
    drawn = np.asarray(after.game.hands)[:, seat, hand_size - 1]
    assert len(np.unique(drawn)) > 1  # the next card is not fixed by the state
    undealt = state.game.undealt[0]
    left = undealt.sum()
    counted = np.bincount(drawn, minlength=undealt.size)
    np.testing.assert_array_equal(counted > 0, undealt > 0)  # every undealt kind, no other
    share = undealt / left
    spread = np.sqrt(share * (1 - share) / draws)
    assert (np.abs(counted / draws - share) <= 5 * spread + 1e-9).all()
    np.testing.assert_array_equal(np.asarray(after.game.undealt),
                                  undealt - np.eye(undealt.size, dtype=np.int32)[drawn])


@pytest.mark.parametrize("config", [1, 3])
def test_games_from_keys_hold_every_card_once_and_replay_from_their_keys(config: int) -> None:
    """Random games from keys to the end: every card of the deck is in exactly one place
    (hands, fireworks, discards, undealt), scores stay in bounds, and the second half of the
    batch, given the first half's keys, plays the same games."""
    env = env_of(config)
    tables = HanabiTables(env.options, env.num_players)
    half = 6
    top = int(tables.row_length.sum()) + min(tables.start_score, 0)
    bottom = min(tables.start_score, 0)

    def doubled(key: jax.Array) -> jax.Array:
        keys = jax.random.split(key, half)
        return jnp.concatenate([keys, keys])

    state = env.init(doubled(jax.random.key(config)))
    for turn in range(tables.deck_size + 2 * env.num_players * tables.max_tokens):
        host = jax.tree.map(np.asarray, state)
        game = host.game
        for leaf in jax.tree.leaves(host):
            np.testing.assert_array_equal(leaf[half:], leaf[:half])
        assert (game.deck == -1).all()
        assert not game.listed.any()
        for b in range(2 * half):
            places = np.bincount(game.hands[b][game.hands[b] >= 0], minlength=tables.kinds)
            for suit, played in enumerate(game.fireworks[b]):
                places[tables.next_kind[suit, :played]] += 1
            places += game.discards[b] + game.undealt[b]
            np.testing.assert_array_equal(places, tables.copies)
            assert game.drawn[b] == tables.deck_size - game.undealt[b].sum()
        assert ((bottom <= host.scores) & (host.scores <= top)).all()
        if host.terminated.all():
            break
        act_key, step_key = jax.random.split(jax.random.fold_in(jax.random.key(8), turn))
        actions = env.random_legal_actions(state, doubled(act_key))
        state = env.step(state, actions, doubled(step_key))
    assert bool(state.terminated.all())
    assert not bool(state.illegal.any())


def test_a_replay_keeps_its_deck_and_a_reset_game_does_not() -> None:
    env = env_of(0)
    _, types = deal(env, np.random.default_rng(1))
    state = env.init_from_deck(np.array([types]))
    kinds = np.asarray(HanabiTables(env.options, 2).kind_of_card_type)[types]
    np.testing.assert_array_equal(np.asarray(state.game.deck)[0], kinds)
    assert bool(state.game.listed[0])
    illegal = np.array([env.num_actions])
    state, _ = env.step_autoreset(state, illegal, jax.random.split(jax.random.key(2), 1))
    assert not bool(state.game.listed[0])
    assert (np.asarray(state.game.deck) == -1).all()


def test_importing_cardgames_does_not_import_jax() -> None:
    code = "import sys, cardgames; cardgames.new_game('hanabi'); print('jax' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert out.stdout.strip() == "False"


JAXMARL = CONFORMANCE / "hanabi" / "jaxmarl"
SAMPLE = 500
HLE_LETTERS = "RYGWB"
"""HLE's colours in its order, by their letters."""


def test_hle_ordered_cards_are_said_so_never_guessed() -> None:
    env = vector.make("hanabi", **HLE_CONFIG)
    types = [str(card) for card in env.options.card_types]
    # HLE's card index colour * 5 + rank - 1: W1 is 15, B5 is 24; the default codes are
    # the variant's card types, where blue comes before white.
    codes = vector.hanabi.hle_card_codes(env.options, [15, 24, 0])
    assert [types[c] for c in codes] == ["W1", "B5", "R1"]
    assert types[15] == "B1"  # the same number read as a card type is another card
    hle_deck = [HLE_LETTERS.index(str(card)[0]) * 5 + card.rank - 1
                for card in env.options.deck_cards()]
    as_hle = env.init_from_deck(np.array([hle_deck]), order="hle")
    as_types = env.init_from_deck(np.array([[types.index(str(card))
                                             for card in env.options.deck_cards()]]))
    np.testing.assert_array_equal(np.asarray(as_hle.game.hands), np.asarray(as_types.game.hands))
    with pytest.raises(ValueError, match=r"order must be one of 'cards', 'hle' \(got 'HLE!'\)"):
        env.init_from_deck(np.array([hle_deck]), order="HLE!")
    with pytest.raises(ValueError, match=r"integers 0\.\.24"):
        vector.hanabi.hle_card_codes(env.options, [25])


@needs(JAXMARL)
def test_the_jaxmarl_games_replay_to_their_scores() -> None:
    decks = json.loads((JAXMARL / "decks.json").read_text())
    actions = json.loads((JAXMARL / "actions.json").read_text())
    scores = {}
    for line in (JAXMARL / "scores.txt").read_text().splitlines():
        index, _, score = line.partition(",")
        if index.strip().isdigit():
            scores[int(index)] = int(score)
    chosen = range(len(decks)) if ALL_GAMES else range(SAMPLE)
    # JaxMARL's decks are in HLE's colour order (R, Y, G, W, B): read through the documented
    # path for HLE-ordered decks, HLE's card index colour * ranks + rank - 1.
    env = vector.make("hanabi", **HLE_CONFIG)  # JaxMARL's ids are HLE's for two players
    length = max(len(actions[i]) for i in chosen)
    padding = 20
    chunk = 1000
    for start in range(0, len(chosen), chunk):
        games = list(chosen)[start:start + chunk]
        decks_ = np.array([[HLE_LETTERS.index(code[0]) * 5 + int(code[1:]) - 1
                            for code in decks[i]["deck"]] for i in games])
        moves = np.full((len(games), length), padding, np.int32)
        for row, i in enumerate(games):
            moves[row, :len(actions[i])] = actions[i]
        state = env.init_from_deck(decks_, order="hle")
        keys = jax.random.split(jax.random.key(0), len(games))
        for column in range(length):
            state = env.step(state, moves[:, column], keys)
        assert not np.asarray(state.illegal).any()
        assert np.asarray(state.terminated).all()
        np.testing.assert_array_equal(np.asarray(state.scores)[:, 0],
                                      [scores[i] for i in games])

"""HLE's agent pattern through the drop-in: agents subclass ``rl_env.Agent`` and are run as
HLE's ``rl_env_example.py`` runs them. The agents below are ours, written to the rules of
HLE's ``SimpleAgent`` and ``RandomAgent``; tests/rl/fixtures/hle_agent_games.json holds the
games HLE's own agents played through HLE (made by make_hle_agent_games.py), which ours must
repeat move for move on the same decks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardgames.rl import hanabi_hle as rl_env
from cardgames.rl.hanabi_hle import Agent

AGENT_GAMES = json.loads(
    (Path(__file__).parent / "fixtures" / "hle_agent_games.json").read_text(encoding="utf-8")
)["games"]


class HintThenPlayAgent(Agent):
    """Plays a card once any clue touched it; else clues the colour of a card another player
    could play (one no colour clue touched yet); else discards the oldest card, or plays it
    when the clue tokens are full."""

    def __init__(self, config: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        self.config = config
        self.max_information_tokens = config.get("information_tokens", 8)

    def reset(self, config: dict[str, Any]) -> None:
        self.config = config

    def act(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        if observation["current_player_offset"]:
            return None
        for index, known in enumerate(observation["card_knowledge"][0]):
            if known["color"] is not None or known["rank"] is not None:
                return {"action_type": "PLAY", "card_index": index}
        fireworks = observation["fireworks"]
        if observation["information_tokens"]:
            for offset in range(1, observation["num_players"]):
                seen = zip(observation["observed_hands"][offset],
                           observation["card_knowledge"][offset], strict=True)
                for card, known in seen:
                    if card["rank"] == fireworks[card["color"]] and known["color"] is None:
                        return {"action_type": "REVEAL_COLOR", "color": card["color"],
                                "target_offset": offset}
        if observation["information_tokens"] < self.max_information_tokens:
            return {"action_type": "DISCARD", "card_index": 0}
        return {"action_type": "PLAY", "card_index": 0}


class AnyLegalMoveAgent(Agent):
    """A legal move drawn by the ``random`` module, as HLE's RandomAgent draws it."""

    def __init__(self, config: dict[str, Any], *args: Any, **kwargs: Any) -> None:
        self.config = config

    def act(self, observation: dict[str, Any]) -> dict[str, Any] | None:
        if observation["current_player_offset"]:
            return None
        move: dict[str, Any] = random.choice(observation["legal_moves"])
        return move


AGENTS: dict[str, type[Agent]] = {"simple": HintThenPlayAgent, "random": AnyLegalMoveAgent}


def run_episode(env: rl_env.HanabiEnv, agents: list[Agent], observations: dict[str, Any]
                ) -> tuple[list[int | dict[str, Any]], list[int]]:
    """rl_env_example's loop: every agent acts on its own dict, the current player's move is
    played. The moves and rewards."""
    moves, rewards = [], []
    done = False
    while not done:
        chosen = None
        for seat, agent in enumerate(agents):
            action = agent.act(observations["player_observations"][seat])
            if observations["current_player"] == seat:
                assert action is not None
                chosen = action
            else:
                assert action is None
        assert chosen is not None
        moves.append(chosen)
        observations, reward, done, _ = env.step(chosen)
        rewards.append(reward)
    return moves, rewards


def test_the_fixtures_cover_both_agents_and_every_player_count() -> None:
    assert {(game["agent"], game["players"]) for game in AGENT_GAMES} == {
        (agent, players) for agent in AGENTS for players in (2, 3, 4, 5)}


@pytest.mark.parametrize(
    "game", AGENT_GAMES, ids=lambda game: f"{game['agent']}-{game['players']}p-{game['seed']}")
def test_agents_subclassing_agent_play_the_games_hles_agents_played(game: dict[str, Any]) -> None:
    env = rl_env.make("Hanabi-Full", num_players=game["players"])
    config = {"players": game["players"]}
    agents = [AGENTS[game["agent"]](config) for _ in range(game["players"])]
    random.seed(game["seed"])
    moves, rewards = run_episode(env, agents, env.reset(deck=game["deck"]))
    assert moves == game["moves"]
    assert rewards == game["rewards"]
    assert env.state is not None
    assert sum(len(stack) for stack in env.state.fireworks) == game["fireworks"]


def test_the_agent_interface_is_hles() -> None:
    # HLE's Agent: __init__(config, *args, **kwargs), reset(config) and act(observation),
    # each left to the subclass.
    with pytest.raises(NotImplementedError):
        Agent({"players": 2})
    agent = AnyLegalMoveAgent({"players": 2}, "extra", key="word")
    with pytest.raises(NotImplementedError):
        agent.reset({"players": 2})
    env = rl_env.make("Hanabi-Full", num_players=2)
    observation = env.reset()["player_observations"][0]
    with pytest.raises(NotImplementedError):
        Agent.act(agent, observation)

"""Start a game, play it with bots, and replay its record."""

import cardgames
from cardgames.core import RandomAgent, Record, play

state = cardgames.new_game("koikoi", seed=7)
print(state.current_player, state.legal_actions()[:3])

record = play(state, [RandomAgent(seed=1), RandomAgent(seed=2)])
print(state.result_text())

# A record is plain JSON; replaying it rebuilds the final state bit for bit.
again = cardgames.replay(Record.from_json(record.to_json()))
assert again == state
assert again.scores() == state.scores()

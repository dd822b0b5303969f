"""Ikebana from Python: score bouquets, play a game by hand and with bots, replay it."""

import cardgames
from cardgames.core import RandomAgent, Record, play
from cardgames.ikebana import DRAW, KEEP, GreedyBot, IkebanaRules, score_bouquet
from cardgames.ikebana.view import Phase

# The rulebook's three worked examples.
assert score_bouquet(["R3", "G3", "K3", "B2", "Y2"]).total == 39
assert score_bouquet(["R1", "R2", "G3", "G4", "R2"]).total == 16
result = score_bouquet(["R5", "G5", "R1", "K2", "B3"])
print(result)  # 10 = (pair of 5s = 10) x 1 (no colour combination)

# A multicolour card takes whichever colour scores best.
joker = score_bouquet(["B1", "B2", "B3", "B4", "M5"])
print(joker.total, joker.describe_multicolour())  # 60 M5 as blue

# A 3-player game with the "final bouquet" variant.
state = cardgames.new_game("ikebana", players=3, seed=7, final_bouquet=True)
assert state.options == IkebanaRules(final_bouquet=True)
assert state.legal_actions() == [DRAW]  # nobody has discarded yet: no card to buy
state.apply(DRAW)
view = state.view(0)
assert view.phase is Phase.KEEP_OR_REFUSE
pending = view.pending  # the decision as data: the card, the refusal's price and payee
assert pending is not None
print(f"P1 drew {pending.card}; refusing it would cost {pending.price} (to seat {pending.payee})")
state.apply_text("refuse")  # P1 pays 1 to P2 (seat 1) and draws the next card at once
assert state.scores() == [5, 7, 6]
state.apply(KEEP)
assert state.current_player == 1
# The history: each move's seat, action value and events, the same for every seat.
for move in state.view(2).history:
    print(move.seat, move.action, [str(event) for event in move.events])
# Players are numbered from 1 in the notation, seats from 0 in the API: "buy 1" is Buy(0).
print(state.parse("buy 1"), "is legal:", state.is_legal(state.parse("buy 1")))

# Bots finish the game; the record replays bit for bit.
record = play(state, [GreedyBot(1), GreedyBot(2), RandomAgent(3)])
print(state.result_text())
again = cardgames.replay(Record.from_json(record.to_json()))
assert again == state

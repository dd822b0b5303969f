"""Hanabi from Python: a variant, moves in notation, a seat's view, bots, records, hanab.live."""

from __future__ import annotations

import cardgames
from cardgames.core.loop import play
from cardgames.hanabi import from_hanablive, to_hanablive, variant_from_name
from cardgames.hanabi.bots import ConventionBot
from cardgames.hanabi.events import EndReason

# Variants are data: named, or combined with '+'.
variant = variant_from_name("rainbow+black-powder")
print(", ".join(suit.name for suit in variant.suits), "- max score", variant.max_score)
assert variant.max_score == 30  # black powder adds no points: a complete black row scores 0

# A game: 3 players, seed 7. Slot 1 is each player's newest card; players are seat numbers.
state = cardgames.new_game("hanabi", players=3, seed=7, variant="rainbow")
state.apply(state.parse("clue 2 1"))  # player 1 tells player 2 where their 1s are
print("legal now:", ", ".join(str(a) for a in state.legal_actions()[:6]), "...")
assert state.clue_tokens == 7

# What player 2 (seat 1) knows: the other hands, and for its own slots only the possibilities.
view = state.view(1)
for slot in view.own_hand:
    print(f"slot {slot.slot}: touched={slot.touched}, ranks still possible:",
          sorted(slot.possible_ranks))
assert all(not hasattr(slot, "card") for slot in view.own_hand)

# The history is structured: who moved, the action value, and what it caused.
first = view.history[0]
print(f"seat {first.seat} played {first.action!r}:", "; ".join(map(str, first.events)))
assert (first.seat, first.action) == (0, state.parse("clue 2 1"))

# Convention bots finish the game; the record replays bit for bit.
record = play(state, [ConventionBot(seat) for seat in range(3)])
print(state.result_text())
assert state.end_reason in EndReason
assert cardgames.replay(record) == state

# hanab.live: export a game and play the export back through the engine.
standard = cardgames.new_game("hanabi", players=2, seed=3, variant="no-variant")
play(standard, [ConventionBot(1), ConventionBot(2)])
export = to_hanablive(standard)
print("hanab.live export:", export["options"], len(export["actions"]), "actions")
again = from_hanablive(export)
assert again.score == standard.score
assert again.history == standard.history

"""Koi-Koi from Python: score a pile, play moves, let bots finish the match, replay it."""

from __future__ import annotations

import cardgames
from cardgames.core.loop import play
from cardgames.koikoi import GAME, make_rules, round_points, score_yaku
from cardgames.koikoi.bots import GreedyBot

# Scoring a captured pile: cards by name, short form (month-index) or id.
pile = score_yaku(["jan-crane", "mar-curtain", "aug-moon", "sep-sake-cup"])
print(pile)  # Sankō 5, Hanami-zake 5, Tsukimi-zake 5 = 15
assert pile.total == 15
# A round's final points: x2 at 7 or more, x2 again because the loser had called koi-koi.
final = round_points(pile.total, loser_calls=1)
print(final)  # 15 ×2 (7 points or more) ×2 (opponent called koi-koi) = 60
assert final.points == 60
# House rules are fields of KoiKoiRules; presets name combinations.
traditional = make_rules("traditional")
assert score_yaku(["jan-crane", "mar-curtain", "aug-moon"], traditional).total == 6

# A match: every decision is an action of the current player.
state = cardgames.new_game("koikoi", seed=2024, preset="online", rounds=2)
seat = state.current_player
view = state.view(seat)  # what that seat may know: its hand, the field, both piles, ...
print("you hold", " ".join(card.code for card in view.hand))
print("legal:", ", ".join(str(action) for action in state.legal_actions()))
first = state.legal_actions()[0]
state.apply(state.parse(str(first)))  # notation round-trips: parse(str(a)) == a

# Bots finish the match; the record replays to the same final state.
record = play(state, [GreedyBot(1), GAME.bots["random"](2)])
print(state.result_text())
assert cardgames.replay(record) == state
assert sum(result.score[0] for result in state.round_results) == state.scores()[0]

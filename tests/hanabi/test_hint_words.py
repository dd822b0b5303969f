"""The words of the convention bot's reasons (issue 39): a play left one card by the clues
says that card is playable, not "every one of them"."""

from __future__ import annotations

import re

from cardgames.hanabi import HanabiState, variant_from_name
from cardgames.hanabi.bots import ConventionBot


def test_a_play_reason_speaks_of_one_card_as_one_and_of_several_as_several() -> None:
    said: list[str] = []
    for seed in range(6):
        state = HanabiState.new(variant_from_name("standard"), players=2, seed=seed)
        bots = [ConventionBot(seat) for seat in range(2)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view, legal = state.view(seat), state.legal_actions()
            hint = bots[seat].explain(view, legal)
            found = re.search(r"leave #\d only ([A-Z0-9 ]+), (.*)$", hint.reason)
            if found:
                cards, rest = found.group(1).split(), found.group(2)
                said.append(rest)
                if len(cards) == 1:
                    assert rest == "which is playable now", hint.reason
                else:
                    assert rest == "and each of them is playable now", hint.reason
            state.apply(hint.action)
    assert "which is playable now" in said  # both were met
    assert "and each of them is playable now" in said

"""The Ikebana engine: turns, refusal prices, purchases, reshuffles, rounds and the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardgames
import cardgames.ikebana
from cardgames.core.errors import IllegalActionError, NotationError, OptionsError
from cardgames.ikebana import (
    DRAW,
    GAME,
    KEEP,
    REFUSE,
    Buy,
    IkebanaRules,
    IkebanaState,
    make_rules,
)
from cardgames.ikebana.cards import FULL_DECK_CODES, Card
from cardgames.ikebana.events import Bought, Drew, GameEnded, Refused, Reshuffled, RoundScored


def deck_starting(*top: str) -> list[str]:
    """A full 55-card deck (top first) beginning with `top`, the rest in canonical order."""
    rest = Counter(FULL_DECK_CODES)
    for text in top:
        rest[Card.from_str(text).code] -= 1
    assert min(rest.values()) >= 0, "more copies than the deck holds"
    return list(top) + [str(Card.from_code(code)) for code in sorted(rest.elements())]


def interleave(*bouquets: str) -> list[str]:
    """Deck order giving each seat its bouquet when everyone keeps, seat 0 first."""
    hands = [b.split() for b in bouquets]
    return [hand[i] for i in range(5) for hand in hands]


def new(players: int = 2, *, deck: list[str] | None = None, seed: int = 1, **options: object
        ) -> IkebanaState:
    state = cardgames.new_game("ikebana", players=players, seed=seed, deck=deck, **options)
    assert isinstance(state, IkebanaState)
    return state


def play(state: IkebanaState, *moves: str) -> list[object]:
    events: list[object] = []
    for move in moves:
        events += state.apply(state.parse(move))
        state.check_invariants()
    return events


# ------------------------------------------------------------------ the turn
def test_a_turn_starts_with_draw_and_no_buy_when_piles_are_empty() -> None:
    state = new()
    assert state.current_player == 0
    assert state.legal_actions() == [DRAW]


def test_after_drawing_only_keep_or_refuse() -> None:
    state = new(deck=deck_starting("K5"))
    events = play(state, "draw")
    assert str(events[0]) == "P1 draws K5"
    assert state.view(0).drawn == Card.from_str("K5")
    assert state.legal_actions() == [KEEP, REFUSE]
    play(state, "keep")
    assert state.bouquet(0) == (Card.from_str("K5"),)
    assert state.current_player == 1


def test_refusal_prices_rise_and_go_clockwise_skipping_the_refuser() -> None:
    state = new(3, deck=deck_starting("R1", "R2", "R3", "R4", "R5"), starting_prestige=10)
    state.apply(DRAW)
    payees = []
    for price in (1, 2, 3):
        events = state.apply(REFUSE)
        refused = events[0]
        assert isinstance(refused, Refused)
        assert refused.price == refused.paid == price
        payees.append(refused.payee)
    # 1st to the left (seat 1), 2nd to seat 2, 3rd skips seat 0 and goes to seat 1 again.
    assert payees == [1, 2, 1]
    assert state.scores() == [10 - 6, 10 + 1 + 3, 10 + 2]
    assert state.view(0).drawn == Card.from_str("R4")
    assert state.view(0).discard_tops[0] == Card.from_str("R3")
    assert state.view(0).discard_sizes[0] == 3


@pytest.mark.parametrize(
    ("players", "first_player", "payees"),
    [
        # 5 players, P1 refusing six times: P2, P3, P4, P5, then round again to P2, P3.
        (5, 1, [1, 2, 3, 4, 1, 2]),
        # 4 players, P3 (seat 2) refusing: P4, P1, P2, then P4 again (P3 itself skipped).
        (4, 3, [3, 0, 1, 3]),
    ],
)
def test_refusal_payees_go_round_the_table_from_the_left(
    players: int, first_player: int, payees: list[int]
) -> None:
    refusals = len(payees)
    deck = deck_starting("R1", "R2", "R3", "R4", "R5", "G1", "G2")
    state = new(players, deck=deck, starting_prestige=30, first_player=first_player)
    refuser = first_player - 1
    events = play(state, "draw", *["refuse"] * refusals)
    paid = [e for e in events if isinstance(e, Refused)]
    assert [e.payee for e in paid] == payees
    assert [e.price for e in paid] == list(range(1, refusals + 1))
    expected = [30] * players
    expected[refuser] -= sum(range(1, refusals + 1))
    for price, payee in enumerate(payees, start=1):
        expected[payee] += price
    assert state.scores() == expected
    assert sum(state.scores()) == 30 * players  # payments only move points


def test_two_players_every_refusal_pays_the_opponent() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3", "R4"))
    play(state, "draw", "refuse", "refuse", "refuse")
    assert state.scores() == [0, 12]


def test_a_refusal_you_cannot_pay_is_not_allowed_so_the_card_must_be_kept() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3", "R4"), starting_prestige=3)
    play(state, "draw", "refuse", "refuse")  # 1 + 2 = 3 paid, nothing left
    assert state.scores() == [0, 6]
    assert state.legal_actions() == [KEEP]
    with pytest.raises(IllegalActionError, match="must be kept"):
        state.apply(REFUSE)


def test_house_rule_pay_what_you_have_refuses_with_the_rest_but_never_for_free() -> None:
    state = new(
        2, deck=deck_starting("R1", "R2", "R3", "R4"), starting_prestige=4,
        unaffordable_refusal="pay-what-you-have",
    )
    events = play(state, "draw", "refuse", "refuse", "refuse")
    last = [e for e in events if isinstance(e, Refused)][-1]
    assert (last.price, last.paid) == (3, 1)
    assert state.scores() == [0, 8]
    assert state.legal_actions() == [KEEP]


def test_bank_payee_takes_the_payments_out_of_the_game() -> None:
    state = new(2, deck=deck_starting("R1", "R2"), refusal_payee="bank")
    play(state, "draw", "refuse")
    assert state.scores() == [5, 6]
    assert state.paid_to_bank == 1


# ------------------------------------------------------------------ buying
def test_buying_the_top_of_another_pile_pays_its_value_to_that_player() -> None:
    state = new(2, deck=deck_starting("K4", "R1", "G2"))
    play(state, "draw", "refuse", "keep")  # seat 0 refuses K4 (pays 1), keeps R1
    assert state.legal_actions() == [DRAW, Buy(0)]
    assert str(Buy(0)) == "buy 1"  # players are numbered from 1 in the notation
    events = play(state, "buy 1")
    assert isinstance(events[0], Bought)
    assert str(events[0]) == "P2 buys K4 from P1 for 4"
    assert state.scores() == [5 + 4, 7 - 4]
    assert state.bouquet(1) == (Card.from_str("K4"),)
    assert state.view(1).discard_tops[0] is None
    assert state.current_player == 0


def test_you_cannot_buy_from_your_own_pile_or_without_the_prestige_or_after_drawing() -> None:
    state = new(2, deck=deck_starting("K5", "R1", "G2", "B3"), starting_prestige=5)
    play(state, "draw", "refuse", "keep")  # seat 0: K5 on its pile, 4 prestige; seat 1: 6
    play(state, "draw", "refuse", "keep")  # seat 1: G2 on its pile; seat 0 back to 5
    assert state.scores() == [5, 5]
    assert Buy(1) in state.legal_actions()
    with pytest.raises(IllegalActionError, match="your own discard pile"):
        state.apply(Buy(0))
    play(state, "draw")
    with pytest.raises(IllegalActionError, match="once you draw you cannot buy"):
        state.apply(Buy(1))
    play(state, "keep")
    # Seat 1 has 5 prestige and K5 costs 5: affordable; at 4 it would not be.
    assert Buy(0) in state.legal_actions()


def test_a_purchase_needs_the_price() -> None:
    state = new(2, deck=deck_starting("K5", "R1"), starting_prestige=4)
    play(state, "draw", "refuse", "keep")  # seat 1 now has 5, seat 0 has 3
    assert Buy(0) in state.legal_actions()
    state2 = new(2, deck=deck_starting("K5", "R1"), starting_prestige=3)
    play(state2, "draw", "refuse", "keep")  # seat 1 has 4 < 5
    assert state2.legal_actions() == [DRAW]
    with pytest.raises(IllegalActionError, match="costs 5 prestige and you have 4"):
        state2.apply(Buy(0))


# ------------------------------------------------------------------ the reshuffle
def test_the_exhausted_deck_is_rebuilt_from_the_discards_under_each_top() -> None:
    # Both players refuse whenever they can afford it: 100 prestige pays for 13 refusals and
    # the points pass back and forth, so the 55 cards run out within the first few turns.
    state = new(2, seed=5, starting_prestige=100)
    reshuffled = None
    while reshuffled is None:
        legal = state.legal_actions()
        action = REFUSE if REFUSE in legal else (DRAW if DRAW in legal else KEEP)
        before = state.clone()
        events = state.apply(action)
        state.check_invariants()
        reshuffled = next((e for e in events if isinstance(e, Reshuffled)), None)
    assert before.view(0).deck_size == 0
    tops_before = before.view(0).discard_tops
    sizes_before = before.view(0).discard_sizes
    view = state.view(0)
    refused = next(e for e in events if isinstance(e, Refused))
    # Each pile keeps exactly its top (the card just refused is the refuser's new top).
    expected_tops = list(tops_before)
    expected_tops[refused.seat] = refused.card
    assert view.discard_tops == tuple(expected_tops)
    assert view.discard_sizes == (1, 1)
    moved = sum(sizes_before) + 1 - 2
    assert reshuffled.cards == moved
    assert view.deck_size == moved - 1  # one card was drawn from the new deck at once


def test_the_when_empty_option_reshuffles_as_the_last_card_is_drawn() -> None:
    state = new(2, seed=5, starting_prestige=100, reshuffle="when-empty")
    reshuffled = None
    while reshuffled is None:
        legal = state.legal_actions()
        action = REFUSE if REFUSE in legal else (DRAW if DRAW in legal else KEEP)
        before = state.clone()
        events = state.apply(action)
        state.check_invariants()
        reshuffled = next((e for e in events if isinstance(e, Reshuffled)), None)
    assert before.view(0).deck_size == 1  # the last card was drawn by this very move
    drew = [e for e in events if isinstance(e, Drew)]
    assert events.index(drew[-1]) < events.index(reshuffled)  # drawn, then reshuffled
    view = state.view(0)
    assert view.drawn == drew[-1].card  # still in hand, to keep or refuse
    assert all(size <= 1 for size in view.discard_sizes)  # every pile cut to its top
    assert view.deck_size == reshuffled.cards  # nothing drawn from the new deck yet
    seat = state.current_player
    assert seat is not None
    size = view.discard_sizes[seat]
    state.apply(REFUSE)
    assert state.view(0).discard_sizes[seat] == size + 1  # onto the cut-down pile
    state.check_invariants()


# ------------------------------------------------------------------ rounds and the end
EXAMPLE_A = "R3 G3 K3 B2 Y2"  # 39
EXAMPLE_B = "R1 R2 G3 G4 R2"  # 16


def keep_everything(state: IkebanaState, turns: int) -> list[object]:
    events: list[object] = []
    for _ in range(turns):
        events += play(state, "draw", "keep")
    return events


def test_a_round_scores_every_bouquet_and_the_leader_starts_the_next() -> None:
    state = new(2, deck=deck_starting(*interleave(EXAMPLE_A, EXAMPLE_B)))
    events = keep_everything(state, 10)
    summary = next(e for e in events if isinstance(e, RoundScored))
    assert summary.awarded == (39, 16)
    assert [s.total for s in summary.scores] == [39, 16]
    assert state.scores() == [45, 22]
    assert state.round_number == 2
    assert state.current_player == 0
    assert all(len(state.bouquet(seat)) == 0 for seat in (0, 1))
    assert state.view(1).deck_size == 55
    assert state.view(1).discard_sizes == (0, 0)


def test_the_player_with_most_prestige_starts_even_if_not_the_previous_starter() -> None:
    state = new(2, deck=deck_starting(*interleave(EXAMPLE_B, EXAMPLE_A)))
    keep_everything(state, 10)
    assert state.current_player == 1


@pytest.mark.parametrize(("tie_break", "starter"), [("from-previous", 1), ("after-previous", 0)])
def test_ties_for_the_next_start(tie_break: str, starter: int) -> None:
    # Seat 1 starts round 1; both bouquets score 10, so the two tie at 16.
    state = new(
        2, deck=deck_starting(*interleave("K5 B5 R1 G2 K3", "R5 G5 K1 B2 R3")),
        first_player=2, starter_tie_break=tie_break,
    )
    keep_everything(state, 10)
    assert state.scores() == [16, 16]
    assert state.current_player == starter


@pytest.mark.parametrize(("tie_break", "starter"), [("from-previous", 1), ("after-previous", 0)])
def test_ties_for_the_next_start_with_three_players(tie_break: str, starter: int) -> None:
    # P2 (seat 1) starts, so the turns go P2, P3, P1. P1 and P2 tie at 16, P3 has 14:
    # from P2 itself P2 starts again; counting from P3 (after-previous) the round wraps to P1.
    deck = deck_starting(*interleave("K5 B5 R1 G2 K3", "Y1 Y2 G3 K4 B1", "R5 G5 K1 B2 R3"))
    state = new(3, deck=deck, first_player=2, starter_tie_break=tie_break)
    keep_everything(state, 15)
    assert state.scores() == [16, 16, 14]
    assert state.current_player == starter
    assert state.round_results[0].next_starter == starter


def test_four_rounds_then_a_shared_victory_on_equal_prestige() -> None:
    block = deck_starting(*interleave("R5 G5 K1 B2 R3", "K5 B5 R1 G2 K3"))
    state = new(2, deck=block * 4)
    events = keep_everything(state, 40)
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.scores() == [46, 46]
    assert state.winners() == [0, 1]
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert "share the victory" in str(ended)
    assert "P1 and P2 share the victory with 46" in state.result_text()
    assert len(state.round_results) == 4


def test_final_bouquet_variant_doubles_only_the_last_round() -> None:
    block = deck_starting(*interleave(EXAMPLE_A, EXAMPLE_B))
    state = new(2, deck=block * 2, rounds=2, final_bouquet=True)
    keep_everything(state, 20)
    assert [r.awarded for r in state.round_results] == [(39, 16), (78, 32)]
    assert state.scores() == [6 + 39 + 78, 6 + 16 + 32]
    assert "P1 wins with 123" in state.result_text()


def test_the_sixth_colour_house_rule_scores_rounds_without_jokers() -> None:
    deck = deck_starting(*interleave("B1 B2 B3 B4 M5", EXAMPLE_A))
    state = new(2, deck=deck, multicolour_wild=False, rounds=1)
    keep_everything(state, 10)
    assert state.round_results[0].awarded == (30, 39)


def test_an_explicit_deck_then_seeded_deals_replays_bit_for_bit() -> None:
    state = new(3, deck=deck_starting("M1"), seed=9)
    rng = random.Random(3)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert cardgames.replay(state.record()) == state


# ------------------------------------------------------------------ notation and errors
def test_parse_reads_every_form_and_round_trips() -> None:
    state = new(3, names=["Ann", "Bob", "Cy"])
    assert state.parse(" DRAW ") == DRAW
    assert state.parse("keep") == KEEP
    assert state.parse("refuse") == REFUSE
    assert state.parse("buy 3") == Buy(2)  # player numbers count from 1; seats from 0
    assert state.parse("buy bob") == Buy(1)
    assert state.parse("buy 1") == Buy(0)  # well-formed; apply refuses it (own pile)
    for action in (DRAW, KEEP, REFUSE, Buy(1)):
        assert state.parse(str(action)) == action
        assert eval(repr(action), vars(cardgames.ikebana)) == action


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("fold", "'fold' is not an Ikebana move; moves are draw, keep, refuse and buy P"),
        ("", "legal now: draw"),
        ("buy", r"'buy': buy whom\? write buy P, P a player number 1\.\.3 or a name: P1, P2"),
        ("buy 7", r"no player '7'; buy takes a player number 1\.\.3 or a name: P1, P2, P3"),
        ("buy 0", "no player '0'"),
        ("buy zed", "no player 'zed'"),
        ("buy 1 2", r"'buy 1 2': buy takes one player: write buy P, P a player number"),
        ("draw 2", "'draw 2': draw takes nothing after it; legal now: draw$"),
        # A misspelt word: the nearest move or player name is suggested, on one line.
        ("drwa", r"^'drwa' is not an Ikebana move \(did you mean draw\?\); moves are draw"),
        ("refsue", r"\(did you mean refuse\?\)"),
        ("by 2", r"\(did you mean buy\?\)"),
        ("buy p22", r"^'buy p22': no player 'p22' \(did you mean p2\?\); buy takes a player"),
    ],
)
def test_bad_notation_says_what_is_accepted_and_changes_nothing(text: str, fragment: str) -> None:
    state = new(3)
    before = state.snapshot()
    with pytest.raises(NotationError, match=fragment) as caught:
        state.parse(text)
    assert "\n" not in str(caught.value)
    assert state.snapshot() == before


def test_buy_suggests_the_nearest_player_name() -> None:
    state = IkebanaState.new(IkebanaRules(), players=3, seed=1, names=["Alice", "Bob", "Carol"])
    with pytest.raises(NotationError, match=r"^'buy carl': no player 'carl' \(did you mean "
                       r"carol\?\); buy takes a player number 1\.\.3 or a name: Alice, Bob"):
        state.parse("buy carl")
    with pytest.raises(NotationError, match=r"\(did you mean alice\?\)"):
        state.parse("buy Alise")
    with pytest.raises(NotationError, match=r"no player 'zed'; buy takes"):  # nothing near
        state.parse("buy zed")


def test_a_parse_error_quotes_the_legal_moves_buys_included() -> None:
    state = new(5, deck=deck_starting("R1", "R2", "R3", "R4", "R5", "G1"))
    for _ in range(4):  # P1..P4 each refuse one card (a pile to buy from), then keep
        play(state, "draw", "refuse", "keep")
    with pytest.raises(NotationError, match=r"legal now: draw, buy 1, buy 2, buy 3, buy 4$"):
        state.parse("fold")


def test_an_illegal_action_names_the_rule_and_changes_nothing() -> None:
    state = new(2)
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"draw a card first.*legal now: draw"):
        state.apply(KEEP)
    assert state == before


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"rounds": "0"}, "'rounds' must be a whole number in 1..12"),
        ({"starting_prestige": -1}, "'starting_prestige'"),
        ({"final_bouquet": "perhaps"}, "'final_bouquet' must be true or false"),
        ({"refusal_payee": "nobody"}, "players, bank"),
        ({"preset": "chaos"}, "unknown Ikebana preset 'chaos'"),
        ({"colour": "red"}, "unknown Ikebana option 'colour'"),
    ],
)
def test_bad_options_name_the_field(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(OptionsError, match=fragment):
        make_rules(**options)  # type: ignore[arg-type]  # deliberately wrong values


def test_actions_that_are_not_ikebana_actions_are_refused_with_a_reason() -> None:
    state = new(3)
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"not an Ikebana action.*state\.parse"):
        state.apply("draw")  # type: ignore[arg-type]  # text, not an action
    with pytest.raises(IllegalActionError, match=r"no seat 4 \(0-based\) in a 3-player game"):
        state.apply(Buy(4))
    with pytest.raises(NotationError, match=r"Buy\(seat=9\).*0-based index 0\.\.4"):
        Buy(9)
    with pytest.raises(NotationError, match="is not text"):
        state.parse(None)  # type: ignore[arg-type]  # deliberately wrong
    assert state == before


def test_bad_player_count_first_player_and_deck() -> None:
    with pytest.raises(OptionsError, match=r"'players' must be in 2\.\.5"):
        cardgames.new_game("ikebana", players=6)
    with pytest.raises(OptionsError, match=r"'first_player' must be a player number in 1\.\.2"):
        cardgames.new_game("ikebana", players=2, first_player=3)
    with pytest.raises(OptionsError, match=r"'first_player' must be a whole number in 1\.\.5"):
        cardgames.new_game("ikebana", players=2, first_player=0)
    with pytest.raises(OptionsError, match="'names' must be distinct single words"):
        cardgames.new_game("ikebana", players=2, names=["Ann", "ann"])
    with pytest.raises(OptionsError, match="'names' must be distinct single words"):
        cardgames.new_game("ikebana", players=2, names=["Ann Lee", "Bob"])
    with pytest.raises(OptionsError, match=r"^'deck': .*blocks of 55 cards"):
        cardgames.new_game("ikebana", players=2, deck=["R1"])
    with pytest.raises(OptionsError, match=r"^'deck': .*not an Ikebana card"):
        cardgames.new_game("ikebana", players=2, deck=["R9", *deck_starting()[1:]])
    with pytest.raises(OptionsError, match=r"^'deck': .*too many R5"):
        cardgames.new_game("ikebana", players=2, deck=["R5", *deck_starting()[1:]])


def test_rules_round_trip_through_dicts() -> None:
    for rules in GAME.presets.values():
        assert IkebanaRules.from_dict(rules.to_dict()) == rules


# ------------------------------------------------------------------ views
def test_views_hide_the_deck_and_the_cards_under_the_tops() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3"))
    play(state, "draw", "refuse", "refuse")
    view = state.view(1)
    assert view.discard_tops[0] == Card.from_str("R2")
    assert view.discard_sizes[0] == 2
    assert view.discard_piles is None
    assert not hasattr(view, "deck")
    assert view.next_refusal_price == 3
    state.check_view(0)
    state.check_view(1)


def test_public_discards_show_whole_piles() -> None:
    state = new(2, deck=deck_starting("R1", "R2", "R3"), public_discards=True)
    play(state, "draw", "refuse", "refuse")
    assert state.view(1).discard_piles == ((Card.from_str("R1"), Card.from_str("R2")), ())
    state.check_view(1)


def test_the_drawn_card_is_public_and_the_refusal_price_is_shown_to_all() -> None:
    state = new(3, deck=deck_starting("Y4", "G1"))
    play(state, "draw", "refuse")
    for seat in range(3):
        view = state.view(seat)
        assert view.drawn == Card.from_str("G1")
        assert (view.next_refusal_price, view.next_refusal_payee) == (2, 2)
        assert view.refusals_this_turn == 1
    with pytest.raises(OptionsError, match=r"seat must be a seat index in 0\.\.2 \(got 3\)"):
        state.view(3)


def test_a_finished_game_view_has_no_player_to_act() -> None:
    state = new(2, deck=deck_starting(*interleave(EXAMPLE_A, EXAMPLE_B)), rounds=1)
    keep_everything(state, 10)
    view = state.view(0)
    assert view.is_over
    assert view.current_player is None
    assert view.next_refusal_payee is None
    assert [r.round for r in view.past_rounds] == [1]


def test_clones_share_the_generator_until_one_shuffles_and_stay_independent() -> None:
    # clone() shares the shuffling generator copy-on-write; every copy still deals the same
    # rounds as the original, whichever of them shuffles first.
    state = IkebanaState.new(IkebanaRules(), players=3, seed=12)
    first, second = state.clone(), state.clone()
    for game in (first, state, second):  # a different order of first shuffles
        while not game.is_over:
            game.apply(game.legal_actions()[0])
    assert first == state == second
    assert first.round_results == state.round_results


def test_names_are_checked_without_a_deal() -> None:
    # The server checks a name as a person sits (GameInfo.check_names): the game's own rule.
    info = cardgames.get_game("ikebana")
    assert info.check_names(["Ann", "Bob"]) == ("Ann", "Bob")
    for names in (["Ann", "ann"], ["Ann Lee", "Bob"]):
        with pytest.raises(OptionsError, match="'names' must be distinct single words"):
            info.check_names(names)
    with pytest.raises(OptionsError, match="'names' must be non-empty printable"):
        info.check_names(["Ann", ""])
    # Other games take any printable names.
    assert cardgames.get_game("koikoi").check_names(["Ann Lee", "ann lee"]) == (
        "Ann Lee", "ann lee")

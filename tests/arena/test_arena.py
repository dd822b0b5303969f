"""The arena's library: schedules (who sits where, on which deal), determinism, reports."""

from __future__ import annotations

import concurrent.futures
import io
import json
from collections import Counter
from pathlib import Path

import pytest

import cardgames
from cardgames import arena
from cardgames.arena.agreement import agreement_plan, agreement_rows, run_agreement
from cardgames.arena.play import bot_seed, ranks
from cardgames.core.errors import OptionsError
from cardgames.core.loop import play
from cardgames.core.registry import load_target


def written(lines: list[dict[str, object]]) -> list[str]:
    stream = io.StringIO()
    for line in lines:
        arena.write_line(arena.without_times(line), stream)
    return stream.getvalue().splitlines()


def test_the_same_seeds_and_seats_write_the_same_lines_on_any_executor() -> None:
    job = arena.plan("hanabi", ["convention", "casual"], players=2, games=2, seed=11)
    first = list(arena.run(job))
    again = list(arena.run(arena.plan("hanabi", ["convention", "casual"], players=2,
                                      games=2, seed=11)))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        spread = list(arena.run(job, executor=pool, chunk_size=1))
    assert written(first) == written(again) == written(spread)
    assert [line["index"] for line in spread] == list(range(len(job.games)))
    # The times are the one field left out, and they are there.
    assert all(line["time"]["decisions"][0] > 0 for line in first)
    other_seed = list(arena.run(arena.plan("hanabi", ["convention", "casual"], players=2,
                                           games=2, seed=12)))
    assert written(other_seed) != written(first)


def test_a_line_holds_the_game_and_replays_from_its_seed_and_moves() -> None:
    line = next(arena.run(arena.plan("koikoi", ["greedy", "casual"], games=2, seed=3)))
    assert set(line) >= {"index", "game", "mode", "seed", "seats", "scores", "ranks",
                         "moves", "fault", "time"}
    state = cardgames.new_game("koikoi", players=2, seed=line["seed"])
    for move in line["moves"]:
        state.apply(state.parse(move))
    assert state.is_over
    assert state.scores() == line["scores"]
    assert json.loads(json.dumps(line)) == line


def test_crossplay_at_two_players_plays_self_play_and_each_pair_in_both_seatings() -> None:
    job = arena.plan("hanabi", ["a=casual", "b=random", "c=convention"], players=2, games=4,
                     seed=100)
    tables = Counter(game.seats for game in job.games)
    assert tables == {("a", "a"): 4, ("b", "b"): 4, ("c", "c"): 4,
                      ("a", "b"): 2, ("b", "a"): 2, ("a", "c"): 2, ("c", "a"): 2,
                      ("b", "c"): 2, ("c", "b"): 2}
    # Every matchup is dealt the same seeds (paired decks).
    for seating in (("a", "a"), ("a", "b"), ("b", "a")):
        seeds = sorted(game.seed for game in job.games if set(game.seats) == set(seating))
        assert seeds == [100, 101, 102, 103]


def test_crossplay_at_three_players_plays_every_mix_in_every_seating() -> None:
    job = arena.plan("hanabi", ["a=casual", "b=random"], players=3, games=6)
    tables = Counter(game.seats for game in job.games)
    one_a = [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    two_a = [("a", "a", "b"), ("a", "b", "a"), ("b", "a", "a")]
    assert tables == {("a",) * 3: 6, ("b",) * 3: 6, **dict.fromkeys(one_a + two_a, 2)}


def test_the_crossplay_report_is_the_matrix_of_one_seat_with_the_rest() -> None:
    lines = list(arena.run(arena.plan("hanabi", ["c=convention", "r=random"], players=3,
                                      games=3, seed=5)))
    report = arena.summarize(lines, cooperative=True)
    assert set(report.matrix) == {("c", "c"), ("c", "r"), ("r", "c"), ("r", "r")}
    with_rest_random = [line["scores"][0] for line in lines
                        if Counter(line["seats"]) == {"c": 1, "r": 2}]
    cell = report.matrix["c", "r"]
    assert cell.n == 3
    assert cell.mean == pytest.approx(sum(with_rest_random) / 3)
    assert cell.low <= cell.mean <= cell.high
    assert set(report.mixes) == {"c ×3", "r ×3", "c ×1 + r ×2", "c ×2 + r ×1"}
    # Convention bots together beat random ones together, every game.
    assert report.matrix["c", "c"].low > report.matrix["r", "r"].high


def test_roundrobin_swaps_the_seats_in_pairs_on_the_same_deals() -> None:
    job = arena.plan("koikoi", ["greedy", "casual", "random"], games=4, seed=50)
    assert len(job.games) == 3 * 4
    pairs = [job.games[index:index + 2] for index in range(0, len(job.games), 2)]
    for first, second in pairs:
        assert first.seed == second.seed
        assert first.seats == tuple(reversed(second.seats))
        assert len(set(first.seats)) == 2
    assert sorted({game.seed for game in job.games}) == [50, 51]
    four = arena.plan("ikebana", ["greedy", "casual"], players=4, games=2)
    assert [game.seats for game in four.games] == [
        ("greedy", "casual", "greedy", "casual"), ("casual", "greedy", "casual", "greedy")]


def test_roundrobin_needs_an_even_number_of_games() -> None:
    with pytest.raises(OptionsError, match="must be even"):
        arena.plan("koikoi", ["greedy", "casual"], games=3)


def test_the_roundrobin_report_counts_wins_differences_and_ratings() -> None:
    lines = list(arena.run(arena.plan("koikoi", ["greedy", "random"], games=6, seed=9)))
    report = arena.summarize(lines, cooperative=False)
    pair, greedy, random_ = report.pairs
    assert (pair.first, pair.second) == ("greedy", "random")
    assert pair.record.n == 6
    assert (greedy.first, greedy.second) == ("greedy", None)
    assert greedy.record == pair.record
    assert (random_.record.wins, random_.record.losses) == (pair.record.losses,
                                                            pair.record.wins)
    seat_of = [line["seats"].index("greedy") for line in lines]
    differences = [line["scores"][seat] - line["scores"][1 - seat]
                   for line, seat in zip(lines, seat_of, strict=True)]
    assert pair.difference.mean == pytest.approx(sum(differences) / 6)
    assert report.ratings is not None
    assert report.ratings["greedy"].mu > report.ratings["random"].mu  # it won more


def test_adhoc_gives_every_bot_the_same_deals_and_partners() -> None:
    job = arena.plan("hanabi", ["convention", "casual"], mode="adhoc", players=3, games=4,
                     pool=["random", "h-group"], seed=2)
    by_bot: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for game in job.games:
        assert game.focus == (game.seed - 2) % 3
        bot = game.seats[game.focus]
        partners = game.seats[:game.focus] + game.seats[game.focus + 1:]
        assert set(partners) <= {"random", "h-group"}
        by_bot.setdefault(bot, []).append((game.seed, partners))
    assert by_bot["convention"] == by_bot["casual"]
    assert len(by_bot["casual"]) == 4
    lines = list(arena.run(job))
    report = arena.summarize(lines, cooperative=True)
    assert [row.label for row in report.adhoc] == ["convention", "casual"]
    assert all(row.record is None and row.score.n == 4 for row in report.adhoc)


@pytest.mark.parametrize(("game", "mode", "message"), [
    ("koikoi", "crossplay", "crossplay is for cooperative games"),
    ("hanabi", "roundrobin", "roundrobin is for competitive games"),
    ("hanabi", "league", "unknown mode 'league'"),
])
def test_a_mode_the_game_does_not_have_is_refused(game: str, mode: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        arena.plan(game, ["random", "casual"], mode=mode)


def test_bad_seats_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(OptionsError, match=r"unknown seat 'h-grop' \(did you mean h-group"):
        arena.plan("hanabi", ["h-grop"])
    with pytest.raises(OptionsError, match="names no program"):
        arena.plan("hanabi", ["exec:/no/such/program --fast"])
    with pytest.raises(OptionsError, match="cannot import the bot"):
        arena.plan("hanabi", ["no_such_module_here:make"])
    with pytest.raises(OptionsError, match="given twice"):
        arena.plan("hanabi", ["casual", "casual"])
    with pytest.raises(OptionsError, match="players"):
        arena.plan("hanabi", ["casual"], players=7)


def test_seat_lists_split_on_commas_but_not_inside_a_command() -> None:
    assert arena.split_seats(["a,b", "x=exec:prog --list 1,2", "c"]) == [
        "a", "b", "x=exec:prog --list 1,2", "c"]
    assert arena.split_seats(["casual,exec:prog a,b"]) == ["casual", "exec:prog a,b"]


def test_ranks_put_a_faulting_seat_last() -> None:
    assert ranks([10, 20, 20]) == [2, 0, 0]
    assert ranks([10, 20, 5], faulted=1) == [0, 2, 1]


def test_bot_seeds_differ_by_seat_and_deal_and_are_not_the_deals_seed() -> None:
    seeds = {bot_seed(deal, seat) for deal in range(20) for seat in range(5)}
    assert len(seeds) == 100
    assert not seeds & set(range(20))


def test_agreement_counts_the_positions_where_a_seat_makes_the_recorded_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent))
    first_legal = load_target("arena_testbots:first_legal", "")  # the seat below
    games = []
    for seed in range(3):
        state = cardgames.new_game("hanabi", players=3, seed=seed)
        play(state, [first_legal(0)] * 3)
        games.append(state)
    job = agreement_plan(games, ["first=arena_testbots:first_legal", "random"])
    lines = list(run_agreement(job))
    assert [(line["index"], line["seat"]) for line in lines] == [
        (number, seat) for number in range(3) for seat in ("first", "random")]
    first, random_ = agreement_rows(lines)
    positions = sum(state.move_count for state in games)
    assert (first.seat, first.positions, first.agreed) == ("first", positions, positions)
    assert first.rate == 1.0
    assert random_.positions == positions
    assert random_.agreed < positions
    assert random_.low <= random_.rate <= random_.high


def test_an_exec_seat_without_the_encoder_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cardgames.arena.seats.installed", lambda module: module != "cattrs")
    with pytest.raises(OptionsError, match=r"cardgames-engines\[arena\]"):
        arena.plan("hanabi", ["exec:node bot.js"])

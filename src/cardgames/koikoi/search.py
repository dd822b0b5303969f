"""Koi-Koi search bot: determinized Monte-Carlo over the hidden cards, greedy rollouts.

:class:`SearchBot` sees only its seat's view. For each decision it draws *worlds*: deals of
the cards it has not seen (the opponent's hand and the stock order) consistent with
everything the view shows, and in each world it tries every candidate move and plays the
round out with :class:`~cardgames.koikoi.bots.GreedyBot` in both seats (each reading its own
view of the world, so the rollouts do not peek either). A move is worth the mean, over the
worlds, of the round's points it won minus the points it lost, under the rules in force, with
a large bonus or penalty when the round decides the match (the last round, or with banks a
bank emptied). Every candidate is tried in the same worlds, so luck cancels out of the
comparison.

* **Worlds.** The view's history says which cards were played and turned over this round;
  with the table and the bot's own hand that gives the bot's starting hand, the starting
  field and the stock cards turned so far. The rest of the cards are shuffled into the
  opponent's hand and the stock. The world is built through the engine's public API: a new
  match dealt from an explicit deck (:func:`~cardgames.koikoi.cards.deal_order`) whose first
  dealer is the round's dealer, then this round's moves replayed. A deal the rules would
  have ended or dealt again (a lucky hand in the opponent's sampled hand) contradicts the
  view and is drawn again.
* **Candidates.** Plays and captures are ranked by the greedy bot's evaluation and the best
  :data:`CANDIDATES` are searched with :data:`WORLDS` worlds each; a capture choice of the
  turned-over card searches all its options. **Koi-koi or stop** is searched too: stopping
  scores what the view shows (no chance left), koi-koi is played out in
  :data:`DECISION_WORLDS` worlds.
* **Limits.** A world's match starts at round 1 with both totals (or banks) at the start, so
  inside a rollout the greedy bot's koi-koi rule does not know the real score, and with
  tsuki-fuda the rollouts pay the tsuki-fuda of the first month rather than the round's
  month; the bot's own evaluation of a rollout uses the real round, totals and banks. A view
  whose history does not account for its table (a hand-made view) is answered by the greedy
  bot.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final, NamedTuple, TypeVar, cast

import attrs

from cardgames.core.agents import Hint, unmoved
from cardgames.core.cache import Recent
from cardgames.core.game import Move
from cardgames.koikoi.actions import KOIKOI, PLAY, STOP, KoiKoiAction
from cardgames.koikoi.bots import MOVES_KEPT, GreedyBot
from cardgames.koikoi.cards import deal_order
from cardgames.koikoi.events import CardPlayed, ChoiceRequired, RoundStarted
from cardgames.koikoi.rules import FirstDealer, KoiKoiRules, LuckyHands
from cardgames.koikoi.state import KoiKoiState
from cardgames.koikoi.view import KoiKoiDecision, KoiKoiView
from cardgames.koikoi.yaku import YAKU

__all__ = [
    "CANDIDATES",
    "DECISION_WORLDS",
    "MATCH_WEIGHT",
    "WORLDS",
    "SearchBot",
    "sample_world",
]

WORLDS: Final = 40
"""Worlds (deals of the hidden cards) each candidate play or capture is played out in."""
CANDIDATES: Final = 5
"""Plays searched per decision: the greedy bot's best this many (the rest are rarely better
and the time is better spent on more worlds)."""
DECISION_WORLDS: Final = 64
"""Worlds koi-koi is played out in when deciding koi-koi or stop (stopping needs none)."""
MATCH_WEIGHT: Final = 50.0
"""Points a won match is worth beyond the round's own points (a lost one costs as much), so
that in the last round -- or with banks when a bank may empty -- the bot plays to win the
match rather than for points."""
SWITCH_MARGIN: Final = 1.0
"""Standard errors by which a move must beat the greedy bot's choice, on average over the
same worlds, for the bot to play it instead (the search's noise is no reason to switch)."""
MISFIT_WEIGHT: Final = 0.25
"""The weight a world loses for each play of the opponent this round that the greedy bot
would not have made from the opponent's hand in that world: the bot models its opponent as
one that plays for yaku, so hands that explain its plays count more."""
MAX_DRAWS: Final = 50
"""Deals drawn for one world before giving up on the view (a lucky hand forces a redraw;
fifty in a row means the view cannot be dealt)."""

A = TypeVar("A")


class _Known(NamedTuple):
    """What a view shows of the round's deal: the rest is hidden."""

    mine: tuple[int, ...]
    """The seat's own starting hand."""
    theirs: tuple[int, ...]
    """The cards the opponent has played this round (the known part of its starting hand)."""
    field: tuple[int, ...]
    """The starting field."""
    turned: tuple[int, ...]
    """The stock cards turned over so far, in order."""
    hidden: tuple[int, ...]
    """The cards the seat has not seen, in id order: the opponent's hand and the stock."""
    opponent_missing: int
    """How many of the hidden cards the opponent holds."""
    moves: tuple[Move[KoiKoiAction], ...]
    """This round's moves so far, to replay."""


def _round_moves(history: Sequence[Move[KoiKoiAction]]) -> tuple[Move[KoiKoiAction], ...]:
    """The moves of the round being played: those after the last move that dealt a round
    (a move that ends a round deals the next one in its events)."""
    for index in range(len(history) - 1, -1, -1):
        if any(isinstance(event, RoundStarted) for event in history[index].events):
            return tuple(history[index + 1 :])
    return tuple(history)  # the first round (or rounds dealt before any move)


def _known_deal(view: KoiKoiView) -> _Known | None:
    """What the view shows of its round's deal (None: its history does not account for the
    table, as in a view made by hand)."""
    moves = _round_moves(view.history)
    seat = view.seat
    played: tuple[list[int], list[int]] = ([], [])
    turned: list[int] = []
    for move in moves:
        if move.action.kind == PLAY:
            played[move.seat].append(move.action.card)
        for event in move.events:
            # A turned-over card shows in a choice first and its capture later: once only.
            if not isinstance(event, ChoiceRequired | CardPlayed):
                continue
            stock = isinstance(event, ChoiceRequired) or event.from_stock
            if stock and event.card not in turned:
                turned.append(event.card)
    mine = [card.id for card in view.hand] + played[seat]
    table = {card.id for card in view.field}
    for pile in view.piles:
        table.update(card.id for card in pile)
    if view.pending_card is not None:
        table.add(view.pending_card.id)
    field = table - set(played[0]) - set(played[1]) - set(turned)
    seen = set(mine) | set(played[1 - seat]) | set(turned) | field
    hidden = tuple(card for card in range(48) if card not in seen)
    missing = view.opponent_hand_size
    if (
        len(mine) != 8
        or len(field) != 8
        or len(played[1 - seat]) + missing != 8
        or len(hidden) != missing + view.stock_size
        or len(seen) + len(hidden) != 48
    ):
        return None
    return _Known(tuple(mine), tuple(played[1 - seat]), tuple(sorted(field)), tuple(turned),
                  hidden, missing, moves)


class _Plan(NamedTuple):
    """How a world's match is dealt: its rules and the deals before the view's round."""

    rules: KoiKoiRules
    prelude: tuple[str, ...]
    """Whole 48-card deals that each end their round at once, so that the view's round has
    its month (only with tsuki-fuda, where the month counts)."""


# A deal whose dealer-to-be holds all of January and nobody another lucky hand: the hands
# are (for deal_order) the holder's and the other seat's, then the field.
_TESHI_DEAL: Final = (
    (0, 1, 2, 3, 4, 8, 12, 16),
    (5, 9, 13, 17, 20, 24, 28, 32),
    (6, 10, 14, 18, 21, 25, 29, 33),
)


def _plan(view: KoiKoiView) -> _Plan:
    """The world's match: the view's rules, with as many rounds as are left (so that the
    last round is the last round there too) and the round's dealer dealing it. With
    tsuki-fuda the month counts, so the rounds before it in the year are dealt too, each won
    at once by a teshi (a lucky hand of 1 point, the winners taking turns so that banks stay
    level) by the seat that deals next."""
    rules = view.rules
    skipped = view.month - 1 if rules.tsuki_fuda else 0
    rounds = skipped + max(1, rules.rounds - view.round_number + 1)
    # The dealer of each skipped round: they alternate, ending with the view's dealer.
    dealers = [view.dealer if (skipped - i) % 2 == 0 else 1 - view.dealer
               for i in range(skipped + 1)]
    changes: dict[str, Any] = {
        "first_dealer": FirstDealer.SEAT_1 if dealers[0] == 0 else FirstDealer.SEAT_2,
        "rounds": rounds,
    }
    prelude: list[str] = []
    if skipped:
        # Lucky hands are only checked when a round is dealt; the view's round was dealt
        # without one, and a drawn hand that holds one is drawn again either way.
        changes.update(
            lucky_hands=LuckyHands.POINTS, teshi=True, lucky_hand_points=1,
            kuttsuki=rules.kuttsuki and rules.lucky_hands is not LuckyHands.OFF,
            starting_bank=max(2, rules.starting_bank),
        )
        holder, other, field = _TESHI_DEAL
        for number in range(skipped):
            if dealers[number + 1] == dealers[number]:
                prelude += deal_order(holder, other, field)
            else:
                prelude += deal_order(other, holder, field)
    return _Plan(attrs.evolve(rules, **changes), tuple(prelude))


def _deal(
    known: _Known,
    plan: _Plan,
    view: KoiKoiView,
    rng: random.Random,
    model: GreedyBot | None = None,
) -> tuple[KoiKoiState, float] | None:
    """One world and its weight: the hidden cards shuffled into the opponent's hand and the
    stock, dealt as `known` says, and the round's moves replayed (None: no deal fits, as
    when the seat's own hand is a lucky hand the world's rules would end the round with).

    With a `model` of the opponent, the weight is :data:`MISFIT_WEIGHT` to the power of the
    opponent's plays this round that the model would not have made from its hand in this
    world (1 without one)."""
    hidden = list(known.hidden)
    seat = view.seat
    my_hand = sorted(known.mine)
    skipped = len(plan.prelude) // 48
    for _ in range(MAX_DRAWS):
        rng.shuffle(hidden)
        opponent = (*known.theirs, *hidden[: known.opponent_missing])
        stock = (*known.turned, *hidden[known.opponent_missing :])
        if view.dealer == seat:
            deck = deal_order(known.mine, opponent, known.field, stock)
        else:
            deck = deal_order(opponent, known.mine, known.field, stock)
        world = KoiKoiState.new(plan.rules, players=2, deck=(*plan.prelude, *deck))
        # A lucky hand in the drawn hand would have ended or re-dealt the round: not this one.
        if len(world.round_results) > skipped or [c.id for c in world.hand(seat)] != my_hand:
            continue
        weight = 1.0
        for move in known.moves:
            action = move.action
            if model is not None and move.seat != seat and action.kind == PLAY:
                legal = world.legal_actions()
                if len(legal) > 1:
                    scores = model.score_moves(world.view(move.seat), legal)
                    best = max(scores)
                    if not any(score == best and choice == action
                               for score, choice in zip(scores, legal, strict=True)):
                        weight *= MISFIT_WEIGHT
            world.apply(action)
        return world, weight
    return None


def sample_world(view: KoiKoiView, rng: random.Random) -> KoiKoiState | None:
    """A state of the view's round with the hidden cards (the opponent's hand, the stock
    order) drawn at random from those consistent with the view (None: the view's history
    does not account for its table). Its match starts at this round (see the module
    docstring); the seats are the view's."""
    known = _known_deal(view)
    if known is None:
        return None
    dealt = _deal(known, _plan(view), view, rng)
    return None if dealt is None else dealt[0]


class _Estimate(NamedTuple):
    """What the search found for one legal move."""

    action: KoiKoiAction
    mean: float
    """Mean utility over the worlds (points won minus lost, plus the match bonus)."""
    worlds: int
    """Worlds it was played out in (0: not searched)."""


class SearchBot:
    """Plays each move by determinized Monte-Carlo search (see the module docstring).

    All its chance comes from its own seeded generator: the same seed and the same views give
    the same moves. It remembers its latest moves by position (as the greedy bot does), so
    that asked again about one, to act or to explain, it answers with the move it made there.
    `worlds`, `candidates` and `decision_worlds` trade strength for time.
    """

    __slots__ = (
        "_candidates", "_decision_worlds", "_greedy", "_made", "_model", "_policy", "_rng",
        "_worlds",
    )

    def __init__(
        self,
        seed: int | None = None,
        *,
        worlds: int = WORLDS,
        candidates: int = CANDIDATES,
        decision_worlds: int = DECISION_WORLDS,
    ) -> None:
        for name, value in (("worlds", worlds), ("candidates", candidates),
                            ("decision_worlds", decision_worlds)):
            if value < 1:
                raise ValueError(f"SearchBot: '{name}' must be at least 1 (got {value!r})")
        self._rng = random.Random(seed)
        self._worlds = worlds
        self._candidates = candidates
        self._decision_worlds = decision_worlds
        # Both seats of every rollout; its generator only breaks ties, seeded from ours.
        self._policy = GreedyBot(self._rng.randrange(2**32))
        # Ranks the candidates and answers views that cannot be dealt.
        self._greedy = GreedyBot(self._rng.randrange(2**32))
        # The opponent as the worlds' weights imagine it (its scores only: no chance used).
        self._model = GreedyBot(0)
        self._made: Recent[tuple[Any, tuple[Any, ...]], Hint[KoiKoiAction]] = Recent(MOVES_KEPT)

    def __repr__(self) -> str:
        return (f"SearchBot(worlds={self._worlds}, candidates={self._candidates}, "
                f"decision_worlds={self._decision_worlds})")

    def act(self, view: Any, legal: Sequence[A]) -> A:
        """The Agent protocol (generic over the action type): the searched best move."""
        # The loop hands a Koi-Koi bot Koi-Koi views and actions only.
        actions = cast(Sequence[KoiKoiAction], legal)
        key = (view, tuple(actions))
        made = self._made.get(key)
        if made is None:
            made = self._made.add(key, self._hint(view, *self._choose(view, actions)))
        return cast(A, made.action)

    def explain(self, view: Any, legal: Sequence[A]) -> Hint[A]:
        """The move :meth:`act` would choose from this view, and what the search found."""
        actions = cast(Sequence[KoiKoiAction], legal)
        made = self._made.get((view, tuple(actions)))
        if made is None:
            # Not played here yet: every generator the search draws from is put back, so the
            # next act on the same view makes the same move.
            with unmoved(self._rng, self._policy.rng, self._greedy.rng, self._model.rng):
                made = self._hint(view, *self._choose(view, actions))
        return cast(Hint[A], made)

    @staticmethod
    def _hint(view: KoiKoiView, action: KoiKoiAction, estimates: list[_Estimate], reason: str
              ) -> Hint[KoiKoiAction]:
        return Hint(action, reason or _reason(view, action, estimates))

    def _choose(
        self, view: KoiKoiView, legal: Sequence[KoiKoiAction]
    ) -> tuple[KoiKoiAction, list[_Estimate], str]:
        """(the move, the estimates behind it, a reason when no search was made)."""
        if len(legal) == 1:
            return legal[0], [], "it is the only move"
        known = _known_deal(view)
        if known is None:
            action = self._greedy.choose(view, legal)
            return action, [], "the greedy bot's move: the view's history does not show how " \
                "its round was dealt, so the hidden cards cannot be drawn for a search"
        if isinstance(view.pending, KoiKoiDecision):
            # The greedy bot's choice first: it is kept unless the other does clearly better.
            first = self._greedy.decide(view, legal)
            candidates = [first, *(a for a in legal if a != first and a.kind in (KOIKOI, STOP))]
            worlds = self._decision_worlds
        else:
            scores = self._greedy.score_moves(view, legal)
            ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
            candidates = _distinct([legal[i] for i in ranked], view)[: self._candidates]
            worlds = self._worlds
        searched = self._search(view, known, candidates, worlds)
        if searched is None:
            action = self._greedy.choose(view, legal)
            return action, [], "the greedy bot's move: no deal of the hidden cards fits this " \
                "view under the rules (the hand is a lucky hand), so there is nothing to search"
        values, weights = searched
        estimates = [
            _Estimate(action, _weighted_mean(utilities, weights), len(utilities))
            for action, utilities in zip(candidates, values, strict=True)
        ]
        best = max(range(len(candidates)), key=lambda i: estimates[i].mean)
        if best and not _clearly_better(values[best], values[0], weights):
            best = 0
        return candidates[best], estimates, ""

    def _search(
        self, view: KoiKoiView, known: _Known, candidates: list[KoiKoiAction], worlds: int
    ) -> tuple[list[list[float]], list[float]] | None:
        """Each candidate's utility in each of the same `worlds` worlds, and the worlds'
        weights (None: no world can be dealt)."""
        plan = _plan(view)
        values: list[list[float]] = [[] for _ in candidates]
        weights: list[float] = []
        # Stopping ends the round: its outcome is the same in every world, so one will do.
        searched = [i for i, action in enumerate(candidates) if action.kind != STOP]
        stops = [i for i, action in enumerate(candidates) if action.kind == STOP]
        for world_number in range(worlds if searched else 1):
            dealt = _deal(known, plan, view, self._rng, self._model)
            if dealt is None:
                return None
            world, weight = dealt
            weights.append(weight)
            # The rounds before (with tsuki-fuda) are over; the view's round ends the next.
            done = len(world.round_results)
            for index in searched if world_number else searched + stops:
                state = world.clone()
                state.apply(candidates[index])
                values[index].append(self._rollout(state, view, done))
        for index in stops:
            values[index] *= len(weights)
        return values, weights

    def _rollout(self, state: KoiKoiState, view: KoiKoiView, done: int) -> float:
        """Play the world's round out with the greedy bot in both seats: its utility for the
        view's seat (`done`: the world's rounds finished before the view's round)."""
        policy = self._policy
        while len(state.round_results) == done and not state.is_over:
            seat = state.current_player
            assert seat is not None, "a match that is not over has a player to act"
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else policy.choose(state.view(seat), legal)
            state.apply(action)
        return _utility(view, state.round_results[done].score)


def _weighted_mean(values: list[float], weights: list[float]) -> float:
    return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)


def _clearly_better(values: list[float], baseline: list[float], weights: list[float]) -> bool:
    """Whether `values` beat `baseline`, world by world, by more than :data:`SWITCH_MARGIN`
    standard errors of the (weighted) mean difference (the same worlds: their luck cancels)."""
    differences = [value - base for value, base in zip(values, baseline, strict=True)]
    mean = _weighted_mean(differences, weights)
    total = sum(weights)
    effective = total * total / sum(w * w for w in weights)
    if effective < 2:
        return mean > 0
    spread = _weighted_mean([(d - mean) ** 2 for d in differences], weights)
    return mean > SWITCH_MARGIN * math.sqrt(spread / (effective - 1))


def _distinct(actions: list[KoiKoiAction], view: KoiKoiView) -> list[KoiKoiAction]:
    """`actions` without those that do the same as an earlier one: they play and take cards
    of the same months and the same yaku (two chaff of a month are interchangeable)."""
    kept: list[KoiKoiAction] = []
    seen: set[tuple[tuple[int, frozenset[str]], ...]] = set()
    for action in actions:
        cards = (action.card,) if action.target < 0 else (action.card, action.target)
        signature = tuple(_ROLES[card] for card in cards)
        if signature not in seen:
            seen.add(signature)
            kept.append(action)
    return kept


_ROLES: Final = tuple(
    (card >> 2, frozenset(row.key for row in YAKU if card in row.cards)) for card in range(48)
)
"""Each card's month and the yaku rows it counts for: cards with equal roles are
interchangeable."""


def _utility(view: KoiKoiView, score: tuple[int, int]) -> float:
    """What a round that scored `score` (points per seat) is worth to the view's seat: the
    points won minus those lost, plus :data:`MATCH_WEIGHT` when it wins the match (minus when
    it loses it)."""
    seat = view.seat
    rules = view.rules
    won, lost = score[seat], score[1 - seat]
    if rules.banks:
        mine = view.scores[seat] + won - lost
        theirs = view.scores[1 - seat] + lost - won
        over = min(mine, theirs) <= 0
    else:
        mine = view.scores[seat] + won
        theirs = view.scores[1 - seat] + lost
        over = False
    utility = float(won - lost)
    if (over or view.round_number >= rules.rounds) and mine != theirs:
        utility += MATCH_WEIGHT if mine > theirs else -MATCH_WEIGHT
    return utility


def _reason(view: KoiKoiView, action: KoiKoiAction, estimates: list[_Estimate]) -> str:
    """The search's result in words: how the move did against the next best."""
    chosen = next(e for e in estimates if e.action == action)
    others = sorted((e for e in estimates if e is not chosen), key=lambda e: -e.mean)
    worlds = max(e.worlds for e in estimates)
    what = ("points won minus lost, with the match at stake" if _decides_match(view)
            else "points won minus lost in this round")
    deals = (f"over {worlds} deals of the cards you have not seen, each played out by greedy "
             f"bots to the round's end")
    if action.kind == STOP and others:
        # Stopping needs no deals: what it scores is on the table.
        sentence = (f"stop: stopping now is worth {chosen.mean:+.1f} ({what}); koi-koi "
                    f"averaged {others[0].mean:+.1f} {deals}")
        if others[0].mean > chosen.mean:
            sentence += (", but not by enough over those deals to be surely better, so the "
                         "greedy bot's choice stands")
        return sentence
    if action.kind == KOIKOI:
        head = f"koi-koi: playing on averaged {chosen.mean:+.1f}"
    else:
        head = f"{action} averaged {chosen.mean:+.1f}"
    sentence = f"{head} ({what}) {deals}"
    if not others:
        return sentence
    runner = others[0]
    label = ("stopping now" if runner.action.kind == STOP
             else "koi-koi" if runner.action.kind == KOIKOI else str(runner.action))
    if runner.mean > chosen.mean:
        # The greedy bot's choice, kept: the better-looking move was not better by enough.
        return (f"{sentence}; {label} averaged {runner.mean:+.1f}, but not by enough over the "
                f"same deals to be surely better, so the greedy bot's choice stands")
    return f"{sentence}, against {runner.mean:+.1f} for {label}"


def _decides_match(view: KoiKoiView) -> bool:
    """Whether this round may end the match (the last round, or with banks)."""
    return view.round_number >= view.rules.rounds or view.rules.banks

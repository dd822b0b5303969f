"""Hypothesis strategies and the conformance machine every game must pass.

Needs the ``test`` extra (hypothesis). A game's test module runs the machine with::

    from cardgames.testing import conformance_machine

    TestKoiKoiConformance = conformance_machine("koikoi").TestCase

The machine starts a game from a preset, a player count and a seed, then plays drawn legal
moves and checks after each: legal actions exist until the game is over, a legal action never
raises, an illegal action raises IllegalActionError and changes nothing, bad text raises
NotationError and changes nothing, ``parse(str(a)) == a`` for every legal action, a clone is
independent, the record survives JSON and replays to an identical state, no view shows what its
seat may not know (``State.check_view``), the game's own invariants hold
(``State.check_invariants``), ``snapshot()`` covers every field that is not declared derived,
a game played out ends within the game's move bound, and a hostile caller (wrong types and
values to ``view``, ``apply``, ``parse``, ``apply_text`` and ``new_game``) gets a
CardgamesError subclass naming the argument, on one line, and changes nothing.

For a game that numbers its actions (``State.action_space``) it also checks the action ids:
every legal action's id round-trips through ``action_from_id``, ``legal_action_ids`` lists the
ids of ``legal_actions`` in order, ``num_actions`` stays the same through a game, ``step(id)``
leaves the same state as ``apply(action)``, and an illegal or out-of-range id is refused
(IllegalActionError, NotationError) without changing anything.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import cardgames
from cardgames.core.agents import Agent, Explainer, Hint
from cardgames.core.errors import CardgamesError, IllegalActionError, NotationError
from cardgames.core.game import State
from cardgames.core.record import Record
from cardgames.core.registry import GameInfo

__all__ = [
    "HOSTILE_VALUES",
    "check_explanations",
    "check_snapshot_covers",
    "conformance_machine",
    "game_states",
    "played_states",
    "player_counts",
    "positions",
    "preset_names",
    "seeds",
]

S = TypeVar("S", bound=State[Any])


def _info(game: GameInfo[Any, Any] | str) -> GameInfo[Any, Any]:
    if isinstance(game, GameInfo):
        return game
    return cardgames.get_game(game)


def seeds() -> st.SearchStrategy[int]:
    """Seeds for a game's random generator."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def player_counts(game: GameInfo[Any, Any] | str) -> st.SearchStrategy[int]:
    """The player counts a game allows."""
    return st.sampled_from(list(_info(game).player_counts))


def preset_names(game: GameInfo[Any, Any] | str) -> st.SearchStrategy[str]:
    """The names of a game's presets (named options, variants)."""
    return st.sampled_from(sorted(_info(game).conformance_options))


@st.composite
def game_states(
    draw: st.DrawFn, game: GameInfo[Any, Any] | str, presets: Sequence[str] | None = None
) -> State[Any]:
    """A new game: a drawn preset, player count and seed."""
    info = _info(game)
    name = draw(st.sampled_from(list(presets) if presets else sorted(info.conformance_options)))
    options = info.conformance_options[name]
    state: State[Any] = info.new_game(draw(player_counts(info)), draw(seeds()), options=options)
    return state


@st.composite
def played_states(
    draw: st.DrawFn,
    game: GameInfo[Any, Any] | str,
    max_moves: int = 200,
    presets: Sequence[str] | None = None,
) -> State[Any]:
    """A game after a drawn sequence of legal actions (possibly over)."""
    state = draw(game_states(game, presets))
    for _ in range(draw(st.integers(min_value=0, max_value=max_moves))):
        if state.is_over:
            break
        state.apply(draw(st.sampled_from(state.legal_actions())))
    return state


def positions(state: S) -> Iterator[tuple[S, Any]]:
    """Every position of `state`'s game so far, from its start: the state there and the move
    that was played there. One state is yielded, moved on by that move after each yield (clone
    it to keep a position); `state` itself is not changed."""
    record = state.record()
    info = cardgames.get_game(record.game)
    replayed: S = info.replay(attrs.evolve(record, actions=()))
    for text in record.actions:
        action = replayed.parse(text)
        yield replayed, action
        replayed.apply(action)


def _own_slots(state: State[Any]) -> Iterator[str]:
    """The game's own slots: every class's below the core's State, minus the derived ones."""
    for klass in type(state).__mro__:
        if klass is State or not issubclass(klass, State):
            continue
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in state.derived_slots:
                yield name


def _comparable(value: Any) -> Any:
    # A random generator compares by identity; its state is what a snapshot must hold.
    return value.getstate() if isinstance(value, random.Random) else value


def check_snapshot_covers(state: State[Any], other: State[Any]) -> None:
    """AssertionError if a field of `state` that differs in `other` (another state of the same
    game) can change without ``snapshot()`` changing: a field left out of the snapshot would
    let two different states compare equal. Fields listed in ``derived_slots`` are skipped.
    """
    before = state.snapshot()
    for name in _own_slots(state):
        mine, theirs = getattr(state, name, None), getattr(other, name, None)
        if _comparable(mine) == _comparable(theirs):
            continue
        changed = state.clone()
        object.__setattr__(changed, name, copy.deepcopy(theirs))
        try:
            after = changed.snapshot()
        except Exception:  # the snapshot read the field: it is covered
            continue
        assert after != before, (
            f"snapshot() leaves out the field {name!r}: list it in snapshot(), or in "
            f"derived_slots if the other fields determine it"
        )


_GARBAGE = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", " ", "play", "play 99", "play -1", "clue", "x y z", "\x00", "buy"]),
    # Digits that str.isdigit accepts and int refuses, and numbers too long for int.
    st.sampled_from(["play ²", "clue ① red", "clue 2 ¹", "discard ①", "buy ²", "play ٣"]),
    st.integers(min_value=4300, max_value=6000).map(lambda n: "play " + "9" * n),
)

HOSTILE_VALUES: tuple[Any, ...] = (
    None, "0", "1", "", [], [0], (), {}, 0.0, 1.0, float("nan"), float("inf"), True, False,
    -1, 99, 2**70, -(2**70), b"0", object(), type, "x" * 10_000, "\ud800", {"seat": 0},
)
"""Wrong types and values a careless or hostile caller passes to the public API."""

_HOSTILE_NEW_GAME: tuple[tuple[str, Any], ...] = (
    ("players", "2"), ("players", 2.0), ("players", True), ("players", -1), ("players", 2**70),
    ("seed", 1.5), ("seed", "1"), ("seed", True), ("seed", [1]),
    ("names", "ab"), ("names", [1, 2]), ("names", ["", " "]), ("names", 5), ("names", [None]),
    ("deck", 5), ("deck", "R1"), ("deck", [1, 2]), ("deck", [None]), ("deck", {}),
    ("options", 5), ("options", "standard"), ("options", {}), ("options", object()),
)
"""new_game arguments of the wrong type or value: (argument, value)."""


def _refused(
    call: Any, *arguments: Any, naming: str | None = None, keywords: dict[str, Any] | None = None
) -> None:
    """AssertionError unless ``call(*arguments, **keywords)`` raises a CardgamesError whose
    message is one line (and names `naming`)."""
    name = getattr(call, "__name__", "call")
    keywords = keywords or {}
    shown = ", ".join([*(repr(a)[:40] for a in arguments),
                       *(f"{key}={value!r:.40}" for key, value in keywords.items())])
    try:
        call(*arguments, **keywords)
    except CardgamesError as exc:
        refusal: CardgamesError | None = exc
    except Exception as exc:
        raise AssertionError(
            f"{name}({shown}) leaks {type(exc).__name__} ({exc}): a hostile caller must get a "
            "CardgamesError subclass naming the argument"
        ) from exc
    else:
        refusal = None
    if refusal is not None:
        message = str(refusal)
        assert "\n" not in message, f"{name}({shown}) raised a message of several lines"
        assert naming is None or naming in message, (
            f"{name}({shown}) raised {type(refusal).__name__} without naming {naming!r}: "
            f"{message}"
        )
        return
    raise AssertionError(f"{name}({shown}) accepted a wrong argument")


def _num_actions(state: State[Any]) -> int | None:
    """The state's number of action ids, or None if the game does not number its actions."""
    try:
        return state.num_actions
    except NotImplementedError:
        return None


def conformance_machine(
    game: GameInfo[Any, Any] | str,
    *,
    presets: Sequence[str] | None = None,
    players: Sequence[int] | None = None,
    max_examples: int = 25,
    steps: int = 60,
) -> type[RuleBasedStateMachine]:
    """A RuleBasedStateMachine checking the State protocol for `game` (its ``.TestCase``
    runs under pytest). `presets` and `players` narrow what is drawn."""
    info = _info(game)
    options_by_name = info.conformance_options
    preset_pool = sorted(presets if presets is not None else options_by_name)
    player_pool = list(players if players is not None else info.player_counts)
    if not preset_pool:
        raise ValueError(f"{info.name} has no presets to test")

    class Conformance(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: State[Any] | None = None
            self.seen: dict[str, Any] = {}
            self.num_actions: int | None = None

        @initialize(
            preset=st.sampled_from(preset_pool),
            count=st.sampled_from(player_pool),
            seed=seeds(),
        )
        def start(self, preset: str, count: int, seed: int) -> None:
            self.state = info.new_game(count, seed, options=options_by_name[preset])
            self.num_actions = _num_actions(self.state)

        @property
        def game(self) -> State[Any]:
            assert self.state is not None
            return self.state

        @precondition(lambda self: self.state is not None and not self.state.is_over)
        @rule(data=st.data())
        def play_a_legal_action(self, data: st.DataObject) -> None:
            state = self.game
            legal = state.legal_actions()
            assert legal, "a game that is not over must have a legal action"
            self.remember(legal)
            action = data.draw(st.sampled_from(legal), label="action")
            state.apply(action)
            assert state.move_count <= info.max_moves, (
                f"{state.move_count} moves exceed the bound {info.max_moves}"
            )
            # Every position reached is also probed with an action it does not allow, so a
            # refusal that changes the state is found without waiting for a rule to be drawn.
            self.refuse_an_illegal_action(data)

        @precondition(lambda self: self.state is not None)
        @rule(data=st.data())
        def an_illegal_action_changes_nothing(self, data: st.DataObject) -> None:
            self.refuse_an_illegal_action(data)

        def remember(self, actions: Sequence[Any]) -> None:
            for action in actions:
                self.seen.setdefault(str(action), action)

        def refuse_an_illegal_action(self, data: st.DataObject) -> None:
            state = self.game
            legal = set(map(str, state.legal_actions()))
            others = [a for text, a in sorted(self.seen.items()) if text not in legal]
            if not others:
                return
            action = data.draw(st.sampled_from(others), label="illegal action")
            before = (state.snapshot(), state.history)
            try:
                state.apply(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"apply accepted {str(action)!r}, which is not legal")
            assert (state.snapshot(), state.history) == before, "a refused action changed state"

        @precondition(lambda self: self.state is not None)
        @rule(text=_GARBAGE)
        def bad_text_changes_nothing(self, text: str) -> None:
            state = self.game
            before = (state.snapshot(), state.history)
            message = ""
            try:
                action = state.parse(text)
            except NotationError as exc:
                message = str(exc)
                assert message, "a NotationError must say what was wrong"
            else:
                assert state.parse(str(action)) == action
            assert (state.snapshot(), state.history) == before, "parse changed the state"

        @precondition(lambda self: self.state is not None)
        @rule(value=st.sampled_from(HOSTILE_VALUES))
        def a_hostile_caller_changes_nothing(self, value: Any) -> None:
            state = self.game
            before = (state.snapshot(), state.history)
            _refused(state.view, value, naming="seat")
            _refused(state.apply, value)
            if not isinstance(value, str):
                _refused(state.parse, value)
                _refused(state.apply_text, value)
            assert (state.snapshot(), state.history) == before, (
                f"a refused hostile call with {value!r:.40} changed the state"
            )

        @precondition(lambda self: self.state is not None)
        @rule(wrong=st.sampled_from(_HOSTILE_NEW_GAME))
        def new_game_refuses_wrong_arguments(self, wrong: tuple[str, Any]) -> None:
            argument, value = wrong
            _refused(info.new_game, naming=argument, keywords={argument: value})

        @precondition(lambda self: self.state is not None)
        @rule()
        def a_clone_is_independent(self) -> None:
            state = self.game
            twin = state.clone()
            assert twin == state, "a fresh clone equals its original"
            before = state.snapshot()
            if not twin.is_over:
                twin.apply(twin.legal_actions()[-1])
                assert state.snapshot() == before, "playing on a clone changed the original"
                assert state.move_count + 1 == twin.move_count
                check_snapshot_covers(state, twin)

        @precondition(lambda self: self.state is not None)
        @rule()
        def the_record_replays(self) -> None:
            state = self.game
            record = Record.from_json(state.record().to_json())
            replayed = info.replay(record)
            assert replayed == state, "the replayed record differs from the game"

        @precondition(lambda self: self.state is not None)
        @rule(seed=seeds())
        def a_played_out_game_ends(self, seed: int) -> None:
            rng = random.Random(seed)
            twin = self.game.clone()
            while not twin.is_over:
                legal = twin.legal_actions()
                assert legal, "a game that is not over must have a legal action"
                self.remember(legal)
                twin.apply(legal[rng.randrange(len(legal))])
                assert twin.move_count <= info.max_moves, (
                    f"the game did not end within {info.max_moves} moves"
                )
            assert twin.current_player is None
            assert len(twin.scores()) == len(twin.players)
            check_snapshot_covers(self.game, twin)
            twin.check_invariants()
            assert info.replay(twin.record()) == twin

        @precondition(lambda self: self.num_actions is not None)
        @rule(data=st.data())
        def step_is_apply_by_id(self, data: st.DataObject) -> None:
            state = self.game
            before = (state.snapshot(), state.history)
            ids = state.legal_action_ids()
            others = sorted(set(range(state.num_actions)) - set(ids))
            if others:
                wrong = data.draw(st.sampled_from(others), label="illegal id")
                try:
                    state.step(wrong)
                except IllegalActionError:
                    pass
                except Exception as exc:
                    raise AssertionError(
                        f"step({wrong}), an illegal id, raised {type(exc).__name__} instead "
                        f"of IllegalActionError") from exc
                else:
                    raise AssertionError(f"step accepted the illegal action id {wrong}")
            for wrong in (-1, state.num_actions):
                try:
                    state.step(wrong)
                except NotationError as exc:
                    message = str(exc)
                else:
                    raise AssertionError(f"step accepted the action id {wrong}, out of range")
                assert str(wrong) in message, f"the error does not name the id: {message}"
            assert (state.snapshot(), state.history) == before, "a refused id changed state"
            if ids:
                chosen = data.draw(st.sampled_from(ids), label="action id")
                twin = state.clone()
                twin.apply(state.action_from_id(chosen))
                state.step(chosen)
                assert state == twin, f"step({chosen}) and apply differ"

        @invariant()
        def action_ids_hold(self) -> None:
            if self.state is None or self.num_actions is None:
                return
            state = self.state
            assert state.num_actions == self.num_actions, "num_actions changed during the game"
            legal = state.legal_actions()
            ids = state.legal_action_ids()
            assert ids == [state.action_id(action) for action in legal], (
                "legal_action_ids() is not the ids of legal_actions()")
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            for action, action_id in zip(legal, ids, strict=True):
                assert 0 <= action_id < self.num_actions
                assert state.action_from_id(action_id) == action, (
                    f"action id {action_id} of {str(action)!r} does not give it back")

        @invariant()
        def the_protocol_holds(self) -> None:
            if self.state is None:
                return
            state = self.state
            legal = state.legal_actions()
            assert state.is_over == (state.current_player is None), (
                "current_player is None exactly when the game is over"
            )
            assert state.is_over == (not legal), "legal actions exist exactly until the end"
            assert len(state.scores()) == len(state.players)
            for action in legal:
                text = str(action)
                assert state.parse(text) == action, f"parse({text!r}) does not give it back"
            for seat in range(len(state.players)):
                state.check_view(seat)
            state.check_invariants()

    Conformance.__name__ = Conformance.__qualname__ = f"{info.name.title()}Conformance"
    Conformance.TestCase.settings = settings(
        max_examples=max_examples,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    return Conformance


def check_explanations(
    state: State[Any], make_bot: Callable[[int], Agent], *, moves: int | None = None,
    ties: bool = False,
) -> list[Hint[Any]]:
    """Play `state` on (to its end, or for `moves` moves) with one bot a seat, asking each
    bot why before it acts, and check the :class:`~cardgames.core.agents.Explainer`
    contract: the explained move is the move the bot then makes, and the move a twin bot
    that is never asked makes (asking changes nothing); every reason is a sentence without
    a final full stop. Bots are made by ``make_bot(seat)``. Returns the hints, in order.

    With `ties`, ties are forced: each bot is offered every legal move twice, so the best
    move is always tied with its copy and a bot that breaks ties by its generator draws at
    every decision; and each explanation must leave every generator of the bot (those of
    the bots it is built on included) where it was."""
    seats = range(len(state.players))
    asked = [make_bot(seat) for seat in seats]
    twins = [make_bot(seat) for seat in seats]
    hints: list[Hint[Any]] = []
    while not state.is_over and (moves is None or len(hints) < moves):
        seat = state.current_player
        assert seat is not None
        bot = asked[seat]
        assert isinstance(bot, Explainer), f"{bot!r} has no explain()"
        view, legal = state.view(seat), state.legal_actions()
        if ties:
            legal = [*legal, *legal]
        generators = _generators(bot)
        before = [generator.getstate() for generator in generators]
        hint = bot.explain(view, legal)
        assert [generator.getstate() for generator in generators] == before, (
            f"explaining moved {bot!r}'s generator"
        )
        action = bot.act(view, legal)
        assert hint.action == action, f"{bot!r} explained {hint.action}, then played {action}"
        unasked = twins[seat].act(view, legal)
        assert unasked == action, f"asking {bot!r} changed its move ({action}, not {unasked})"
        assert hint.reason, f"{bot!r} gave no reason for {action}"
        assert not hint.reason.endswith("."), f"a reason ends with a full stop: {hint.reason}"
        hints.append(hint)
        state.apply(action)
    return hints


def _generators(agent: object) -> list[random.Random]:
    """Every random generator `agent` holds, and those of the agents it holds (a bot built
    on other bots), found through its attributes."""
    found: list[random.Random] = []
    seen: set[int] = set()
    todo = [agent]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, random.Random):
            found.append(item)
            continue
        names = list(getattr(item, "__dict__", ()))
        for klass in type(item).__mro__:
            slots = getattr(klass, "__slots__", ())
            names += [slots] if isinstance(slots, str) else slots
        for name in names:
            value = getattr(item, name, None)
            if isinstance(value, (random.Random, Agent)):
                todo.append(value)
    return found

"""hanab.live interop: play a hanab.live JSON export through the engine, and export a game.

The export format (hanab.live "JSON export", as in ``../shared/conformance/README.md``):

* ``players``: the names; seat 0 is dealt first. ``options.startingPlayer`` says who moves
  first (default 0).
* ``deck``: ``[{"suitIndex": s, "rank": r}, ...]``, top card first. A card's id (its "order")
  is its index here; hands are dealt in blocks (seat 0 gets the first h cards, ...), which is
  also how the engine deals an explicit deck, so orders are the engine's deck positions.
* ``actions``: ``[{"type": t, "target": x, "value": v}, ...]``: 0 play card order x,
  1 discard card order x, 2 colour clue to seat x with colour index v (into the variant's
  clue colours: suits touched by every colour, or by none, have no colour of their own),
  3 rank clue to seat x with rank v, 4 game over (v: 1 normal, 2 strikeout, 3 timeout,
  4 terminated by a player, 8/9 all-or-nothing fail/softlock).
* ``options``: ``variant`` (default "No Variant"; any of hanab.live's variant names, read
  by :func:`cardgames.hanabi.variant`), ``deckPlays``, ``emptyClues``, ``oneExtraCard``,
  ``oneLessCard``, ``allOrNothing``, ``startingPlayer``. Clocks and table settings
  (``timed``, ``timeBase``, ``timePerTurn``, ``speedrun``, ...) and ``cardCycle`` (it
  reorders hands on the site's screen; moves name cards by id, so the game is the same) are
  ignored; ``detrimentalCharacters`` is refused.

hanab.live ends a game early as soon as no card that fits a firework is left in the draw
pile or in the hand of a player who still has a turn (its server's ``CheckEnd``: cards of
players whose final turn is over "cannot be played"); imports turn on the variant option
``early_end`` that does the same, so a record ends where hanab.live ended it. An export whose
moves go on past that point (made without the rule, e.g. our export of a game played without
it) is replayed without the option.

Interpretations: hanab.live forbids empty clues unless ``emptyClues`` is set (our engine's
default allows them, so imports set the option from the export); a strikeout scores 0 on
hanab.live as in our default. A game-over action with value 3, 4, 8 or 9 (the site ended the
game) stops the replay there and returns the state as it stood; with value 1 or 2 the engine
must already have ended the game. A play of a card that is not in the player's hand but is
the last card of the draw pile is a deck play (``play deck``) when ``deckPlays`` is on; so is
a discard of that card when it is of an orange (inverted) suit, which is how hanab.live's
server records an orange card's deck play (and how :func:`to_hanablive` writes one). With an
orange suit in the game hanab.live also offers a deck discard (``discard deck``), swapped the
same way: it is recorded as a discard of a plain last card and as a play of an orange one.

Orange (inverted) suits: while a game is live, playing one of their cards (from a hand or the
deck) discards it and discarding plays it. Our actions are what the player chose (the engine
swaps them); an export records what took effect, as hanab.live's do, so both directions swap
the action for a card of an inverted suit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from cardgames.core.errors import IllegalActionError, OptionsError, RecordError
from cardgames.core.registry import check_names
from cardgames.hanabi import names
from cardgames.hanabi.actions import Clue, DeckDiscard, DeckPlay, Discard, HanabiAction, Play
from cardgames.hanabi.cards import Card, counted
from cardgames.hanabi.catalogue import hanablive_name_of
from cardgames.hanabi.events import EndReason
from cardgames.hanabi.rules import HanabiVariant
from cardgames.hanabi.state import HanabiState

__all__ = ["from_hanablive", "to_hanablive"]

PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER = 0, 1, 2, 3, 4
"""hanab.live action types."""

_SITE_ENDINGS = {3: "timeout", 4: "terminated by a player", 8: "all-or-nothing fail",
                 9: "all-or-nothing softlock"}
"""Game-over values for games the site ended (the replay stops there)."""
_RULE_ENDINGS = {1: "normal", 2: "strikeout"}
"""Game-over values for games the rules ended (the engine must agree)."""

_IGNORED_OPTIONS = frozenset({
    "timed", "timeBase", "timePerTurn", "speedrun", "tableName", "password", "numPlayers",
    "maxPlayers", "cardCycle",
})
"""Options that do not change the game: clocks, table settings, and card cycling (it
reorders hands on the site's screen; moves name cards by id)."""

_GAME_OPTIONS: tuple[tuple[str, str, Any], ...] = (
    ("deckPlays", "deck_plays", True),
    ("emptyClues", "empty_clues", True),
    ("oneExtraCard", "hand_size_delta", 1),
    ("oneLessCard", "hand_size_delta", -1),
    ("allOrNothing", "all_or_nothing", True),
)
"""hanab.live's game options (true or absent) and the variant field each one sets, in both
directions; absent means the field's hanab.live default below."""
_GAME_DEFAULTS: dict[str, Any] = {
    "deck_plays": False, "empty_clues": False, "hand_size_delta": 0, "all_or_nothing": False,
}
"""The fields of `_GAME_OPTIONS` when no option sets them (hanab.live forbids empty clues
unless the option allows them)."""
_SUPPORTED_OPTIONS = frozenset({"variant", "startingPlayer", *(k for k, _, _ in _GAME_OPTIONS)})


def _fail(what: str) -> RecordError:
    return RecordError(f"hanab.live export: {what}")


def _int_field(entry: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{where}: {key!r} must be an integer (got {value!r})")
    return value


def _flag(options: Mapping[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise _fail(f"option {key!r} must be true or false (got {value!r})")
    return value


def _hanablive_variant(name: Any) -> HanabiVariant:
    """The variant hanab.live calls `name` (any case)."""
    if not isinstance(name, str):
        raise _fail(f"option 'variant' must be a variant name (got {name!r})")
    try:
        found = names.variant(name)
    except OptionsError as exc:
        raise _fail(str(exc)) from None
    if hanablive_name_of(found) is None:
        raise _fail(
            f"option 'variant' = {name!r} is not a hanab.live variant name (ours name rules "
            "hanab.live lacks); hanab.live names look like 'Rainbow (6 Suits)', "
            "`cardgames hanabi variants --search WORD` finds them"
        )
    return found


def _variant(options: Mapping[str, Any], players: int) -> HanabiVariant:
    for key, value in options.items():
        if key in _SUPPORTED_OPTIONS or key in _IGNORED_OPTIONS:
            continue
        if value not in (None, False, 0, ""):
            raise _fail(
                f"option {key!r} = {value!r} is not supported; supported options: "
                f"{', '.join(sorted(_SUPPORTED_OPTIONS))}"
            )
    base = _hanablive_variant(options.get("variant", "No Variant"))
    fields = dict(_GAME_DEFAULTS)
    setters: dict[str, str] = {}
    for key, field, value in _GAME_OPTIONS:
        if _flag(options, key):
            if field in setters:
                raise _fail(f"options {setters[field]!r} and {key!r} are both set")
            setters[field] = key
            fields[field] = value
    start = _int_field(options, "startingPlayer", "options", 0)
    if not 0 <= start < players:
        raise _fail(f"option 'startingPlayer' must be in 0..{players - 1} (got {start})")
    try:
        return attrs.evolve(base, starting_player=start, early_end=True, **fields)
    except OptionsError as exc:
        raise _fail(str(exc)) from None


def _deck(raw: Any, variant: HanabiVariant) -> list[str]:
    if not isinstance(raw, list) or not raw:
        raise _fail("'deck' must be a non-empty list of {suitIndex, rank} cards")
    suits = variant.suits
    cards = []
    for order, entry in enumerate(raw):
        if not isinstance(entry, Mapping):
            raise _fail(f"deck card {order} must be an object {{suitIndex, rank}} (got {entry!r})")
        suit = _int_field(entry, "suitIndex", f"deck card {order}")
        rank = _int_field(entry, "rank", f"deck card {order}")
        if not 0 <= suit < len(suits):
            name = hanablive_name_of(variant) or variant.name
            raise _fail(
                f"deck card {order} has suitIndex {suit}; {name} has suits 0..{len(suits) - 1}"
            )
        if rank not in suits[suit].ranks:
            raise _fail(
                f"deck card {order} has rank {rank}; the {variant.suit_names[suit]} suit has "
                f"ranks {', '.join(map(str, suits[suit].ranks))}"
            )
        cards.append(str(Card(suits[suit].letter, rank)))
    return cards


def _inverted(state: HanabiState, order: int) -> bool:
    """Whether the card at deck position `order` is of an inverted (orange) suit."""
    variant = state.variant
    return variant.suits[variant.suit_of(state.card_at(order).suit)].inverted


def _translate(
    state: HanabiState, entry: Mapping[str, Any], number: int
) -> HanabiAction | int:
    """The engine action for one hanab.live action, or the game-over value for type 4."""
    where = f"action {number}"
    kind = _int_field(entry, "type", where)
    target = _int_field(entry, "target", where, 0)
    seat = state.current_player
    assert seat is not None
    if kind in (PLAY, DISCARD):
        slot = state.slot_of_order(seat, target)
        if slot is not None:
            # The export says what took effect; for an inverted suit the player chose the
            # other action (the engine swaps it back).
            if (kind == PLAY) != _inverted(state, target):
                return Play(slot)
            return Discard(slot)
        # The deck's last card: hanab.live records what took effect, so a deck play of an
        # orange card is a discard and a deck discard of one a play (as to_hanablive does).
        if state.variant.deck_plays and target == state.deck_order_of_top():
            if (kind == PLAY) != _inverted(state, target):
                return DeckPlay()
            if state.variant.deck_discards:
                return DeckDiscard()
        held = ", ".join(map(str, state.hand_orders(seat)))
        verb = "play" if kind == PLAY else "discard"
        raise _fail(
            f"{where} ({verb} card {target}): {state.players[seat]} holds cards {held}"
        )
    if kind in (COLOUR_CLUE, RANK_CLUE):
        value = _int_field(entry, "value", where)
        if not 0 <= target < len(state.players):
            raise _fail(f"{where}: clue target {target} is not a seat 0..{len(state.players) - 1}")
        if kind == COLOUR_CLUE:
            colours = state.variant.clue_colours
            if not 0 <= value < len(colours):
                raise _fail(
                    f"{where}: colour {value} is not one of the variant's clue colours "
                    f"0..{len(colours) - 1} ({', '.join(colours)})"
                )
            return Clue(target, colours[value])
        if value not in state.variant.clue_ranks:
            raise _fail(
                f"{where}: rank {value} is not a clue rank "
                f"({', '.join(map(str, state.variant.clue_ranks))})"
            )
        return Clue(target, value)
    if kind == GAME_OVER:
        value = _int_field(entry, "value", where, 1)
        if value not in _SITE_ENDINGS and value not in _RULE_ENDINGS:
            raise _fail(f"{where}: game-over value {value} is not one of 1, 2, 3, 4, 8, 9")
        return value
    raise _fail(f"{where}: type {kind} is not an action type (0 play, 1 discard, "
                "2 colour clue, 3 rank clue, 4 game over)")


def from_hanablive(data: Any) -> HanabiState:
    """Play a hanab.live JSON export through the engine; return the state at its end.

    RecordError names what is wrong with a malformed export, a variant or option we do not
    support, or a move the rules refuse.
    """
    if not isinstance(data, Mapping):
        raise _fail(f"expected a JSON object, got {type(data).__name__}")
    players = data.get("players")
    if (not isinstance(players, list) or not all(isinstance(p, str) for p in players)
            or not 2 <= len(players) <= 5):
        raise _fail(f"'players' must be a list of 2 to 5 names (got {players!r})")
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise _fail(f"'options' must be an object (got {options!r})")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise _fail("'actions' must be a list of {type, target, value} objects")
    variant = _variant(options, len(players))
    deck = _deck(data.get("deck"), variant)
    try:
        return _replay(variant, players, deck, actions)
    except _PlayedOnError:
        # Moves go on where hanab.live would have ended the game: the export comes from an
        # engine without that rule (our own exports of games played without it).
        return _replay(attrs.evolve(variant, early_end=False), players, deck, actions)


class _PlayedOnError(Exception):
    """The export has moves after the early end."""


def _replay(
    variant: HanabiVariant, players: list[str], deck: list[str], actions: list[Any]
) -> HanabiState:
    try:
        check_names(players, len(players))  # the registry's check: the state is built here
        state = HanabiState.new(variant, players=len(players), deck=deck, names=players)
    except OptionsError as exc:
        raise _fail(str(exc)) from None
    for number, entry in enumerate(actions):
        if not isinstance(entry, Mapping):
            raise _fail(f"action {number} must be an object {{type, target, value}}")
        if state.is_over:
            if entry.get("type") == GAME_OVER:
                continue
            if state.end_reason is EndReason.NOTHING_PLAYABLE:
                raise _PlayedOnError
            raise _fail(f"action {number} {dict(entry)!r} comes after the game ended "
                        f"({state.end_reason})")
        action = _translate(state, entry, number)
        if isinstance(action, int):
            if action in _SITE_ENDINGS:
                break  # the site ended the game; our rules have no such ending
            raise _fail(f"action {number}: the export says the game ended "
                        f"({_RULE_ENDINGS[action]}) but by the rules it goes on")
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise _fail(f"action {number} {dict(entry)!r} ({action}): {exc}") from None
    return state


def _hanablive_name(variant: HanabiVariant) -> str:
    """The hanab.live name of the variant with `variant`'s rules (:func:`hanablive_name_of`:
    the rulebook's suits are No Variant); RecordError if hanab.live has none."""
    name = hanablive_name_of(variant)
    if name is None:
        raise RecordError(
            f"variant {variant.name!r} has no hanab.live equivalent: no hanab.live variant "
            "has the same suits and rules (`cardgames hanabi variants --search WORD` lists "
            "hanab.live's)"
        )
    return name


def to_hanablive(state: HanabiState) -> dict[str, Any]:
    """Export a game (finished or not) as a hanab.live JSON export.

    ``from_hanablive(to_hanablive(s))`` replays to the same cards, moves and result. Rules
    hanab.live cannot express (bonus tiles, other token counts, the score kept after the last
    fuse, suits it does not have, an orange card played from the deck by a record of rules
    version 1) raise RecordError.
    """
    variant = state.variant
    unsupported = [
        text for flag, text in (
            (variant.bonus_tiles, "bonus tiles"),
            (variant.clue_tokens != 8, counted(variant.clue_tokens, "clue token")),
            (variant.fuses != 3, counted(variant.fuses, "fuse")),
            (variant.score_after_strikeout, "the score kept after the last fuse"),
        ) if flag
    ]
    if unsupported:
        raise RecordError(
            f"variant {variant.name!r} cannot be exported to hanab.live: "
            f"{', '.join(unsupported)}"
        )
    name = _hanablive_name(variant)
    suit_index = {suit.letter: i for i, suit in enumerate(variant.suits)}
    deck_cards = [state.card_at(order) for order in range(variant.deck_size)]
    deck = [{"suitIndex": suit_index[card.suit], "rank": card.rank} for card in deck_cards]
    replay = HanabiState.new(variant, players=len(state.players),
                             deck=[str(card) for card in deck_cards], names=state.players)
    actions: list[dict[str, int]] = []
    for action in state.history:
        seat = replay.current_player
        assert seat is not None
        if isinstance(action, Play | Discard):
            order = replay.hand_orders(seat)[action.slot - 1]
            # What took effect: an inverted suit's card does the other action.
            played = isinstance(action, Play) != _inverted(replay, order)
            actions.append({"type": PLAY if played else DISCARD, "target": order, "value": 0})
        elif isinstance(action, DeckPlay):
            top = replay.deck_order_of_top()
            assert top is not None
            # As hanab.live's server records it: an orange card's deck play as a discard.
            kind = DISCARD if _inverted(replay, top) else PLAY
            if kind == DISCARD and variant.orange_deck_plays_play:
                raise RecordError(
                    f"move {len(actions) + 1} plays an orange card from the deck, as rules "
                    "version 1 did; hanab.live discards it, so the export would be another game")
            actions.append({"type": kind, "target": top, "value": 0})
        elif isinstance(action, DeckDiscard):
            top = replay.deck_order_of_top()
            assert top is not None
            # What took effect: an orange card's deck discard plays it.
            kind = PLAY if _inverted(replay, top) else DISCARD
            actions.append({"type": kind, "target": top, "value": 0})
        elif isinstance(action, Clue):
            if isinstance(action.value, str):
                colour = variant.clue_colours.index(action.value)
                actions.append({"type": COLOUR_CLUE, "target": action.target, "value": colour})
            else:
                actions.append({"type": RANK_CLUE, "target": action.target,
                                "value": action.value})
        else:  # bonus actions exist only with bonus tiles, refused above
            raise RecordError(f"{action} cannot be exported to hanab.live")
        replay.apply(action)
    options: dict[str, Any] = {"variant": name}
    for key, field, value in _GAME_OPTIONS:
        if getattr(variant, field) == value:
            options[key] = True
    if variant.starting_player:
        options["startingPlayer"] = variant.starting_player
    return {"players": list(state.players), "deck": deck, "actions": actions,
            "options": options}

"""Views as deltas (protocol version 2): what changed since the last view a receiver was sent.

A ``view_patch`` message brings a receiver from its last view (move `base`) to the next
(move `move`) in three parts, none of them written for any one game:

* ``log``, the new log entries (from ``log_start``), appended to the receiver's log, as a
  full ``view`` message's ``log`` is;
* ``history``, the new entries of the view's own ``history`` list (from ``history_start``),
  appended to it, when the last view's history is where the new one starts;
* ``patch``, a JSON merge patch (RFC 7386) turning the rest of the last view into the rest
  of the new one, and ``nulls``, the paths (object keys, outermost first) whose value
  becomes ``null``, set after the merge patch (a merge patch writes no null: its null
  deletes a key). A merge patch replaces a list whole; ``lists`` names the lists (paths,
  outermost first) that it patches item by item instead, seen as objects keyed by index
  (``"0"``, ``"1"``...) while it applies: a list of hands of which one changed sends that
  hand alone.

"The rest" is the view message's document (:func:`view_document`): its fields but
``type``, ``version``, ``ref``, ``log_start`` and ``log``, with ``view.history`` kept
apart. So a patch's size follows what the move changed, not how long the game has been.

:func:`make_view_patch` writes one (the server), :func:`apply_view_patch` reads one back
(a client), and :class:`ViewMirror` keeps a client's copy of its view from ``view`` and
``view_patch`` messages, handing back each as the full ``view`` message the server would
have sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import pydantic_core

__all__ = [
    "NOT_IN_DOCUMENT",
    "PatchMismatchError",
    "ViewMirror",
    "apply_merge_patch",
    "apply_view_patch",
    "make_view_patch",
    "merge_patch",
    "view_document",
]

NOT_IN_DOCUMENT: Final = ("type", "version", "ref", "log_start", "log")
"""The fields of a ``view`` message that its document leaves out: the message's own, and the
log (which travels as appended entries)."""
PATCHES_SINCE: Final = 2
"""The protocol version that has view patches."""
HISTORY: Final = "history"
"""The key of a view's own list of the moves so far (``state.view(seat).history``), which a
patch appends to rather than sends again."""


class PatchMismatchError(ValueError):
    """A ``view_patch`` whose base is not the view its receiver holds: ask for a full view
    (an ``ask_view`` message)."""


# ------------------------------------------------------------------------ merge patches
def same(old: Any, new: Any) -> bool:
    """Whether two JSON values are the same JSON (``1``, ``1.0`` and ``true`` differ, as their
    text does; Python's ``==`` takes them for one)."""
    if old is new:
        return True
    if type(old) is not type(new):
        return False
    if isinstance(old, dict):
        return old.keys() == new.keys() and all(same(value, new[key])
                                                for key, value in old.items())
    if isinstance(old, list):
        return len(old) == len(new) and all(map(same, old, new))
    return bool(old == new)


def _unchanged(old: Any, new: Any) -> bool:
    """:func:`same`, quicker where it counts: most of a view is unchanged from one move to
    the next, and ``==`` then the encoded text (which tells ``1``, ``1.0`` and ``true``
    apart) run in C where :func:`same` walks in Python. The same JSON written with its keys
    in another order reads as changed: a larger patch, never a wrong one."""
    return old is new or (old == new and pydantic_core.to_json(old) == pydantic_core.to_json(new))


def merge_patch(old: Mapping[str, Any], new: Mapping[str, Any]
                ) -> tuple[dict[str, Any], list[list[str]], list[list[str]]]:
    """The merge patch (RFC 7386) turning the object `old` into the object `new`, the paths
    whose value in `new` is null (a merge patch cannot write one), and the paths of the lists
    it patches item by item (seen as objects keyed by index): ``apply_merge_patch(old,
    *merge_patch(old, new))`` is `new`. Unchanged parts cost nothing in the patch; a list of
    objects or lists that keeps its length is patched item by item, any other changed list
    is sent whole."""
    patch: dict[str, Any] = {}
    nulls: list[list[str]] = []
    lists: list[list[str]] = []
    _diff(old, new, patch, nulls, lists, [])
    return patch, nulls, lists


def _by_index(old: list[Any], new: list[Any]) -> bool:
    """Whether the change from the list `old` to `new` is sent item by item: the same length,
    and items that are objects or lists (a changed number or text is as short as its index)."""
    return len(old) == len(new) and any(isinstance(item, dict | list) for item in new)


def _indexed(items: list[Any]) -> dict[str, Any]:
    return {str(index): item for index, item in enumerate(items)}


def _diff(old: Mapping[str, Any], new: Mapping[str, Any], patch: dict[str, Any],
          nulls: list[list[str]], lists: list[list[str]], path: list[str]) -> None:
    for key in old:
        if key not in new:
            patch[key] = None
    for key, value in new.items():
        before = old.get(key, _ABSENT)
        if before is not _ABSENT and _unchanged(before, value):
            continue
        if value is None:
            nulls.append([*path, key])
        elif isinstance(value, dict) and isinstance(before, dict):
            inner: dict[str, Any] = {}
            _diff(before, value, inner, nulls, lists, [*path, key])
            if inner:
                patch[key] = inner
        elif isinstance(value, list) and isinstance(before, list) and _by_index(before, value):
            lists.append([*path, key])
            items: dict[str, Any] = {}
            _diff(_indexed(before), _indexed(value), items, nulls, lists, [*path, key])
            patch[key] = items
        elif isinstance(value, dict):
            # A new object is merged into nothing: its nulls would delete, so they go apart.
            patch[key] = _without_nulls(value, nulls, [*path, key])
        else:
            patch[key] = value


_ABSENT: Final = object()


def _without_nulls(value: dict[str, Any], nulls: list[list[str]], path: list[str]
                   ) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    for key, item in value.items():
        if item is None:
            nulls.append([*path, key])
        elif isinstance(item, dict):
            kept[key] = _without_nulls(item, nulls, [*path, key])
        else:
            kept[key] = item
    return kept


def apply_merge_patch(target: Any, patch: Any, nulls: Sequence[Sequence[str]] = (),
                      lists: Sequence[Sequence[str]] = ()) -> Any:
    """`patch` applied to `target` as RFC 7386 says, the lists at the paths of `lists` seen
    as objects keyed by index meanwhile, then each path of `nulls` set to null. `target` is
    left as it was: the objects on the changed paths are copied. PatchMismatchError when a
    path of `lists` holds no list."""
    result = target
    for path in lists:  # outermost first: each path runs through the objects made before
        result = _at(result, list(path), _as_object)
    result = _merge(result, patch)
    for path in nulls:
        result = _with_null(result, list(path))
    for path in reversed(lists):  # innermost first
        result = _at(result, list(path), _as_list)
    return result


def _at(target: Any, path: list[str], change: Any) -> Any:
    """`target` with its value at `path` changed by `change`, the objects on the way copied."""
    if not isinstance(target, dict) or path[0] not in target:
        raise PatchMismatchError(f"the patch names a list at {path[0]!r} that the view held "
                                 "has not: ask for a full view")
    result = dict(target)
    head, *rest = path
    result[head] = change(result[head]) if not rest else _at(result[head], rest, change)
    return result


def _as_object(items: Any) -> dict[str, Any]:
    if not isinstance(items, list):
        raise PatchMismatchError("the patch names a list that the view held has not: ask "
                                 "for a full view")
    return _indexed(items)


def _as_list(items: Any) -> list[Any]:
    if not isinstance(items, dict) or items.keys() != {
            str(index) for index in range(len(items))}:
        raise PatchMismatchError("the patch leaves a list without some of its items: ask "
                                 "for a full view")
    return [items[str(index)] for index in range(len(items))]


def _merge(target: Any, patch: Any) -> Any:
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = _merge(result.get(key), value)
    return result


def _with_null(target: Any, path: list[str]) -> Any:
    result = dict(target) if isinstance(target, dict) else {}
    head, *rest = path
    result[head] = None if not rest else _with_null(result.get(head), rest)
    return result


# ------------------------------------------------------------------------ view patches
def view_document(message: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a ``view`` message a patch changes: every field but those of
    :data:`NOT_IN_DOCUMENT`."""
    return {key: value for key, value in message.items() if key not in NOT_IN_DOCUMENT}


def _history(document: Mapping[str, Any]) -> list[Any] | None:
    view = document.get("view")
    history = view.get(HISTORY) if isinstance(view, dict) else None
    return history if isinstance(history, list) else None


def _without_history(document: Mapping[str, Any]) -> dict[str, Any]:
    view = document.get("view")
    if not isinstance(view, dict) or HISTORY not in view:
        return dict(document)
    return {**document, "view": {key: value for key, value in view.items() if key != HISTORY}}


def make_view_patch(last: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
    """The ``view_patch`` message (as JSON data, version 2) bringing a receiver whose last
    view's document is `last` to the ``view`` message `message` (whose ``log`` holds the
    entries it has not been sent, from ``log_start``)."""
    document = view_document(message)
    old_history, new_history = _history(last), _history(document)
    history_start, history = 0, []
    if (old_history is not None and new_history is not None
            and len(old_history) <= len(new_history)
            and all(map(same, old_history, new_history[:len(old_history)]))):
        history_start, history = len(old_history), new_history[len(old_history):]
        patch, nulls, lists = merge_patch(_without_history(last), _without_history(document))
    else:
        patch, nulls, lists = merge_patch(last, document)
    return {"type": "view_patch", "version": PATCHES_SINCE, "ref": message.get("ref"),
            "table": message["table"], "base": last["move"], "move": message["move"],
            "log_start": message["log_start"], "log": message["log"],
            "history_start": history_start, "history": history,
            "patch": patch, "nulls": nulls, "lists": lists}


def apply_view_patch(last: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """The document (see :func:`view_document`) `patch` (a ``view_patch`` message) makes of
    the receiver's last one, `last`. PatchMismatchError when `patch` was made for another view:
    its base is not `last`'s move, or its history does not start where `last`'s ends."""
    if patch["base"] != last.get("move"):
        raise PatchMismatchError(f"the patch is from move {patch['base']}, the view held is of "
                            f"move {last.get('move')}: ask for a full view")
    document = last
    if patch["history"] or patch["history_start"]:
        history = _history(last)
        if history is None or len(history) != patch["history_start"]:
            raise PatchMismatchError(f"the patch appends to a history of {patch['history_start']} "
                                "moves, which the view held is not: ask for a full view")
        document = {**last, "view": {**last["view"], HISTORY: [*history, *patch["history"]]}}
    result: dict[str, Any] = apply_merge_patch(
        document, patch["patch"], patch["nulls"], patch.get("lists", ()))
    return result


class ViewMirror:
    """A client's copy of its view and log, kept from the ``view`` and ``view_patch``
    messages it is sent (both protocol versions: a version 1 client only ever gets views)."""

    def __init__(self) -> None:
        self.document: dict[str, Any] | None = None
        """The last view's document (:func:`view_document`); None before the first view."""
        self.log: list[Any] = []
        """Every log entry so far."""

    def read(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """The full ``view`` message that `message` (a ``view`` or a ``view_patch``) stands for,
        its ``log`` the entries from ``log_start`` on as a full view's is; None when a patch
        does not fit the view held (then ask the server for a full view: ``ask_view``).
        Other messages are not views: None."""
        kind = message.get("type")
        if kind == "view":
            self.document = view_document(message)
            self._log(message["log_start"], message["log"])
            return dict(message)
        if kind != "view_patch" or self.document is None:
            return None
        try:
            self.document = apply_view_patch(self.document, message)
        except PatchMismatchError:
            return None
        self._log(message["log_start"], message["log"])
        return {"type": "view", "version": message.get("version"), "ref": message.get("ref"),
                **self.document, "log_start": message["log_start"], "log": message["log"]}

    def _log(self, start: int, entries: Sequence[Any]) -> None:
        del self.log[start:]
        self.log.extend(entries)

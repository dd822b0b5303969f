"""What a Hanafuda or hanab.live player expects to see at the web table (issue 32): cards drawn
as cards, nothing cut at phone width, what happened marked, the winner said, play again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server.kit import Running
from web.test_koikoi_ikebana import DESKTOP, PHONE, WAIT_MS, open_page

TILES_DRAWN = """() => [...document.querySelectorAll('.kk-tile[data-card]')].map((tile) => {
  const art = tile.querySelector('img.kk-art');
  const box = tile.getBoundingClientRect();
  return {card: tile.dataset.card, src: art ? art.getAttribute('src') : null,
          loaded: !!art && art.complete && art.naturalWidth > 0,
          left: box.left, right: box.right, width: box.width};
})"""


def _overflowing(page: Any) -> list[str]:
    """The visible elements of the board that reach past the page's right edge."""
    return list(page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('#main *')]
        .filter((n) => n.getClientRects().length && n.getBoundingClientRect().right > width + 0.5)
        .map((n) => n.className || n.tagName);
    }"""))


def test_koikoi_cards_are_pictures_of_their_own_card_and_fit_a_phone(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("koikoi", [None, "easy"], seed=3, autostart=True)
    seat = server.sit(table, "Ann")
    for size in (PHONE, DESKTOP):
        page = open_page(new_page, server, table, size, seat)
        page.locator(".kk-hand.mine .kk-tile").first.wait_for(timeout=WAIT_MS)
        page.wait_for_function("() => [...document.querySelectorAll('img.kk-art')]"
                               ".every((i) => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
        tiles = page.evaluate(TILES_DRAWN)
        assert len(tiles) >= 16  # 8 in hand, 8 on the field
        for tile in tiles:
            # Each card shows its own picture (one per card: cards/<code>.svg), loaded.
            assert tile["src"] == f"cards/{tile['card']}.svg", tile
            assert tile["loaded"], tile
            assert tile["left"] >= 0, tile
            assert tile["right"] <= size[0], tile
        if size == PHONE:
            # A hand card is big enough to tell its picture at phone size.
            assert min(t["width"] for t in tiles if t["width"] > 30) >= 36
        assert not _overflowing(page), _overflowing(page)


def test_ikebana_cards_are_large_enough_on_a_phone(
        server: Running, new_page: Callable[..., Any]) -> None:
    table = server.create("ikebana", [None, "easy", "easy"], seed=3, autostart=True)
    seat = server.sit(table, "Ann")
    page = open_page(new_page, server, table, PHONE, seat)
    page.locator(".ib-seat.mine .ib-card").first.wait_for(timeout=WAIT_MS)
    sizes = page.evaluate("() => [...document.querySelectorAll('.ib-seat .ib-card')]"
                          ".map((c) => c.getBoundingClientRect().width)")
    assert sizes
    assert min(sizes) >= 36, sizes
    assert not _overflowing(page), _overflowing(page)

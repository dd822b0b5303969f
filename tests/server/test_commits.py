"""The server's group commit: writes that arrive together share one transaction, and a
write that fails fails alone (its message gets the error, the others are kept)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardgames.server import store
from cardgames.server.app import GameServer, Settings
from cardgames.server.store import ActionRow, SeatRow, TableRow
from cardgames.server.tables import ProtocolError


def _row(table_id: str) -> TableRow:
    return TableRow(
        id=table_id, name="t", game="hanabi", options={}, seed=1, bot_seed=2,
        password_hash=None, hints=False, autostart=False, status="playing", header=None,
        creator="test", created=0.0,
        seats=(SeatRow(0, "person", "Ann"), SeatRow(1, "person", "Bo")))


def test_a_failing_write_fails_alone(tmp_path: Path) -> None:
    async def run() -> list[BaseException | None]:
        server = GameServer(Settings(db=f"sqlite:///{tmp_path / 'server.db'}"))
        await server.open()
        try:
            await server.commit(store.create_table, _row("a"))
            writes = [
                server.commit(store.add_action, "a", ActionRow(0, 0, "play 1")),
                server.commit(store.add_action, "a", ActionRow(0, 1, "play 2")),
                server.commit(store.add_chat, "a", 0, "Ann", "hi", 1.0),
            ]
            return list(await asyncio.gather(*writes, return_exceptions=True))
        finally:
            await server.close()

    outcomes = asyncio.run(run())
    assert outcomes[0] is None
    assert isinstance(outcomes[1], ProtocolError)
    assert outcomes[1].code == "server"
    assert outcomes[2] is None
    kept = store.Store.open(f"sqlite:///{tmp_path / 'server.db'}").load_table("a")
    assert kept is not None
    assert [(a.number, a.notation) for a in kept.actions] == [(0, "play 1")]
    assert [line[2] for line in kept.chat] == ["hi"]


def test_many_writes_at_once_are_all_kept(tmp_path: Path) -> None:
    count = 50
    async def run() -> None:
        server = GameServer(Settings(db=f"sqlite:///{tmp_path / 'server.db'}"))
        await server.open()
        try:
            await asyncio.gather(*(server.commit(store.create_table, _row(f"t{n}"))
                                   for n in range(count)))
            await asyncio.gather(*(
                server.commit(store.add_action, f"t{n}", ActionRow(0, 0, "play 1"))
                for n in range(count)))
        finally:
            await server.close()

    asyncio.run(run())
    database = store.Store.open(f"sqlite:///{tmp_path / 'server.db'}")
    assert len(database.table_ids(live=True)) == count
    assert all(len(database.load_table(f"t{n}").actions) == 1  # type: ignore[union-attr]
               for n in range(count))

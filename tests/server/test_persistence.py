"""Nothing lost: reconnect with the seat's token, kill -9 the server mid-game and restart it
(every table resumes, every move anyone saw is kept), the schema's migrations; on SQLite and
on a real PostgreSQL (started by the fixture where it is installed)."""

from __future__ import annotations

import concurrent.futures
import signal
from pathlib import Path

import alembic.autogenerate
import alembic.migration
import pytest

import cardgames
from cardgames.core.record import Record
from cardgames.server.store import SCHEMA_HEAD, Store, metadata
from server.kit import Running, free_port, random_chooser, running_server, server_process


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    url: str = request.getfixturevalue("postgres_db")
    return url


def test_the_schema_is_migrated_to_the_models(db_url: str) -> None:
    for _ in range(2):  # a second start finds the schema current
        store = Store.open(db_url)
        assert store.revision() == SCHEMA_HEAD
        with store.engine.connect() as connection:
            context = alembic.migration.MigrationContext.configure(connection)
            assert alembic.autogenerate.compare_metadata(context, metadata) == []
        store.close()


def test_reconnect_mid_game_with_the_token(db_url: str) -> None:
    with running_server(db_url) as server:
        table = server.create("hanabi", [None, None], seed=21, autostart=True)
        first, second = server.sit(table, "Ann"), server.sit(table, "Bob")
        ann, bob = server.client(), server.client()
        ann.join(table, first[1])
        bob.join(table, second[1])
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            stops = list(pool.map(lambda client, seed: client.play(
                random_chooser(seed), stop_after=4), [ann, bob], [1, 2]))
        assert stops == [None, None]
        seen = [m for m in ann.received if m["type"] == "view"][-1]
        seen_log = ann.log()
        ann.close()
        assert server.info(table)["seats"][first[0]]["connected"] is False

        again = server.client()
        view = again.join(table, first[1])
        assert view["seat"] == first[0]
        assert view["move"] == seen["move"]
        assert view["log_start"] == 0  # a new connection gets the whole log
        assert view["log"] == seen_log
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            endings = list(pool.map(lambda client, seed: client.play(random_chooser(seed)),
                                    [again, bob], [3, 4]))
        assert endings[0] == endings[1]
        assert cardgames.replay(Record.from_dict(endings[0]["record"])).is_over
        for client in (again, bob):
            client.close()


def test_kill_9_mid_game_and_restart_resumes_every_table(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    server = Running(port, db_url)
    with server_process(db_url, port, tmp_path) as process:
        table = server.create("hanabi", [None, "normal", None], seed=8, autostart=True)
        bots = server.create("koikoi", [None, "easy"], options={"rounds": "1"}, seed=2,
                             autostart=True)
        people = [server.sit(table, "Ann"), server.sit(table, "Cy")]
        koikoi_seat = server.sit(bots, "Dee")
        clients = [server.client() for _ in people]
        for client, (_seat, token) in zip(clients, people, strict=True):
            client.join(table, token)
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            list(pool.map(lambda client, seed: client.play(random_chooser(seed), stop_after=5),
                          clients, [5, 6]))
        # Every move any client has seen is committed: the latest log anyone saw.
        seen_log = max((client.log() for client in clients), key=len)
        process.send_signal(signal.SIGKILL)
        process.wait()
    for client in clients:
        client.close()

    with server_process(db_url, port, tmp_path):
        info = server.info(table)
        assert info["status"] == "playing"
        assert info["moves"] >= len(seen_log)
        assert server.info(bots)["status"] == "playing"
        clients = [server.client() for _ in people]
        views = [client.join(table, token) for client, (_seat, token) in
                 zip(clients, people, strict=True)]
        for view in views:
            # The game as it was: every move seen before the kill, in order (the bot may
            # have moved again since the restart).
            assert view["log"][:len(seen_log)] == seen_log
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            endings = list(pool.map(lambda client, seed: client.play(random_chooser(seed)),
                                    clients, [7, 8]))
        record = Record.from_dict(endings[0]["record"])
        assert list(record.actions[:len(seen_log)]) == [e["action"] for e in seen_log]
        assert cardgames.replay(record).is_over
        # The Koi-Koi table resumed too: its person plays it to the end.
        dee = server.client()
        dee.join(bots, koikoi_seat[1])
        assert dee.play(random_chooser(9)) is not None
        for client in [*clients, dee]:
            client.close()

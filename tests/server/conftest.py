"""Fixtures of the server tests: a server with a temporary SQLite database, and a throwaway
PostgreSQL cluster where ``initdb`` is installed (see ``kit`` for the server and clients)."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy

from server.kit import Running, free_port, running_server


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture
def server(sqlite_url: str) -> Iterator[Running]:
    with running_server(sqlite_url) as running:
        yield running


@pytest.fixture(scope="session")
def postgres_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb in a temporary folder, a Unix socket only)."""
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on PATH): the PostgreSQL "
                    "persistence tests need the distribution's postgresql package")
    root = tmp_path_factory.mktemp("postgres")
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    subprocess.run([initdb, "-D", str(data), "-U", "cardgames", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    port = free_port()
    subprocess.run(
        [pg_ctl, "-D", str(data), "-l", str(root / "log"), "-w", "-o",
         f"-p {port} -k {sockets} -c listen_addresses='' -c fsync=on", "start"],
        check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://cardgames@/postgres?host={sockets}&port={port}"
    finally:
        subprocess.run([pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       check=False, capture_output=True)


@pytest.fixture
def postgres_db(postgres_url: str) -> str:
    """A fresh database in the throwaway cluster, for one test."""
    name = f"t{os.getpid()}_{random.randrange(10**9)}"
    engine = sqlalchemy.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(sqlalchemy.text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return postgres_url.replace("/postgres?", f"/{name}?")

"""Fixtures of the server tests: a server with a temporary SQLite database, and a throwaway
PostgreSQL cluster where ``initdb`` is installed (see ``kit`` for the server and clients)."""

from __future__ import annotations

import glob
import os
import pwd
import random
import shutil
import subprocess
import tempfile
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


def _as_postgres_owner(root: Path) -> list[str]:
    """The command prefix that runs PostgreSQL's programs: they refuse to run as root, so
    as root they run as the ``postgres`` user (or ``nobody``), owning the cluster's folder."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            continue
        for folder in (root, *root.rglob("*")):
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        runuser = shutil.which("runuser")
        if runuser is None:
            break
        return [runuser, "-u", user, "--"]
    pytest.skip("PostgreSQL refuses to run as root and no other user could run it here")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (initdb in a temporary folder, a Unix socket only)."""
    # On PATH, or where Debian's and Ubuntu's postgresql package puts them.
    where = os.pathsep.join([os.environ.get("PATH", ""),
                             *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)])
    initdb, pg_ctl = shutil.which("initdb", path=where), shutil.which("pg_ctl", path=where)
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on PATH or in "
                    "/usr/lib/postgresql/*/bin): the PostgreSQL persistence tests need the "
                    "distribution's postgresql package")
    # Not under pytest's temporary folder: as root, that is closed to the postgres user.
    root = Path(tempfile.mkdtemp(prefix="cardgames-postgres-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    data.mkdir()
    owner = _as_postgres_owner(root)
    root.chmod(0o755)
    subprocess.run([*owner, initdb, "-D", str(data), "-U", "cardgames", "--auth=trust",
                    "-E", "UTF8"], check=True, capture_output=True)
    port = free_port()
    subprocess.run(
        [*owner, pg_ctl, "-D", str(data), "-l", str(root / "log"), "-w", "-o",
         f"-p {port} -k {sockets} -c listen_addresses=''", "start"],
        check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://cardgames@/postgres?host={sockets}&port={port}"
    finally:
        subprocess.run([*owner, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_db(postgres_url: str) -> str:
    """A fresh database in the throwaway cluster, for one test."""
    name = f"t{os.getpid()}_{random.randrange(10**9)}"
    engine = sqlalchemy.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(sqlalchemy.text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return postgres_url.replace("/postgres?", f"/{name}?")

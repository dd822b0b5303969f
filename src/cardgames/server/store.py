"""Where the server keeps its tables: SQLAlchemy over SQLite (a file) or PostgreSQL (a URL).

A table is kept as what rebuilds it: its options as given, its seats, its seed, the record
header written when it started (rules version, options data, player names) and the list of
accepted actions in order. Every accepted action is committed here before any client hears of
it; :meth:`Store.load_table` reads a table back and :func:`cardgames.replay` rebuilds its game.

The schema is versioned with Alembic (the migrations ship in ``cardgames/server/migrations``):
:meth:`Store.open` upgrades the database to the newest schema before anything else.

Every call is blocking: the server makes them from its one database thread, so writes are
serialized and the event loop never waits on the disk. The writes are functions of a
connection (:func:`add_action`...), run by :meth:`Store.write` in one transaction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

__all__ = [
    "SCHEMA_HEAD",
    "ActionRow",
    "SeatRow",
    "Store",
    "TableRow",
    "Write",
    "add_action",
    "add_chat",
    "create_table",
    "database_url",
    "finish",
    "metadata",
    "set_note",
    "set_seat",
    "start",
]

SCHEMA_HEAD = "0002"
"""The newest schema revision (the Alembic head)."""

MIGRATIONS = Path(__file__).with_name("migrations")

metadata = sa.MetaData()

tables_table = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("bot_seed", sa.BigInteger, nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("hints", sa.Boolean, nullable=False),
    sa.Column("autostart", sa.Boolean, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("header", sa.JSON, nullable=True),
    sa.Column("creator", sa.String(100), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
seats_table = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("bot", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
)
actions_table = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("time", sa.Float, nullable=False),
    sa.Column("reason", sa.Text, nullable=True),
)
notes_table = sa.Table(
    "notes", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("card", sa.String(40), primary_key=True),
    sa.Column("text", sa.String(400), nullable=False),
)
chat_table = sa.Table(
    "chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("text", sa.String(1000), nullable=False),
    sa.Column("time", sa.Float, nullable=False),
)


@attrs.frozen
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str
    """``open``, ``person`` or ``bot`` (the protocol's SeatKind)."""
    name: str
    bot: str | None = None
    token_hash: str | None = None


@attrs.frozen
class ActionRow:
    """One accepted action as stored."""

    number: int
    seat: int
    notation: str
    reason: str | None = None
    """Why the bundled bot made it, in its own words (None: a person's move)."""


@attrs.frozen
class TableRow:
    """A table as stored, with its seats, actions, notes and recent chat."""

    id: str
    name: str
    game: str
    options: dict[str, str]
    seed: int
    bot_seed: int
    """The bots' seed (each bot's is this plus its seat), drawn apart from the deal's."""
    password_hash: str | None
    hints: bool
    autostart: bool
    status: str
    header: dict[str, Any] | None
    creator: str
    created: float
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...] = ()
    notes: Mapping[int, Mapping[str, str]] = attrs.field(factory=dict)
    chat: tuple[tuple[int | None, str, str, float], ...] = ()


def database_url(db: str) -> str:
    """A ``--db`` value as a SQLAlchemy URL: a URL as it is, else a SQLite file path."""
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL: readers do not block the writer; a committed transaction survives kill -9.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


# --------------------------------------------------------------------------- the writes
Write = tuple[Callable[..., None], tuple[Any, ...]]
"""One write for :meth:`Store.write`: a statement below and its arguments after the
connection."""


def create_table(db: Connection, table: TableRow) -> None:
    """A new table with its seats."""
    db.execute(tables_table.insert().values(
        id=table.id, name=table.name, game=table.game, options=table.options,
        seed=table.seed, bot_seed=table.bot_seed, password_hash=table.password_hash,
        hints=table.hints,
        autostart=table.autostart, status=table.status, header=table.header,
        creator=table.creator, created=table.created,
    ))
    db.execute(seats_table.insert(), [
        {"table_id": table.id, "seat": seat.seat, "kind": seat.kind, "name": seat.name,
         "bot": seat.bot, "token_hash": seat.token_hash}
        for seat in table.seats
    ])


def set_seat(db: Connection, table_id: str, seat: SeatRow) -> None:
    """Who sits at one seat now."""
    db.execute(seats_table.update().where(
        seats_table.c.table_id == table_id, seats_table.c.seat == seat.seat,
    ).values(kind=seat.kind, name=seat.name, bot=seat.bot, token_hash=seat.token_hash))


def start(db: Connection, table_id: str, header: dict[str, Any]) -> None:
    """The game started: its record header (rules version, options data, players)."""
    db.execute(tables_table.update().where(tables_table.c.id == table_id).values(
        status="playing", header=header))


def add_action(db: Connection, table_id: str, action: ActionRow) -> None:
    """One accepted action. The key (table, number) refuses a second action for the same
    move."""
    db.execute(actions_table.insert().values(
        table_id=table_id, number=action.number, seat=action.seat,
        notation=action.notation, time=time.time(), reason=action.reason))


def finish(db: Connection, table_id: str) -> None:
    """The game is over (a restart then leaves the table out of the live ones)."""
    db.execute(tables_table.update().where(tables_table.c.id == table_id)
               .values(status="over"))


def add_last_action(db: Connection, table_id: str, action: ActionRow) -> None:
    """The action that ends the game and the end, in one write (one commit)."""
    add_action(db, table_id, action)
    finish(db, table_id)


def set_note(db: Connection, table_id: str, seat: int, card: str, text: str) -> None:
    """A seat's note on a card (empty text: none)."""
    key = (notes_table.c.table_id == table_id, notes_table.c.seat == seat,
           notes_table.c.card == card)
    db.execute(notes_table.delete().where(*key))
    if text:
        db.execute(notes_table.insert().values(
            table_id=table_id, seat=seat, card=card, text=text))


def add_chat(db: Connection, table_id: str, seat: int | None, name: str, text: str,
             when: float) -> None:
    """A chat line."""
    db.execute(chat_table.insert().values(
        table_id=table_id, seat=seat, name=name, text=text, time=when))



class Store:
    """The database of tables (blocking calls; see the module's docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str) -> Store:
        """Connect to `url` (a SQLAlchemy URL) and upgrade its schema to the newest."""
        engine = sa.create_engine(url, future=True)
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
            path = engine.url.database
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        store = cls(engine)
        store.upgrade()
        return store

    def upgrade(self) -> None:
        """Bring the schema to the newest revision (Alembic, in one transaction)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def revision(self) -> str | None:
        """The schema revision the database is at."""
        with self.engine.connect() as connection:
            return connection.execute(
                sa.text("SELECT version_num FROM alembic_version")).scalar_one_or_none()

    def close(self) -> None:
        self.engine.dispose()

    def write(self, writes: Sequence[Write]) -> None:
        """Run `writes` in one transaction: all of them are committed, or none (the server
        gathers the writes that arrive while one transaction commits into the next, so
        many tables share one commit)."""
        with self.engine.begin() as db:
            for statement, args in writes:
                statement(db, *args)

    # ------------------------------------------------------------------ reads
    def table_ids(self, *, live: bool) -> list[str]:
        """Every table's id (`live`: only those waiting or playing), oldest first."""
        query = sa.select(tables_table.c.id).order_by(tables_table.c.created)
        if live:
            query = query.where(tables_table.c.status != "over")
        with self.engine.connect() as db:
            return [row[0] for row in db.execute(query)]

    def load_table(self, table_id: str, *, chat_lines: int = 50) -> TableRow | None:
        """The table with its seats, actions, notes and last `chat_lines` chat lines."""
        with self.engine.connect() as db:
            row = db.execute(
                tables_table.select().where(tables_table.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seats = tuple(
                SeatRow(r.seat, r.kind, r.name, r.bot, r.token_hash)
                for r in db.execute(seats_table.select().where(
                    seats_table.c.table_id == table_id).order_by(seats_table.c.seat)))
            actions = tuple(
                ActionRow(r.number, r.seat, r.notation, r.reason)
                for r in db.execute(actions_table.select().where(
                    actions_table.c.table_id == table_id).order_by(actions_table.c.number)))
            notes: dict[int, dict[str, str]] = {}
            for r in db.execute(notes_table.select().where(notes_table.c.table_id == table_id)):
                notes.setdefault(r.seat, {})[r.card] = r.text
            chat = tuple(reversed([
                (r.seat, r.name, r.text, r.time)
                for r in db.execute(chat_table.select().where(
                    chat_table.c.table_id == table_id).order_by(chat_table.c.id.desc())
                    .limit(chat_lines))]))
        return TableRow(
            id=row["id"], name=row["name"], game=row["game"], options=dict(row["options"]),
            seed=int(row["seed"]), bot_seed=int(row["bot_seed"]),
            password_hash=row["password_hash"], hints=bool(row["hints"]),
            autostart=bool(row["autostart"]), status=row["status"], header=row["header"],
            creator=row["creator"], created=float(row["created"]), seats=seats,
            actions=actions, notes=notes, chat=chat,
        )

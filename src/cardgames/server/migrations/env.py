"""Alembic's environment for the server's schema: migrations run on the connection the
server hands over (``config.attributes["connection"]``, see ``Store.upgrade``)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "the server's migrations run from cardgames.server.store.Store.upgrade, which "
        "passes the database connection"
    )
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

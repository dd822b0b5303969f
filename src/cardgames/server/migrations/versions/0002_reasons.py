"""Each action keeps the bundled bot's reason for it (None: a person's move).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("reason", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("actions", "reason")

"""Ikebana bots (placeholder replaced below)."""

from __future__ import annotations

from cardgames.core.agents import RandomAgent

GreedyBot = RandomAgent

"""The game server (``cardgames server``, the ``server`` extra): people and bots at shared
tables over one documented protocol (:mod:`cardgames.wire`).

The server is the only authority: clients send intents, it checks and applies them, commits
each accepted action to its database, then sends every seat its own view. Tables are rebuilt
from their options, deal and actions, so a restart loses nothing.
"""

"""The protocol between the game server and its clients, on its own (the ``server`` extra:
pydantic and cattrs): what the server, :mod:`cardgames.net` and the app all speak, so that a
client needs nothing of the server.

* :mod:`cardgames.wire.messages`: every lobby request and table message as a typed model,
  versioned, with its JSON Schema (``docs/server-protocol.md``).
* :mod:`cardgames.wire.encode`: views, moves and actions as JSON (a seat's view, the public
  view, the log, the legal actions).
* :mod:`cardgames.wire.decode`: that JSON read back into a game's own values.

It names no game: what it needs of one comes from the game's ``GameInfo`` (its table aids,
its spectators' hands, its view decoder) and from the engine's own classes.
"""

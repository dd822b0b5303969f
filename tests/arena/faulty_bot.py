"""An arena program that goes wrong on purpose, as its argument says (tests/arena):

* ``crash``: writes a line on stderr and ends (exit status 3) when asked for its first move;
* ``silent``: reads every message and never answers (the arena's move limit ends it);
* ``illegal``: answers a move that is well formed but never legal (a Hanabi clue to itself);
* ``unreadable``: answers a line that is no move at all.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    behaviour = sys.argv[1]
    seat = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            seat = message["seat"]
        if message["type"] != "view":
            continue
        if behaviour == "crash":
            print("boom: this bot gives up", file=sys.stderr, flush=True)
            sys.exit(3)
        if behaviour == "illegal":
            print(f"clue {seat + 1} red", flush=True)  # players are numbered from 1
        elif behaviour == "unreadable":
            print("fly to the moon", flush=True)
        # silent: no answer; the next line it reads is the end of its input.


if __name__ == "__main__":
    main()

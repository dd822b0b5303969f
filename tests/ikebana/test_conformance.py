"""The shared conformance machine: every preset, each player count 2-5 on its own."""

from __future__ import annotations

import runpy
from pathlib import Path

from cardgames.testing import conformance_machine

TestTwoPlayers = conformance_machine("ikebana", players=[2], max_examples=40, steps=150).TestCase
TestThreePlayers = conformance_machine("ikebana", players=[3], max_examples=30, steps=150).TestCase
TestFourPlayers = conformance_machine("ikebana", players=[4], max_examples=30, steps=150).TestCase
TestFivePlayers = conformance_machine("ikebana", players=[5], max_examples=30, steps=150).TestCase


def test_the_docs_api_example_runs() -> None:
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ikebana_api.py"
    runpy.run_path(str(example), run_name="__main__")

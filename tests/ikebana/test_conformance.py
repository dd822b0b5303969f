"""The shared conformance machine, for every preset and 2-5 players."""

from __future__ import annotations

from cardgames.testing import conformance_machine

TestIkebanaConformance = conformance_machine("ikebana", max_examples=30, steps=50).TestCase

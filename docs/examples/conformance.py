"""Run the conformance machine on a game, as a pytest test module would."""

from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from cardgames.testing import conformance_machine

# In a test module: `TestKoiKoi = conformance_machine("koikoi").TestCase`.
machine = conformance_machine("koikoi", presets=["nintendo"])
run_state_machine_as_test(machine, settings=settings(max_examples=3, stateful_step_count=10))
print("koikoi passes the conformance machine")

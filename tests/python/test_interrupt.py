"""Ctrl-C during a long call (issue 33, item 3): KeyboardInterrupt comes
back promptly, as the first array-returning call of a process too, and
nothing panics. Each case runs in a Python of its own, which is sent
SIGINT a second into the call."""
import signal
import subprocess
import sys
import time

import pytest

CHILD = """
import sys, time
import hog_solver as hs
print("started", flush=True)
started = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", time.monotonic() - started, flush=True)
"""


def interrupt(call):
    """Run `call` in a child, SIGINT it once the call is under way; what it
    printed, its stderr, and the seconds from the signal to its answer."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        answer = child.stdout.readline().strip()
        waited = time.monotonic() - sent
        child.wait(timeout=120)
        return answer, child.stderr.read(), waited
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize(
    "call",
    [
        # Tens of seconds each when left to finish.
        "hs.solve(hs.Rules(goal=4000))",
        "hs.sweep('boar_strategy(0..=40, 0..=10)', vs='optimal', rules=hs.Rules(goal=1000))",
        "hs.tournament(['always_roll(%d)' % n for n in range(11)] + ['optimal'], rules=hs.Rules(goal=2500))",
    ],
    ids=["solve", "sweep", "tournament"],
)
def test_ctrl_c_interrupts_a_long_call(call):
    answer, stderr, waited = interrupt(call)
    assert answer == "interrupted", (answer, stderr)
    assert "panic" not in stderr.lower() and "PanicException" not in stderr, stderr
    # Half a second on a quiet machine (the engine looks between
    # diagonals, the wait every 25 ms); a loaded one may take longer to
    # schedule the child at all.
    assert waited < 10, waited


def test_a_call_that_is_not_interrupted_is_not_slowed_by_the_watch():
    # The wait ends when the result arrives: a quick call stays quick (the
    # best of a few runs, against a generous bound on a loaded machine).
    import hog_solver as hs

    best = min(_timed(hs.solve) for _ in range(5))
    assert best < 0.5, best


def _timed(f):
    start = time.perf_counter()
    f()
    return time.perf_counter() - start

"""Times of the Python package at goal 100, median of many runs, with where
the time goes. Run from the repository with the package installed:

    python benches/python/bench_api.py

The student's strategy is tests/python/project/hog.py's final_strategy
(a course-style function calling helpers that count factors).
"""
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "python" / "project"))

import hog_solver as hs  # noqa: E402
from hog import final_strategy  # noqa: E402


def median_ms(work, repeat=41):
    """The median wall time of `work()` in milliseconds, after a warm-up."""
    work()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    times.sort()
    return 1000 * statistics.median(times), 1000 * times[len(times) // 10], 1000 * times[-len(times) // 10 - 1]


def python_calls():
    """The calls a tabulation makes (two passes), in plain Python."""
    for s in range(100):
        for o in range(100):
            final_strategy(s, o)
    for s in reversed(range(100)):
        for o in reversed(range(100)):
            final_strategy(s, o)


def plain(score, opponent_score):
    return 4 if score < 50 else 6


table = hs.table(final_strategy)
rows = [
    ("win_rate(final_strategy)", lambda: hs.win_rate(final_strategy)),
    ("  table(final_strategy): the 20,000 checked calls", lambda: hs.table(final_strategy)),
    ("  the same 20,000 calls in a plain Python loop", python_calls),
    ("  win_rate(its table): the exact evaluation", lambda: hs.win_rate(table)),
    ("win_rate(plain two-line function)", lambda: hs.win_rate(plain)),
    ("win_rate('sus_strategy(9, 6)'): no Python at all", lambda: hs.win_rate("sus_strategy(9, 6)")),
    ("solve(): solve, choice values, arrays", hs.solve),
    ("  table('optimal'): the Rust solve and one array", lambda: hs.table("optimal")),
]
print(f"{'call':52} {'median ms':>10} {'p10':>7} {'p90':>7}")
for name, work in rows:
    median, low, high = median_ms(work)
    print(f"{name:52} {median:10.2f} {low:7.2f} {high:7.2f}")

"""Write N contest submissions of the usual size into a folder, for timing
`hog contest` (see the README's Hog Contest section):

    python3 benches/contest/make_submissions.py /tmp/contest-200 200

Each file is shaped like a student's hog_contest.py: a PLAYER_NAME, the
fa24 helpers (Boar Brawl, Sus Fuss with a divisor count) and a
final_strategy with its own thresholds, so every entry is a different table.
"""
import sys
from pathlib import Path

TEMPLATE = '''"""Hog Contest entry {i}."""
PLAYER_NAME = "Entry {i:03d}"

GOAL = 100


def boar_brawl(player_score, opponent_score):
    tens = (opponent_score // 10) % 10
    ones = player_score % 10
    return max(3 * abs(tens - ones), 1)


def num_factors(n):
    count, d = 0, 1
    while d * d <= n:
        if n % d == 0:
            count += 1 if d * d == n else 2
        d += 1
    return count


def sus_points(score):
    if num_factors(score) in (3, 4):
        score += 1
        while num_factors(score) != 2:
            score += 1
    return score


def final_strategy(score, opponent_score):
    gain = sus_points(score + boar_brawl(score, opponent_score)) - score
    if gain >= {threshold}:
        return 0
    if score >= GOAL - {near}:
        return {endgame}
    if opponent_score > score + {behind}:
        return {catch_up}
    return {normal}
'''


def main():
    folder, count = Path(sys.argv[1]), int(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        text = TEMPLATE.format(
            i=i,
            threshold=6 + i % 9,
            near=5 + (i // 9) % 10,
            endgame=1 + i % 3,
            behind=10 + (i // 3) % 20,
            catch_up=5 + i % 4,
            normal=3 + (i // 7) % 5,
        )
        (folder / f"entry_{i:03d}.py").write_text(text)


if __name__ == "__main__":
    main()

"""Fall 2024's Hog as a rules file for `hog --rules-py`: Boar Brawl and
Sus Fuss, the same game as `--rules fa24`."""


def zero_dice(score, opponent_score):
    """Boar Brawl: three times the difference between the opponent's tens
    digit and the player's ones digit, and at least 1."""
    return max(1, 3 * abs(opponent_score // 10 % 10 - score % 10))


def num_factors(n):
    """The number of divisors of n (1 and n included)."""
    count, d = 0, 1
    while d * d <= n:
        if n % d == 0:
            count += 1 if d * d == n else 2
        d += 1
    return count


def after_turn(score, opponent_score):
    """Sus Fuss: a score with 3 or 4 divisors becomes the next prime."""
    if num_factors(score) in (3, 4):
        score += 1
        while num_factors(score) != 2:
            score += 1
    return score, opponent_score

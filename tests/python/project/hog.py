"""The Game of Hog (Fall 2024 rules), shaped like a student's project file."""
from dice import six_sided, make_test_dice
from ucb import main, trace, interact

GOAL = 100


def boar_brawl(player_score, opponent_score):
    """Points for rolling zero dice: three times the gap between the
    opponent's tens digit and the player's ones digit, at least 1."""
    tens = (opponent_score // 10) % 10
    ones = player_score % 10
    return max(3 * abs(tens - ones), 1)


def num_factors(n):
    return sum(1 for d in range(1, n + 1) if n % d == 0)


def sus_points(score):
    """A score with 3 or 4 factors rises to the next prime."""
    if num_factors(score) in (3, 4):
        score += 1
        while num_factors(score) != 2:
            score += 1
    return score


def boar_strategy(score, opponent_score, threshold=11, num_rolls=6):
    if boar_brawl(score, opponent_score) >= threshold:
        return 0
    return num_rolls


def sus_strategy(score, opponent_score, threshold=11, num_rolls=6):
    gain = sus_points(score + boar_brawl(score, opponent_score)) - score
    return 0 if gain >= threshold else num_rolls


def final_strategy(score, opponent_score):
    """The contest entry: Sus Fuss with a lower threshold."""
    return sus_strategy(score, opponent_score, 9, 6)


@main
def run(*args):
    raise SystemExit("running experiments is not what the solver wants")

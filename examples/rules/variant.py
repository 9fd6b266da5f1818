"""A rule set no preset expresses, put together from rules of several
semesters: Free Bacon as 1 + the opponent's tens digit, a roll with a 1
scores 0 (so a turn can score nothing), a turn scores at most 25 - the
number of dice, and Swine Swap when one score is a multiple of the other
(both larger than 1, as Fall 2017 wrote it). Goal 100."""

PIG_OUT = 0


def zero_dice(score, opponent_score):
    return 1 + opponent_score // 10 % 10


def turn_points(points, num_rolls, score, opponent_score):
    return min(points, 25 - num_rolls)


def after_turn(score, opponent_score):
    low, high = sorted((score, opponent_score))
    if low > 1 and high % low == 0 and low != high:
        return opponent_score, score
    return score, opponent_score

"""Pork Chop as a Python rules file for `hog --rules-py`: the same game as
pork-chop.toml, written out in plain Python.

Free Bacon: 1 + the larger digit of the opponent's score. Swine Swap:
swap when one score is exactly twice the other. Pork Chop: instead of
rolling, a player may roll -1 dice, which scores 1 point and swaps the
dice of every later turn, both players', between six-sided and
four-sided; the next -1 swaps them back.
"""

# The shared clock: 0 while the dice are six-sided, 1 while swapped.
CLOCK = 2


def zero_dice(score, opponent_score):
    return 1 + max(opponent_score // 10 % 10, opponent_score % 10)


def after_turn(score, opponent_score):
    if score == 2 * opponent_score or opponent_score == 2 * score:
        return opponent_score, score
    return score, opponent_score


def tick(clock, num_rolls):
    # A roll leaves the dice as they are.
    return clock, False


def clock_sides(clock):
    return 4 if clock == 1 else None


def minus_one(clock):
    # Rolling -1 dice: 1 point, and the dice swapped (or back).
    return 1, 1 - clock

"""A 2016-era semester's Hog as a Python rules file for `hog --rules-py`: the same
game as perfect-piggy.toml, written out in plain Python.

Free Bacon: 1 + the larger digit of the opponent's score. Hogtimus Prime:
a prime number of points becomes the next prime. Swine Swap: swap when
one score is exactly twice the other. Perfect Piggy: a turn whose points
(after Hogtimus Prime) are a perfect square or cube other than 1 swaps the
dice of every later turn, both players', between six-sided and
four-sided; the next such turn swaps them back.
"""

# The shared clock: 0 while the dice are six-sided, 1 while swapped.
CLOCK = 2


def zero_dice(score, opponent_score):
    return 1 + max(opponent_score // 10 % 10, opponent_score % 10)


def is_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def turn_points(points, num_rolls, score, opponent_score):
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points


def after_turn(score, opponent_score):
    if score == 2 * opponent_score or opponent_score == 2 * score:
        return opponent_score, score
    return score, opponent_score


def perfect(points):
    """A perfect square or cube other than 1 (0 is 0 * 0)."""
    square, cube = round(points ** 0.5), round(points ** (1 / 3))
    return points != 1 and (square * square == points or cube ** 3 == points)


def tick(clock, num_rolls, points):
    # A perfect turn flips the dice; Perfect Piggy never gives a turn back.
    return (1 - clock if perfect(points) else clock), False


def clock_sides(clock):
    return 4 if clock == 1 else None

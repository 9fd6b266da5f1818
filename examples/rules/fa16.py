"""Fall 2016's Hog as a Python rules file for `hog --rules-py`: the same
game as fa16.toml (see there for the course's sources and wording),
written out in plain Python.

- Pig Out: the number of 1s rolled.
- Free Bacon: 1 + the larger digit of the opponent's score.
- Hogtimus Prime: a prime number of points becomes the next prime; then
  When Pigs Fly: at most 25 - num_rolls points.
- Hog Wild: when the sum of the scores is a multiple of 7, a die that
  shows an odd face is rolled again, once.
- Pork Chop: rolling -1 dice scores 1 point and swaps the dice of every
  later turn between six-sided and four-sided; the next -1 swaps them back.
- Swine Swap: swap when one score is exactly twice the other.
"""

PIG_OUT = "ones"
CLOCK = 2


def zero_dice(score, opponent_score):
    return 1 + max(opponent_score // 10 % 10, opponent_score % 10)


def rerolled(score, opponent_score):
    return (score + opponent_score) % 7 == 0


def is_prime(n):
    return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


def turn_points(points, num_rolls, score, opponent_score):
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return min(points, 25 - num_rolls)


def after_turn(score, opponent_score):
    if score == 2 * opponent_score or opponent_score == 2 * score:
        return opponent_score, score
    return score, opponent_score


def tick(clock, num_rolls):
    return clock, False


def clock_sides(clock):
    return 4 if clock == 1 else None


def minus_one(clock):
    return 1, 1 - clock

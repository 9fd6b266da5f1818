"""Summer 2016's Hog as a rules file for `hog --rules-py` (the same rules
as su16.toml; see there for the course's sources and wording).

- Pig Out: a roll with a 1 scores 1.
- Free Bacon: one more than the larger digit of the opponent's score.
- Hogtimus Prime: a prime number of points becomes the next prime.
- Hog Wild: four-sided dice when the sum of the scores is a multiple of 7.
- Hog Tied: at most 1 die when the sum of the scores ends in 7.
- Swine Swap: the scores swap when the mover's score is one digit repeated.
"""


def zero_dice(score, opponent_score):
    return 1 + max(opponent_score // 10 % 10, opponent_score % 10)


def dice_sides(score, opponent_score):
    return 4 if (score + opponent_score) % 7 == 0 else 6


def max_dice(score, opponent_score):
    return 1 if (score + opponent_score) % 10 == 7 else 10


def is_prime(n):
    return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


def turn_points(points, num_rolls, score, opponent_score):
    if is_prime(points):
        points += 1
        while not is_prime(points):
            points += 1
    return points


def after_turn(score, opponent_score):
    if len(set(str(score))) == 1:
        return opponent_score, score
    return score, opponent_score

"""Summer 2022's Hog as a rules file for `hog --rules-py`.

Source: the project page (inst.eecs.berkeley.edu/~cs61a/su22/proj/hog/, as
a student's copy quotes it) and the course's tests (endpoint
cal/cs61a/su22/proj01, in songmuhan/cs61a-su22 at 66e94c7).

- Sow Sad: a roll with a 1 scores 1.
- Oink Points: "A player who chooses to roll zero dice scores 2 * tens -
  ones, or 1, whichever is higher; where tens, and ones are the tens and
  ones digits of the opponent's score." (Fall 2018's Free Bacon:
  `bacon-twice-tens-minus-ones` in a rules file.)
- Pigs on Prime: "If, after rolling, the current player's score is a prime
  number, they gain enough points such that their score instantly
  increases to the next prime number."
"""


def zero_dice(score, opponent_score):
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return max(2 * tens - ones, 1)


def is_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n**0.5) + 1))


def after_turn(score, opponent_score):
    if is_prime(score):
        score += 1
        while not is_prime(score):
            score += 1
    return score, opponent_score

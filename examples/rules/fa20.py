"""Fall 2020's Hog as a rules file for `hog --rules-py`.

Source: the project page, "Hog | CS 61A Fall 2020" (a copy in
audreylamwk/CS61A at 80eabc1, proj/hog_src/EN.html; Phase 1 due Tuesday,
September 8), and the course's tests (endpoint cal/cs61a/fa20/proj01, in
lemorage/cs61a_fa20 at cb7e549).

- Pig Out: a roll with a 1 scores 1.
- Free Bacon: "A player who chooses to roll zero dice scores k+3 points,
  where k is the nth digit of pi after the decimal point, and n is the
  total score of their opponent. As a special case, if the opponent's
  score is n = 0, then k = 3 (the digit of pi before the decimal point)."
- Swine Align: "if both players have a positive score and the Greatest
  Common Divisor (GCD) of the current player's score and the opponent's
  score is at least 10, take another turn."
- Pig Pass: "if the current player's score is lower than the opponent's
  score and the difference between them is less than 3, the current player
  takes another turn."

The page's skeleton keeps pi to 101 digits and asserts a score below 100:
the goal stays 100 (a larger --goal is refused by zero_dice).
"""

from math import gcd

FIRST_101_DIGITS_OF_PI = (
    "31415926535897932384626433832795028841971693993751"
    "058209749445923078164062862089986280348253421170679"
)


def zero_dice(score, opponent_score):
    assert opponent_score < 100, "Free Bacon reads pi to 100 decimals"
    return int(FIRST_101_DIGITS_OF_PI[opponent_score]) + 3


def swine_align(score, opponent_score):
    return score > 0 and opponent_score > 0 and gcd(score, opponent_score) >= 10


def pig_pass(score, opponent_score):
    return score < opponent_score and opponent_score - score < 3


def extra_turn(score, opponent_score):
    return pig_pass(score, opponent_score) or swine_align(score, opponent_score)

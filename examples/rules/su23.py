"""Summer 2023's Hog as a rules file for `hog --rules-py`.

Source: the course's tests (endpoint cal/cs61a/su23/proj01, in
Stray36/CS-61A-Summer-2023 at 56bdb76 and
Zhouhaoran1994/cs61a_summer_2023 at eeee6f0), which fix both rules; the
page's own sentence of Fuzzy Factors was not at hand (students paraphrase
it as below).

- Sow Sad: a roll with a 1 scores 1.
- Boar Brawl (Fall 2023 on): "three times the absolute difference between
  the tens digit of the opponent's score and the ones digit of the current
  player's score, or 1, whichever is greater."
- Fuzzy Factors: after a player gains points for their turn, if the
  greatest common divisor of their score and 100 is greater than 10, the
  score increases by two times the tens digit of that divisor (50 becomes
  60, 25 becomes 29, 100 stays 100); once a turn.
"""

from math import gcd


def zero_dice(score, opponent_score):
    return max(3 * abs(opponent_score // 10 % 10 - score % 10), 1)


def after_turn(score, opponent_score):
    divisor = gcd(score, 100)
    if divisor > 10:
        score += 2 * (divisor // 10 % 10)
    return score, opponent_score

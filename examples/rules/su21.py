"""Summer 2021's Hog as a rules file for `hog --rules-py`.

Source: the project page (cs61a.org/proj/hog/, Summer 2021, as a student's
copy quotes it) and the course's tests (in asukaminato0721/cs61a-2021-summer
at 757213e, a copy for inst.eecs.berkeley.edu/~cs61a/su21/).

- Sow Sad: a roll with a 1 scores 1.
- Piggy Points: "A player who chooses to roll zero dice scores k + 4
  points, where k is the absolute value of the tens digit minus the ones
  digit in the opponent's score. If the opponent's score is only one
  digit, assume the tens digit is 0."
- More Boar: "the current player takes an extra turn if the minimum digit
  of the current player's score is strictly smaller than the minimum digit
  of the opponent's score and the maximum digit of the current player's
  score is strictly larger than the maximum digit of the opponent's
  score." A one-digit score's only digit is both (the course's tests: 28
  against 5 moves again).
"""


def zero_dice(score, opponent_score):
    return 4 + abs(opponent_score // 10 % 10 - opponent_score % 10)


def more_boar(score, opponent_score):
    mine, theirs = str(score), str(opponent_score)
    return min(mine) < min(theirs) and max(mine) > max(theirs)


def extra_turn(score, opponent_score):
    return more_boar(score, opponent_score)

"""Spring 2021's Hog as a rules file for `hog --rules-py`.

Source: the project page (cs61a.org/proj/hog/, Spring 2021, as students'
copies quote it) and the course's tests (endpoint cal/cs61a/sp21/proj01, in
ikventure/cs61a-sp21 at a48ece9).

- Sow Sad: a roll with a 1 scores 1.
- Piggy Points: "A player who chooses to roll zero dice scores k+3 points,
  where k is the digit in the squared opponent's score that has the lowest
  value."
- More Boar: "the current player takes another turn if the leftmost digit
  of the current player's score is smaller than the leftmost digit of the
  opponent's score and the second leftmost digit of the current player's
  score is smaller than the second leftmost digit of the opponent's score.
  If either score is only a singular digit, assume it has a 0 in front of
  it (e.g. 1 -> 01, 6 -> 06)." It reads the score after the turn's points.
"""


def zero_dice(score, opponent_score):
    return 3 + min(int(digit) for digit in str(opponent_score**2))


def more_boar(score, opponent_score):
    mine, theirs = str(score).zfill(2), str(opponent_score).zfill(2)
    return mine[0] < theirs[0] and mine[1] < theirs[1]


def extra_turn(score, opponent_score):
    return more_boar(score, opponent_score)

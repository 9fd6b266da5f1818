"""Fall 2021's Hog as a rules file for `hog --rules-py`.

Source: the project page (cs61a.org/proj/hog/, Fall 2021, as a student's
copy gives it) and the course's tests (endpoint cal/cs61a/fa21/proj01, in
y1cunhui/cs61A-2021Fall at fc3a4e8).

- Sow Sad: a roll with a 1 scores 1.
- Picky Piggy: "A player who chooses to roll zero dice scores the nth digit
  of the decimal expansion of 1/7 (0.14285714...), where n is the
  opponent's score. As a special case, if n is 0, the player scores 7
  points."
- Hog Pile: "After points for the turn are added to the current player's
  score, if the players' scores are the same, the current player's score
  doubles."
"""


def zero_dice(score, opponent_score):
    if opponent_score == 0:
        return 7
    return int("142857"[(opponent_score - 1) % 6])


def after_turn(score, opponent_score):
    if score == opponent_score:
        return 2 * score, opponent_score
    return score, opponent_score

"""Spring 2022's Hog as a rules file for `hog --rules-py`.

Source: the project page (cs61a.org/proj/hog/, Spring 2022, Phase 1 due
Thursday, February 3, as a student's copy gives it) and the course's tests
(endpoint cal/cs61a/sp22/proj01, in caiscoding/CS61A-Spring2022 at
738a763).

- Sow Sad: a roll with a 1 scores 1.
- Hefty Hogs: "If the opponent's score is 0 and the player chooses to roll
  zero dice, the player will get 1 point. However, if the opponent's score
  is not 0, a player who chooses to roll zero dice will gain points
  according to the following: The opponent's score will be mapped to a
  series of functions to be applied to the player's score, starting from
  the rightmost digit (the one's place) and ending on the leftmost digit.
  Each digit from 0 to 9 corresponds to a pre-defined function, f0 through
  f9. The result of this series of calls modulo 30 is the amount of points
  the player receives for the turn." The functions are the skeleton's
  digit_fn, floats and all.
- Hog Pile: "if the one's digit (ones_digit) of the current player's score
  is the same as the one's digit of the opponent player's score, the
  current player gains an additional ones_digit points."
"""


def digit_fn(digit):
    if digit == 0:
        return lambda v: v + 1
    if digit == 1:
        return lambda v: v**2
    if digit == 2:
        return lambda v: v * 3
    if digit == 3:
        return lambda v: v // 4
    if digit == 4:
        return lambda v: v - 5
    if digit == 5:
        return lambda v: v % 6
    if digit == 6:
        return lambda v: int((v % 7) * 8)
    if digit == 7:
        return lambda v: int(v * 8.8)
    if digit == 8:
        return lambda v: int(v / 99 * 15) + 10
    return lambda v: v


def zero_dice(score, opponent_score):
    if opponent_score == 0:
        return 1
    value = score
    while opponent_score > 0:
        value = digit_fn(opponent_score % 10)(value)
        opponent_score //= 10
    return value % 30


def after_turn(score, opponent_score):
    if score % 10 == opponent_score % 10:
        return score + score % 10, opponent_score
    return score, opponent_score

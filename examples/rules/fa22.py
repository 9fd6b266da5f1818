"""Fall 2022's Hog (and Spring 2023's) as a rules file for `hog --rules-py`.

Source: the project page (cs61a.org/proj/hog/, Fall 2022, checkpoint due
Tuesday, September 6, as a student's copy gives it) and the course's tests
(endpoint cal/cs61a/fa22/proj01, in E1PsyCongroo/CS61A-FA22 at b77a7a7;
Spring 2023's, endpoint cal/cs61a/sp23/proj01 in yifu-deng/cs61a-sp23 at
239e388, test the same rules).

- Sow Sad: a roll with a 1 scores 1.
- Pig Tail: "A player who chooses to roll zero dice scores 2 * abs(tens -
  ones) + 1 points; where tens, ones are the tens and ones digits of the
  opponent's score."
- Square Swine: "After a player gains points for their turn, if the
  resulting score is a perfect square, then increase their score to the
  next higher perfect square."
"""


def zero_dice(score, opponent_score):
    tens, ones = opponent_score // 10 % 10, opponent_score % 10
    return 2 * abs(tens - ones) + 1


def after_turn(score, opponent_score):
    root = int(score**0.5)
    while root * root > score:
        root -= 1
    while (root + 1) * (root + 1) <= score:
        root += 1
    if root * root == score:
        score = (root + 1) * (root + 1)
    return score, opponent_score

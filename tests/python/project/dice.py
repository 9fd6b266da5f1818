"""The course's dice module, as the hog project ships it."""
from random import randint


def make_fair_dice(sides):
    assert type(sides) == int and sides >= 1, "Illegal value for sides"

    def dice():
        return randint(1, sides)

    return dice


four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)


def make_test_dice(*outcomes):
    index = len(outcomes) - 1

    def dice():
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]

    return dice

"""A game played without screens, for the tools that measure it (flash,
heap): the hand in progress to its end."""


def play_hand(game, human):
    """Plays ``game``'s hand in progress to its end: ``human.decide`` for
    seat 0, the game's virtual players for the others. Returns the number
    of actions taken."""
    n = 0
    while game.hand is not None:
        if game.human_to_act():
            game.act(*human.decide(game.view(0)))
        else:
            game.step()
        n += 1
    return n

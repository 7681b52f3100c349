"""A new game made ahead while the menu waits (Game.new_game_ahead): the
key that starts it takes the virtual players and the first hand already
made, and the game is the same game, deal for deal and decision for
decision, as one made at the key; the game in play is untouched."""
from poker.match import ahead as made_ahead, journal
from poker.match.game import Game
from poker.rng import Rng
from poker.match.settings import Settings


def _settings(**fields):
    s = Settings()
    for k in fields:
        setattr(s, k, fields[k])
    return s.normalize()


def _played(g, hands=3):
    """Plays hands (you check or call, the virtual players decide): what
    each dealt and decided, and where the random source ends."""
    out = []
    for _ in range(hands):
        if g.over:
            break
        g.start_hand()
        h = g.hand
        out.append([list(c) for c in h.hole])
        while g.hand is not None:
            if g.human_to_act():
                legal = [k for k, _ in g.view(0).legal]
                g.act([k for k in ("check", "call", "bring_in", "fold") if k in legal][0])
            else:
                g.step()
        out.append(list(h.actions))
        out.append(list(g.stacks))
    out.append(journal.rng_state(g.rng))
    return out


def _old_game(seed):
    """A game of 7 Card Stud two hands in, the menu open over it."""
    g = Game(_settings(game="F7S", difficulty=1), Rng(seed))
    _played(g, 2)
    return g


def test_a_new_game_made_ahead_is_the_game_made_at_the_key():
    plain = _old_game(11)
    ahead = _old_game(11)
    for g in (plain, ahead):
        g.settings.game = "FT"
    ahead.new_game_ahead()
    made = ahead._new_ahead
    assert made is not None
    before = journal.rng_state(ahead.rng)
    assert before == journal.rng_state(plain.rng)  # the game in play: its source put back
    plain.new_game()
    ahead.new_game()
    assert ahead.bots == made[1] and ahead._ahead is made[2]  # taken, not made again
    assert _played(ahead) == _played(plain)


def test_a_setting_changed_after_it_was_made_makes_it_again():
    plain = _old_game(12)
    ahead = _old_game(12)
    ahead.new_game_ahead()
    first = ahead._new_ahead
    for g in (plain, ahead):
        g.settings.game = "FT"
        g.settings.difficulty = 0
    assert made_ahead.key(ahead, ahead.settings) != first[0]
    ahead.new_game()  # not remade: the old one is left, new_game makes its own
    plain.new_game()
    assert ahead.bots is not first[1]
    assert _played(ahead) == _played(plain)
    # remade after the change: taken
    plain = _old_game(13)
    ahead = _old_game(13)
    ahead.new_game_ahead()
    for g in (plain, ahead):
        g.settings.players = 4
        g.settings.difficulty = 2
    ahead.new_game_ahead()
    made = ahead._new_ahead
    assert made is not first and made[0] == made_ahead.key(ahead, ahead.settings)
    plain.new_game()
    ahead.new_game()
    assert ahead.bots == made[1]
    assert _played(ahead, 1) == _played(plain, 1)


def test_made_ahead_over_a_hand_dealt_ahead_deals_from_before_it():
    # the showdown dealt the next hand ahead; the menu's new game starts from
    # the source as it was before that deal, as new_game puts it back
    plain = _old_game(14)
    ahead = _old_game(14)
    for g in (plain, ahead):
        g.deal_ahead()
        assert g._ahead is not None
    kept = ahead._ahead
    ahead.new_game_ahead()
    made = ahead._new_ahead
    assert ahead._ahead is kept  # the game in play keeps its next hand
    plain.new_game()
    ahead.new_game()
    assert ahead._ahead is made[2]
    assert _played(ahead) == _played(plain)


def test_resuming_the_game_in_play_is_untouched_by_it():
    plain = _old_game(15)
    ahead = _old_game(15)
    ahead.settings.game = "FT"
    plain.settings.game = "FT"
    ahead.new_game_ahead()
    ahead.drop_new_game_ahead()
    assert _played(ahead, 2) == _played(plain, 2)

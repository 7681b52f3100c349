"""The virtual players: three levels, four styles, every game.

A player is an object with ``decide(view) -> (kind, amount)``, where
``view`` is the ``poker.view.SeatView`` of its own seat (all it is ever
given: no hidden card of another seat can reach it) and the answer is one
of ``view.legal``.

    p = make('hard', 'tight-aggressive', seed=7)   # or make(2, rng=rng)
    kind, amount = p.decide(hand.view(seat))

Levels (``LEVELS``; ``make`` also takes 0, 1, 2):

- ``easy``: the toy console. Loose and predictable: rates its hand by what
  it has made so far (pairs, trips, low cards, draws) against the up cards
  it sees, raises with strong hands, calls a lot, folds junk to a bet late.
- ``normal``: Monte Carlo equity (a few dozen deals) against random hands
  of the live opponents, dead cards removed, each bet or raise faced this
  round discounting it; compared with the pot odds (less on the last
  round: no cards to come). Comes in with too many hands.
- ``hard``: more deals, counted in the RP2040's time (``poker.players.hard``'s
  ``CHIP_US``, per game and route: 150 ms a decision at most on the chip;
  in batches where no range weighs the deals); narrows each
  opponent's range from his actions by weighted sampling of his hidden
  cards (a raise or completion earlier: a strong start; a bet this round:
  a made hand now); remembers how each seat plays across hands (only
  public actions and the hands turned over: ``observe(view)``; the game
  also calls it with the final view of each hand, which counts once
  however often it is given): what each seat bet, raised and called with
  at showdowns (value or bluff, by street), how often it comes in, folds
  to bets, answers last-round bets. It bluffs those who fold, bets thinner
  into those who call, believes the bets of the passive and of value
  bettors (no re-raise wars with them), discounts the raises of a maniac
  whose hands shown down were junk, folds weak last-round calls to a
  player who never bluffs there (and as its calls of a seat's last-round
  bets won less than it believed), steals from players who seldom come in
  or who fold to first-round raises (with any start from those who nearly
  always do);
  semi-bluffs; never the seed-002 impossible call.
- no level folds a premium start on the first round (``_strong_start``).

Every level plays every game: stud door cards and the up cards it sees
(folded cards are dead and out of the sampling), razz and hi/lo lows
(scoop or half: equity counts the pot share), hold'em and Omaha boards.
Time: ``COST_US`` (per game) and ``work_us`` bound Normal's Monte Carlo
deals (Hard's: ``poker.players.hard.CHIP_US``); Omaha uses equity's quick path.
``Normal.clock``/``budget_ms`` add a wall-clock stop (off by default:
decisions stay deterministic; Hard has one on the RP2040 alone, a safety
net).

Styles (``STYLES``): ``tight``/``loose`` moves the calling and betting
thresholds; ``passive``/``aggressive`` the raising thresholds and how often
it bluffs. ``'balanced'`` is neither. ``make(level)`` with no style picks one
from the random source, so a table has personalities.

Baselines for the benchmark: ``Station`` (always checks or calls) and
``RandomPlayer`` (a uniformly random legal action).

Seed 002: no player here ever makes the impossible call
(``view.impossible_call``, the engine's check, which the UI's warning
reads too).

Modules: this one (the levels and ``make``, which imports the level it
makes: on the stock route the code sits in the heap, and a game of Normal
or Hard players carries none of Easy's, about 1.7 KB), ``base`` (what every
level shares: ``P45``/``P70``/``PREMIUM`` start-score percentiles,
``strong_start``, ``act``, the legal action closest to an intent, the
baselines, ``_Base`` and its decision in slices; and Normal), ``easy``
(Easy and its rough reading of the cards: ``made``/``low_class``/``draws``/
``counts``) and ``hard`` (Hard and its memory of the other seats).

Decisions are deterministic for a given seed: each player owns an
``Rng`` (seeded from ``seed`` or from one draw of the ``rng`` given to
``make``), used for its Monte Carlo and its mixed choices.
"""


LEVELS = ('easy', 'normal', 'hard')
_STYLE_NAMES = ('tight-aggressive', 'loose-aggressive', 'tight-passive',
                'loose-passive', 'balanced')


def make(level, style=None, rng=None, seed=None):
    """A virtual player. ``level``: 'easy'/'normal'/'hard' or 0/1/2.
    ``style``: one of ``STYLES`` or None (drawn from ``rng``). ``seed``
    seeds its own ``Rng``; else one draw of ``rng`` does (rng untouched
    beyond that); else seed 1."""
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError("unknown level %r" % (level,))
        level = LEVELS.index(level)
    if not 0 <= level < len(LEVELS):
        raise ValueError("unknown level %r" % (level,))
    if seed is None:
        seed = rng.getrandbits(30) if rng is not None else 1
    if style is None:
        style = _STYLE_NAMES[seed % len(_STYLE_NAMES)]
    if level == 2:
        from poker.players.hard import Hard

        return Hard(style, seed)
    if level == 0:
        from poker.players.easy import Easy

        return Easy(style, seed)
    from poker.players.base import Normal

    return Normal(style, seed)

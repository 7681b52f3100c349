"""A finished hand's books: the job a Game hands out (poker.jobs' ``_BOOKS``),
a part a step: the statistics, each virtual player's memory (a seat a
part), the history's text, its write, the hand's review for LAST HAND (its
names, then its write), the game record (then the journal goes). Each
part's garbage is collected before the next, and a press waits on one part
at most. (The parts are written out in the one generator: a helper each
would be a name more in the stock route's heap.)
"""
from poker import load, unload
from poker.eval import handname
from poker.match.record import history_slot, review_slot
from poker.match.store import MAX_SIZE


def books(g, h, start, end):
    """The books of Game ``g``'s finished hand ``h`` (dealt from stacks
    ``start``, ended with ``end``), a part between two yields."""
    # the last action on flash first: a cut in the saves below resumes the
    # finished hand, and its end is booked again
    g.journal.flush()  # (not g.flush_journal(): a frame less on the C stack, under a key's start_hand)
    _record_stats(g, h, start, end)
    yield
    for seat in range(1, len(start)):
        # the final view of the hand to the virtual player at ``seat`` if it
        # was dealt in and has ``observe`` (Hard: folds that ended the hand
        # count too)
        bot = g.bots.get(seat)
        if bot is not None and start[seat] and hasattr(bot, "observe"):
            try:
                bot.observe(h.view(seat))
            except Exception:  # a broken virtual player must not stop the console
                pass
        yield
    st = g.store
    text = None
    if st is not None:
        # the hand's PHH text (poker.phhout), cut to a record's size; empty
        # if it fails: a history is never worth a crash. poker.phhout is
        # imported for it and forgotten after: its code (5 KB on the stock
        # route) is needed once a hand
        try:
            text = h.to_phh().encode()
        except Exception:
            text = b""
        finally:
            unload("poker.phhout")
        if len(text) > MAX_SIZE - 16:  # a record's limit
            text = text[:MAX_SIZE - 16]
    yield
    if st is not None and text is not None:
        st.write(history_slot(g.seq), (b"%d\n" % g.seq, text), False)
    text = None
    yield
    # the hand explained as you saw it (its names, for LAST HAND and the
    # showdown screen): the review's slower part, before its write. Never
    # worth a crash
    try:
        h.explain(0)
    except Exception:
        pass
    yield
    if st is not None:
        # the hand's review for LAST HAND (poker.match.review_write) on
        # flash: made, written and dropped in one part (no bytes kept
        # between parts). Never worth a crash
        try:
            import json

            from poker.match import review_write

            st.write(review_slot(g.seq), json.dumps(review_write.record(h, g.seq, g.code)).encode(), False)
        except Exception:
            pass
        finally:
            unload("poker.match.review_write")
    yield
    g.unbooked = None
    g._save()
    g.journal.close()


def _record_stats(g, h, start, end):
    if g.humans > 1:  # pass and play: each human's own (named as text: a one-human game interns none of it)
        load("poker.match.friends").book(g, h, start, end)
        return
    pot = 0
    won = False
    for amount, winners in h.pots:
        pot += amount
        if 0 in winners:
            won = True
    variant = g.variant
    try:
        best, own, board = handname.best_hand(h.view(0), variant)
    except Exception:  # a statistic is never worth a crash
        best, own, board = 0, (), ()
    # the hand's name only for a new best (finding its five allocates)
    net = end[0] - start[0] if g.tour is None else 0  # (a tournament's chips are not money)
    g.stats.record_hand(g.code, net, won, pot, best,
                        lambda: best_text(best, own, board, variant))  # pyright: ignore[reportArgumentType]  (a str or a function giving one)


def best_text(value, own, board, variant):
    try:
        return handname.best_hand_text(value, own, board, variant)
    except Exception:  # a statistic is never worth a crash
        return ""

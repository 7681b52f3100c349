"""Which way poker.odds.equity went (it keeps no record of its calls), from
stand-ins of its three ways: the exact walk of every deal (exact.walk), one
deal at a time (montecarlo.parts) and in batches (sampler.parts). Portable.

    how, undo = spy()            # spy(exact_walk=False): that walk left as it is
    equity.view_equity(...)
    how["way"], how["deals"]     # 'exact', 'sampled' or 'batch'; the deals
    undo()                       # the three ways back
"""


def spy(exact_walk=True):
    from poker.odds import montecarlo, sampler

    how = {"way": None, "deals": 0}
    sampled, batch = montecarlo.parts, sampler.parts
    walk = None
    if exact_walk:  # (not imported otherwise: the 64-bit port's heap is tight)
        from poker.odds import exact

        walk = exact.walk

    def spy_walk(t):
        got = walk(t)
        how["way"] = "exact" if got is not None else None
        how["deals"] = got[1] if got is not None else 0
        return got

    def spy_sampled(*a):
        got = yield from sampled(*a)
        how["way"] = "sampled"
        how["deals"] = got[1]
        return got

    def spy_batch(*a):
        got = yield from batch(*a)
        if got is not None:  # (None: the batch declined, one deal at a time follows)
            how["way"] = "batch"
            how["deals"] = got[1]
        return got

    def undo():
        montecarlo.parts, sampler.parts = sampled, batch
        if walk is not None:
            exact.walk = walk
    montecarlo.parts, sampler.parts = spy_sampled, spy_batch
    if walk is not None:
        exact.walk = spy_walk
    return how, undo

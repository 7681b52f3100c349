"""The review of a finished hand made for flash (its format:
poker.match.review, which LAST HAND reads with). The booking imports this
module for one write (poker.match.game) and unloads it after: the making is
not in the heap while LAST HAND reads, nor between hands.
"""
from poker.match.record import REVIEW_VERSION
from poker.variants import DEAL_UP


def _streets(h, seat):
    """[name, board dealt, [[s, up dealt]...], [[s, kind, chips, total]...]]
    per street dealt."""
    v = h.variant
    out = []
    board = list(h.board)
    nb = 0
    off = 0
    for k in range(v.streets):
        deal = v.deals[k].encode()  # (its letters as ints: variants.DEAL_UP)
        ups = []
        dealt = False
        for s in range(h.n):
            cs = h.hole[s]
            if len(cs) <= off:
                continue
            dealt = True
            up = [cs[off + i] for i in range(len(deal)) if off + i < len(cs) and deal[i] == DEAL_UP]
            if up:
                ups.append([s, up])
        bk = v.board[k] if k < len(v.board) else 0
        b = board[nb:nb + bk]
        if k == v.streets - 1 and nb + bk < len(board):  # a stud community card
            b = board[nb:]
        nb += bk
        off += len(deal)
        acts = []
        tot = [0] * h.n
        if k == 0:
            for s in range(h.n):
                tot[s] = h.blinds[s]
        for a in h.actions:
            if a[0] == k:
                tot[a[1]] += a[3]
                acts.append([a[1], a[2], a[3], tot[a[1]]])
        if not (dealt or b or acts):
            break
        out.append([v.street_names[k], b, ups, acts])
    return out


def record(h, seq, code, seat=0):
    """The record of finished Hand ``h`` (hand number ``seq``, game
    ``code``) as ``seat`` saw it; explains the hand first (for that seat)."""
    h.explain(seat)
    # (tuples as they are: JSON writes them as lists; a copy walking down
    # their nesting would recurse, on a C stack of 8 KB: docs/device.md)
    end = {
        "pot": h.pot(), "board": list(h.board), "awards": h.awards, "plays": h.plays,
        "names": h.names, "shown": h.shown, "mucked": list(h.mucked),
        "folded": list(h.folded), "stacks": list(h.stacks), "winnings": list(h.winnings),
    }
    return {"v": REVIEW_VERSION, "seq": seq, "game": code, "seats": h.n, "dealer": h.dealer, "seat": seat,
            "own": list(h.hole[seat]), "streets": _streets(h, seat), "end": end}

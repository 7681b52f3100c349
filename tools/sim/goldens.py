"""Golden screenshots of every screen of the console, from scripted runs.

    python tools/sim/goldens.py                 # (re)writes host_tests/golden/*.png
    python tools/sim/goldens.py --check         # compares, prints differences
    micropython -X heapsize=1m tools/sim/goldens.py --raw DIR
                                                # the same frames, raw bytes

Each scene drives the real App (ui.app) through tools/sim/ui_rig.py: a
simulated clock, key presses, fixed virtual players (they check and call,
so the run does not depend on poker.players) and a seeded deal, then takes
the frame. Under the MicroPython unix port the frames come from its own
framebuf; host_tests/test_ui_golden.py checks that both ports give the same
pixels and that they match the PNGs. Regenerate them after a deliberate
change of a screen (or of the dealing of poker.hand, which changes the
cards shown). The README's pictures: tools/sim/gallery.py.
"""
import sys

from paths import ROOT
from ui import keys
from ui_rig import Folder, Raiser, Rig, Station, call_down, impossible_rig, showdown_where, stud_rig, to_showdown

GOLDEN = ROOT + "/host_tests/golden"
DEBUG = "--debug" in sys.argv


def _menu(rig, item):
    menu = rig.app.screen
    while menu.items[menu.sel] != item:
        rig.press(keys.DOWN)


def _street(k):
    return lambda r: r.app.game.view(0).street >= k


def power_on():
    return Rig()


def menu():
    rig = Rig()
    rig.press(keys.A)
    return rig


def menu_casino():
    rig = Rig()
    rig.press(keys.A)
    _menu(rig, "RULES")
    rig.press(keys.RIGHT)
    _menu(rig, "PLAYERS")
    rig.press(keys.RIGHT)
    return rig


def _table(settings, seed, street, coach=False):
    s = dict(settings)
    s["coach"] = coach
    rig = Rig(seed=seed, settings=s)
    rig.new_game()
    call_down(rig, _street(street))
    rig.run(1000)  # the coach's hint settles
    return rig


def table_stud():
    return _table({"game": "F7S"}, 21, 3, coach=True)


def table_five_stud():
    return _table({"game": "F5S"}, 22, 2)


def table_holdem():
    return _table({"game": "FT"}, 23, 1, coach=True)


def table_stud_hilo():
    return _table({"profile": "casino", "game": "F7S/8", "players": 5}, 30, 4, coach=True)


def table_razz():
    return _table({"profile": "casino", "game": "FR", "players": 4}, 31, 2)


def table_omaha():
    return _table({"game": "FO"}, 24, 2)


def table_casino_stud8():
    return _table({"profile": "casino", "game": "F7S", "players": 8}, 25, 3)


def table_casino_holdem10():
    return _table({"profile": "casino", "game": "FT", "players": 10}, 26, 1)


def table_dead_cards():
    # eight seats of casino stud: seat 2 bets, seats 3, 5 and 7 fold to it
    # on 4th street; their up cards stay readable, dotted as dead
    def players(seat, settings, rng):
        if seat == 1:
            from ui_rig import Bettor

            return Bettor()
        return Folder() if seat in (2, 4, 6) else Station()
    rig = Rig(seed=25, settings={"profile": "casino", "game": "F7S", "players": 8}, players=players)
    rig.new_game()
    call_down(rig, _street(2))
    return rig


def table_list():
    rig = _table({"profile": "casino", "game": "F7S", "players": 8}, 25, 3)
    rig.press(keys.UP)
    return rig


def waiting():
    rig = Rig(seed=27, settings={"game": "F7S"})
    rig.new_game()
    call_down(rig, _street(1))
    rig.press(keys.A)  # call or check; then the others are to act
    return rig


def fold_confirm():
    rig = Rig(seed=5)
    rig.new_game()
    call_down(rig, lambda r: "check" in [k for k, _ in r.app.screen.view.legal])
    rig.press(keys.B)
    rig.press(keys.A)
    return rig


def _call_against_four_up(mine):
    """impossible_rig's table, where you call with ``mine``."""
    rig = impossible_rig(mine)
    t = rig.app.screen
    t.sel = [k for k, _ in t.options].index("call")
    rig.press(keys.A)
    return rig


def impossible_call():
    return _call_against_four_up("2c 3d 5h 7s 9c Jd 4h")


def showdown():
    rig = _call_against_four_up("2c 3h 5h 7h 9h Jd Ah")
    rig.until(lambda: rig.screen() == "Showdown", 20000)
    return rig


_HILO = {"profile": "casino", "game": "F7S/8", "players": 5}


def _awarded(v):
    return set(s for a in v.awards for s, _ in a[3])


def showdown_quartered():
    # hi/lo: one high winner, the low half split between two seats
    return showdown_where(lambda v: any(a[1] == "low" and len(a[3]) > 1 for a in v.awards), 2, _HILO)


def showdown_scoop():
    return showdown_where(lambda v: any(a[1] == "low" for a in v.awards) and len(_awarded(v)) == 1, 1, _HILO)


def showdown_side_pots():
    def players(seat, settings, rng):
        return Raiser() if seat == 1 else Station()
    return showdown_where(lambda v: len(set(a[0] for a in v.awards)) > 1, 1,
                          {"profile": "casino", "game": "F7S", "players": 4, "chips": 1000, "stakes": 3},
                          players, stacks=[1400, 1400, 600, 600], hands=1)


def showdown_kicker():
    return showdown_where(lambda v: any(", " in a[4] for a in v.awards), 1, {"game": "FT"})


def showdown_muck():
    return showdown_where(lambda v: sum(v.mucked) >= 2, 1, {"game": "FT"})


def hand_over_holdem():
    rig = Rig(seed=3, settings={"game": "FT"}, players=lambda s, st, r: Folder())
    rig.new_game()
    call_down(rig, lambda r: len(r.app.screen.view.board) >= 3)
    t = rig.app.screen
    t.sel = [k for k, _ in t.options].index("bet")
    rig.press(keys.A)
    rig.until(lambda: rig.screen() == "Showdown", 20000)
    return rig


def _my_turn_menu(seed=11):
    rig = Rig(seed=seed)
    rig.new_game()
    rig.until(rig.my_turn)
    rig.press(keys.B, keys.LONG)
    return rig


def new_game_confirm():
    rig = _my_turn_menu()
    _menu(rig, "NEW GAME")
    rig.press(keys.A)
    return rig


def settings_changed():
    rig = _my_turn_menu()
    _menu(rig, "BET")
    rig.press(keys.RIGHT)
    rig.press(keys.B)
    return rig


def menu_in_game():
    # a game runs: the menu opens on RESUME; the title keeps the stakes in play
    rig = settings_changed()
    rig.press(keys.A)  # RESUME the game in play
    rig.press(keys.B, keys.LONG)
    return rig


def _help(settings, down=0):
    rig = Rig(seed=3, settings=settings)
    rig.press(keys.A)
    _menu(rig, "HELP")
    rig.press(keys.A)
    for _ in range(down):
        rig.press(keys.DOWN)
    return rig


def help_stud():
    return _help({"game": "F7S"})


def help_hilo_low():
    # stud hi/lo, scrolled to its low rule
    return _help({"profile": "casino", "game": "F7S/8"}, 9)


def notice():
    rig = Rig(seed=13)
    rig.app.notify("game damaged: last good copy used")
    rig.press(keys.A)
    return rig


def _event(kind, seat):
    rig = Rig(seed=28)
    rig.new_game()
    rig.app.game.events.append((kind, seat))
    rig.app.after_hand()
    rig.run(100)
    return rig


def finish():
    return _event("FINISH", 2)


def game_over():
    return _event("GAME OVER", 0)


def you_win():
    return _event("WIN", 0)


def misdeal():
    return _event("MISDEAL", None)


def hand_resumed():
    return _event("RESUMED", None)


def hand_void():
    return _event("VOID", None)


def stats():
    # fixed figures (poker.match.stats), so the screen does not depend on the deals
    from poker.match.stats import Stats

    rig = Rig(seed=29, settings={"game": "F7S"})
    rig.new_game()
    st = Stats()
    st.record_hand("F7S", 240, True, 480, 4686, "two pair Kc Ks 6h 6c Qc")
    st.record_hand("F7S", -60, False, 0)
    st.record_hand("FT", 35, True, 95)
    st.record_game("F7S", True)
    st.record_left("F7S")  # a game left for a NEW GAME
    st.record_rebuy("F7S")
    rig.app.game.stats = st
    rig.press(keys.B, keys.LONG)
    _menu(rig, "STATS")
    rig.press(keys.A)
    return rig


def _store(name):
    """A store in build/ for a scene (emptied first): LAST HAND reads its
    records from flash. (os only: the unix port runs the scenes too.)"""
    import os

    from poker.match.store import Store

    path = ROOT + "/build/golden-" + name
    for p in (ROOT + "/build", path):
        try:
            os.mkdir(p)
        except OSError:
            pass
    for f in os.listdir(path):
        os.remove(path + "/" + f)
    return Store(root=path)


def waiting_hurry():
    # B while the others act: they hurry, and the bar says so
    rig = waiting()
    rig.press(keys.B, after=0)
    return rig


def waiting_hint():
    # A while the others act never acts: the bar says how to hurry them
    rig = waiting()
    rig.press(keys.A, after=0)
    return rig


def fold_strong():
    # FOLD with rolled-up kings facing a completion: asked first, BACK chosen
    rig = stud_rig(("Kc Kd Ks 2h 3h 4h 5d", "Qc 9d 2c 8h 7h 6c 5c", "Tc Th 3d 3c 4c 6d Jc", "8d 4d 9h Td Jh Qh 2d"),
                   lambda seat, st, rng: Raiser() if seat == 1 else Station())
    rig.until(rig.my_turn)
    rig.press(keys.B)
    rig.press(keys.A)
    return rig


def impossible_call_hilo():
    rig = impossible_rig("Js Jd 7h 7c Qs 9h Ts", {"profile": "casino", "game": "F7S/8", "players": 4})
    t = rig.app.screen
    t.sel = [k for k, _ in t.options].index("call")
    rig.press(keys.A)
    return rig


def _last_hand(name, pages):
    rig = Rig(seed=17, store=_store(name), settings={"game": "F7S"},
              players=lambda seat, st, rng: Raiser() if seat == 2 else Station())
    rig.new_game()
    to_showdown(rig, 3)
    for _ in range(pages):
        rig.press(keys.RIGHT)
    return rig


def last_hand_street():
    return _last_hand("last_hand_street", 3)  # the hand again: its fifth street


def last_hand_earlier():
    return _last_hand("last_hand_earlier", 7)  # the showdown of the hand before


def help_from_game():
    # 7 Card Stud in play, Razz on the menu's GAME line: A there reads Razz's rules
    rig = Rig(seed=3, settings={"profile": "casino", "game": "F7S"})
    rig.new_game()
    rig.press(keys.B, keys.LONG)
    _menu(rig, "GAME")
    while rig.app.settings.game != "FR":
        rig.press(keys.RIGHT)
    rig.press(keys.A)
    return rig


# -- a tournament (ui.tournament) ------------------------------------------------

_TOUR = {"tour": 5, "profile": "casino", "players": 4, "chips": 1000, "stakes": 2}


def menu_tournament():
    rig = Rig()
    rig.press(keys.A)
    _menu(rig, "MODE")
    rig.press(keys.A)  # TOURNAMENT: its LEVELS item joins the menu
    _menu(rig, "LEVELS")
    return rig


def table_tournament():
    # the others act: the bar says the level and the hands to the next one
    rig = Rig(seed=27, settings={"game": "F7S", "tour": 5})
    rig.new_game()
    call_down(rig, _street(1))
    rig.press(keys.A)
    return rig


def _tour_until(cond):
    """The tournament of _TOUR (you call, P2 raises) until cond(rig) on a
    banner."""
    rig = Rig(seed=8, settings=_TOUR, players=lambda seat, st, rng: Raiser() if seat == 1 else Station())
    rig.new_game()
    while not (rig.screen() == "Banner" and cond(rig)):
        if rig.my_turn():
            rig.call_or_check()
        elif not rig.past_result():
            rig.run(rig.app.pace_ms)
    return rig


def tour_level():
    return _tour_until(lambda r: r.shows("BETS NOW"))


def tour_out():
    return _tour_until(lambda r: r.shows("HAS NO CHIPS LEFT:"))


def tour_over():
    return _tour_until(lambda r: r.app.game.over and not r.app.game.events)


def stats_tournaments():
    from poker.match import tournament
    from poker.match.stats import Stats

    rig = Rig(seed=29, settings={"game": "F7S"})
    rig.new_game()
    st = Stats()
    st.record_hand("F7S", 0, True, 2400)
    for place in (3, 1, 2, 3, 0):
        tournament.record(st, "F7S", place)
    rig.app.game.stats = st
    rig.press(keys.B, keys.LONG)
    _menu(rig, "STATS")
    rig.press(keys.A)
    while rig.app.screen.pages()[rig.app.screen.page] != "TOURNAMENTS":
        rig.press(keys.RIGHT)
    return rig


# -- pass and play (ui.pass_play, ui.name_entry) ------------------------------------

_FRIENDS = {"humans": 3, "names": "ANNBOBCY    ", "game": "F7S"}


def pass_to():
    # a human's turn after another's: PASS TO, and no card
    rig = Rig(seed=31, settings=_FRIENDS)
    rig.new_game()
    first = None
    while True:
        if rig.screen() == "Pass":
            seat = rig.app.game.to_act()
            if first is not None and seat != first:
                return rig
            first = seat
            rig.press(keys.A, keys.LONG)
            rig.call_or_check()
        else:
            rig.run(rig.app.pace_ms)


def table_pass_hidden():
    # between two humans' turns, a virtual player to act: every human's
    # down cards as backs, no hand's name, no equity
    rig = Rig(seed=31, settings={"humans": 2, "players": 4, "names": "ANNBOB      ", "game": "F7S",
                                 "coach": True})
    rig.new_game()
    acted = False
    while not (acted and rig.screen() == "Table" and not rig.app.game.human_to_act()):
        if rig.screen() == "Pass":
            rig.press(keys.A, keys.LONG)
            rig.call_or_check()
            acted = True
        else:
            rig.run(rig.step_ms)
    return rig


def name_entry():
    rig = Rig(settings={"humans": 3, "names": "ANNBOBCX    "})
    rig.press(keys.A)
    _menu(rig, "NAMES")
    rig.press(keys.A)
    for k in (keys.RIGHT,) * 7 + (keys.UP,):  # CX -> CY: the cursor on its second letter
        rig.press(k)
    return rig


def stats_player():
    from poker.match import friends
    from poker.match.stats import Stats

    rig = Rig(seed=29, settings={"game": "F7S"})
    rig.new_game()
    st = Stats()
    st.record_hand("F7S", 240, True, 480)
    friends.count(st, "ANN", 300, True, 600, None)
    friends.count(st, "ANN", -40, False, 0, True)
    friends.count(st, "BOB", 0, False, 0, False)
    rig.app.game.stats = st
    rig.press(keys.B, keys.LONG)
    _menu(rig, "STATS")
    rig.press(keys.A)
    while rig.app.screen.pages()[rig.app.screen.page] != ("ANN",):
        rig.press(keys.RIGHT)
    return rig


SCENES = (
    ("power_on", power_on), ("menu", menu), ("menu_casino", menu_casino),
    ("table_stud", table_stud), ("table_five_stud", table_five_stud),
    ("table_holdem", table_holdem), ("table_omaha", table_omaha),
    ("table_stud_hilo", table_stud_hilo), ("table_razz", table_razz),
    ("table_casino_stud8", table_casino_stud8), ("table_casino_holdem10", table_casino_holdem10),
    ("table_dead_cards", table_dead_cards), ("table_list", table_list), ("waiting", waiting), ("fold_confirm", fold_confirm),
    ("impossible_call", impossible_call), ("showdown", showdown), ("finish", finish),
    ("showdown_quartered", showdown_quartered), ("showdown_scoop", showdown_scoop),
    ("showdown_side_pots", showdown_side_pots), ("showdown_kicker", showdown_kicker),
    ("showdown_muck", showdown_muck), ("hand_over_holdem", hand_over_holdem),
    ("new_game_confirm", new_game_confirm), ("settings_changed", settings_changed),
    ("menu_in_game", menu_in_game), ("notice", notice),
    ("help_stud", help_stud), ("help_hilo_low", help_hilo_low),
    ("game_over", game_over), ("you_win", you_win), ("misdeal", misdeal), ("stats", stats),
    ("hand_resumed", hand_resumed), ("hand_void", hand_void),
    ("waiting_hurry", waiting_hurry), ("waiting_hint", waiting_hint), ("fold_strong", fold_strong),
    ("impossible_call_hilo", impossible_call_hilo), ("last_hand_street", last_hand_street),
    ("last_hand_earlier", last_hand_earlier), ("help_from_game", help_from_game),
    ("menu_tournament", menu_tournament), ("table_tournament", table_tournament), ("tour_level", tour_level),
    ("tour_out", tour_out), ("tour_over", tour_over), ("stats_tournaments", stats_tournaments),
    ("pass_to", pass_to), ("table_pass_hidden", table_pass_hidden), ("name_entry", name_entry),
    ("stats_player", stats_player),
)


def frames(names=None):
    """(name, 1024 frame bytes) of each scene."""
    import gc

    for name, fn in SCENES:
        if names and name not in names:
            continue
        rig = fn()
        f = rig.frame()
        if DEBUG:
            print("scene", name, getattr(rig.app.screen, "eq", None))
        rig = None
        gc.collect()
        yield name, f


def main(argv):
    from pngout import load_png, save_png

    if "--raw" in argv:
        out = argv[argv.index("--raw") + 1]
        for name, f in frames():
            with open(out + "/" + name + ".bin", "wb") as fh:
                fh.write(f)
            print(name)
        return 0
    check = "--check" in argv
    bad = 0
    for name, f in frames():
        path = GOLDEN + "/" + name + ".png"
        if check:
            try:
                w, h, ref = load_png(path)
            except OSError:
                ref = None
            if ref is None or bytes(ref) != f:
                bad += 1
                print("DIFFERS", name)
        else:
            save_png(path, f, 128, 64)
            print("wrote", path)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

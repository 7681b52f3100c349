"""Every message fits its box: each banner, notice and
dialog the console can put up, with its variable parts at their longest,
is drawn whole (no word dropped) and inside its outline. The store's and
the board file's messages are made by the real code paths that report
them."""
from poker.match.store import Store
from ui.messages import Banner
from ui_rig import Rig

# record names the console saves, longest first matters not: all of them
_RECORDS = ("settings", "game", "hand") + tuple("hist%d" % i for i in range(8))


class _FullFs:
    """A flash whose every write fails (the error the device gives)."""

    def __init__(self, errno):
        self.errno = errno

    def open(self, path, mode):
        raise OSError(self.errno)

    def rename(self, a, b):
        raise OSError(self.errno)

    def remove(self, path):
        raise OSError(self.errno)

    def listdir(self, path):
        return []

    def mkdir(self, path):
        pass


def _store_messages(tmp_path):
    out = []
    for name in _RECORDS:
        root = str(tmp_path / ("r_" + name))
        s = Store(root)
        s.write(name, b"good")
        s.write(name, b"newer")
        with open(root + "/" + name, "wb") as f:
            f.write(b"damaged")
        s2 = Store(root)
        s2.read(name)  # the last good copy
        with open(root + "/" + name + ".bak", "wb") as f:
            f.write(b"damaged")
        with open(root + "/" + name, "wb") as f:
            f.write(b"damaged")
        s3 = Store(root)
        s3.read(name)  # no good copy: defaults
        s3.write(name, b"x" * 20000)  # too big
        for errno in (28, 5, 110, 1000):
            f = Store(root, _FullFs(errno))
            f.write(name, b"x")
            out.extend(f.pop_problems())
        out.extend(s2.pop_problems() + s3.pop_problems())
    assert len(out) == len(_RECORDS) * 7
    return out


def _board_messages(tmp_path, monkeypatch):
    import sys

    import fake_machine

    sys.modules["machine"] = fake_machine
    from hw import hardware_setup
    from ui import keys
    from board_files import BAD_BOARDS

    out = []
    for _, text, _ in BAD_BOARDS:
        fake_machine.reset_fakes()
        fake_machine.WIRED.append((4, 5))
        path = tmp_path / "board.json"
        path.write_text(text)
        monkeypatch.setattr(hardware_setup.read_board, "__defaults__", (str(path),))
        out.append(hardware_setup.setup(keys).problem)
    # the longest pin and errno texts the board can give
    out.append("board.json display: no answer (error 1234); reference board used")
    out.append("board.json display: no answer (error 1234); built-in board used")
    return out


def _fits(rig, scr):
    """Drawn whole, inside the outline: the columns and rows between the
    outline and the text stay dark."""
    assert scr.complete, scr.lines
    rig.app.changed()
    rig.run(0)
    inner = 1 if isinstance(scr, Banner) else 3  # a banner's single, a dialog's double outline
    for y in range(inner, 64 - inner):
        for x in (inner, 127 - inner):
            assert not rig.lit(x, y), (scr.lines, x, y)


def test_every_notice_banner_and_dialog_fits_its_box(tmp_path, monkeypatch):
    rig = Rig(seed=1)
    app = rig.app
    import console

    note = tmp_path / "new_storage.txt"
    note.write_text("")
    notices = _store_messages(tmp_path) + _board_messages(tmp_path, monkeypatch) + [console.new_storage(str(note))]
    n = 0
    for msg in notices:  # as the app shows them: one banner each
        app.notify(msg)
        app.menu()
        assert rig.screen() == "Banner" and rig.app.screen.word == "NOTICE"
        assert " ".join(app.screen.lines) == msg.upper()
        _fits(rig, app.screen)
        n += 1
    # the game's banners, seats and counts at their longest
    rig = Rig(seed=1)
    app = rig.app
    rig.new_game()
    g = app.game
    g.min_stack = 500
    g.hand_no = 99999
    for kind, seat in (("FINISH", 9), ("GAME OVER", 0), ("WIN", 0), ("VOID", None), ("MISDEAL", None)):
        g.events.append((kind, seat))
        app.after_hand()
        _fits(rig, app.screen)
        n += 1
    # the dialogs
    table = app._table
    table.ask_free_fold()
    _fits(rig, app.screen)
    table.ask_strong_fold("YOUR EQUITY IS 100%")  # (the longest of ui.coach.strong's words)
    _fits(rig, app.screen)
    table.view.bettor = 9  # "P10'S UP CARDS"
    table.warn_impossible_call(("call", 10))
    _fits(rig, app.screen)
    app.game.hand_no = 1
    app._menu.ask_new_game()
    _fits(rig, app.screen)
    app.settings.stakes = 3
    app._menu.resume()
    assert rig.screen() == "Confirm"
    _fits(rig, app.screen)
    assert n == len(notices) + 5


def test_a_message_too_long_for_a_line_is_wrapped_between_words():
    from ui.screen import wrap

    lines = wrap("GAME DAMAGED: LAST GOOD COPY USED", 124)
    assert lines == ["GAME DAMAGED: LAST GOOD COPY", "USED"]
    assert wrap("X" * 40, 124) == ["X" * 31, "X" * 9]

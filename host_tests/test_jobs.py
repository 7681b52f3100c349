"""poker.jobs: the scheduler of the work done later, and the kinds' private
copies (each module that names a kind has its own constant: a public name
would be one more name in the stock route's heap) held equal to its own."""
import os
import re

from poker.jobs import _AHEAD, _BOOKS, _JOURNAL, _LOADING, _THINKING, Jobs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
HOST_TESTS = os.path.join(ROOT, "host_tests")
KINDS = {"_JOURNAL": _JOURNAL, "_BOOKS": _BOOKS, "_LOADING": _LOADING, "_AHEAD": _AHEAD, "_THINKING": _THINKING}


def _parts(log, name, n):
    for i in range(n):
        log.append((name, i))
        yield


def test_the_first_kind_with_a_job_runs_a_part_a_step_in_the_kinds_order():
    jobs = Jobs()
    log = []
    jobs[_THINKING] = _parts(log, "thinking", 1)
    jobs[_BOOKS] = _parts(log, "books", 2)
    jobs[_JOURNAL] = lambda: log.append(("journal", 0))  # a job of one part: the call
    while jobs.step():
        pass
    assert log == [("journal", 0), ("books", 0), ("books", 1), ("thinking", 0)]
    assert jobs.waiting() is False and list(jobs) == [None] * 5


def test_below_leaves_the_later_kinds_and_kind_runs_only_its_own():
    jobs = Jobs()
    log = []
    jobs[_THINKING] = _parts(log, "thinking", 1)
    assert not jobs.step(None, _THINKING) and log == []
    assert jobs.waiting() and not jobs.waiting(_THINKING)
    jobs[_LOADING] = _parts(log, "loading", 3)
    jobs[_AHEAD] = _parts(log, "ahead", 1)
    jobs.run(_AHEAD)
    assert log == [("ahead", 0)] and jobs[_AHEAD] is None and jobs[_LOADING] is not None
    jobs.run()
    assert log == [("ahead", 0), ("loading", 0), ("loading", 1), ("loading", 2), ("thinking", 0)]


def test_a_part_may_put_the_next_job_of_its_kind_and_a_failing_job_goes():
    jobs = Jobs()
    log = []

    def first():
        log.append("first")
        jobs[_JOURNAL] = lambda: log.append("second")  # (a journal record that came meanwhile)

    jobs[_JOURNAL] = first
    assert jobs.step() and jobs[_JOURNAL] is not None
    assert jobs.step() and jobs[_JOURNAL] is None and log == ["first", "second"]

    def broken():
        yield
        raise ValueError("flash")

    jobs[_BOOKS] = broken()
    assert jobs.step()
    try:
        jobs.step()
        raise AssertionError("the job's error is the caller's")
    except ValueError:
        pass
    assert jobs[_BOOKS] is None


def test_every_module_that_names_a_kind_has_the_schedulers_value():
    seen = {}
    for top, dirs, files in list(os.walk(FIRMWARE)) + list(os.walk(HOST_TESTS)):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(top, f)
            with open(path) as src:
                text = src.read()
            rel = os.path.relpath(path, ROOT)
            for name, value in re.findall(r"^(_[A-Z]+) = const\((\d+)\)", text, re.M):
                if name in KINDS and not rel.endswith("jobs.py"):
                    assert int(value) == KINDS[name], (rel, name, value)
                    seen[rel] = seen.get(rel, 0) + 1
            # no public kind: a name in the heap
            assert not re.search(r"^(JOURNAL|BOOKS|LOADING|AHEAD|THINKING) = const", text, re.M), rel
    # the game, the journal's writer and the app hand out jobs; the tests of
    # the game and the app name them too
    assert set(seen) >= {os.path.join("firmware", "poker", "match", "game.py"),
                         os.path.join("firmware", "poker", "match", "journal.py"),
                         os.path.join("firmware", "ui", "app.py"), os.path.join("host_tests", "test_game.py"),
                         os.path.join("host_tests", "test_ui_app.py")}, seen

"""tools/bench/bench_levels.py: the levels against each other, and the
table of docs/players.md it writes with the command that made it."""
import io

import bench_levels
import doctable

_PAGE = "# Players\n\n<!-- table levels -->\n<!-- end table levels -->\n\nMore.\n"


def test_a_run_plays_every_pair_in_every_game():
    out = io.StringIO()
    results = bench_levels.run(1, out=out)
    assert sorted(results) == sorted((g, a, b) for a, b in bench_levels.PAIRS
                                     for g in bench_levels.GAMES)
    assert out.getvalue().count("\n") == 1 + len(results)


def test_the_docs_table_says_the_command_and_is_stamped_with_the_levels_play(tmp_path, monkeypatch):
    results = dict(((g, a, b), (10.0 + i, 3.0)) for i, (g, a, b) in enumerate(
        (g, a, b) for a, b in bench_levels.PAIRS for g in bench_levels.GAMES))
    page = tmp_path / "players.md"
    page.write_text(_PAGE)
    monkeypatch.setattr(bench_levels, "DOCS_PAGE", str(page))
    monkeypatch.setattr(bench_levels, "run", lambda deals, jobs=1: results)
    bench_levels.main(["--deals", "2000", "--docs"])
    doc = page.read_text()
    assert "`python tools/bench/bench_levels.py --deals 2000 --jobs 2 --docs`" in doc
    assert "| Hard - Normal | +10.0 [+7.0, +13.0] | +11.0 [+8.0, +14.0] |" in doc
    assert "| Hard - Easy |" in doc and "2,000 duplicate deals" in doc and doc.endswith("\n\nMore.\n")
    (name, tools, _v, _d, _b, problem), = doctable.tables(str(page))
    assert name == "levels" and problem is None
    # stamped with the players' decisions deal for deal, not their source: a
    # refactor that leaves every decision alone keeps the table current
    assert "host_tests/fixtures/decisions.txt" in tools
    assert not [t for t in tools if t.startswith("firmware/")]

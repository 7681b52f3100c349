"""The tables of figures in README and docs/ are the ones today's tools wrote
(tools/gen/doctable.py): a tool changed since it wrote its table, a table
edited by hand, or a tool that no longer names its table fails here."""
import doctable

TOOL = 'import doctable\ndoctable.write("docs/page.md", "speed", TABLE, [__file__])\n'


def _repo(tmp_path, monkeypatch, tool=TOOL):
    monkeypatch.setattr(doctable, "ROOT", str(tmp_path))
    (tmp_path / "docs").mkdir()
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "bench_speed.py").write_text(tool)
    page = tmp_path / "docs" / "page.md"
    page.write_text("# Speed\n\nWhat it means.\n\n<!-- table speed -->\n<!-- end table speed -->\n\nMore prose.\n")
    return page


def _write(tmp_path, text="| a | b |\n| --- | --- |\n| 1 | 2 |"):
    doctable.write("docs/page.md", "speed", text, [str(tmp_path / "tools" / "bench_speed.py")])


def _problems(page):
    return [t[5] for t in doctable.tables(str(page))]


def test_a_table_its_tool_wrote_is_current(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    assert _problems(page) == ["never written by its tool"]
    _write(tmp_path)
    doc = page.read_text()
    assert "| 1 | 2 |" in doc and doc.startswith("# Speed\n\nWhat it means.\n") and doc.endswith("\n\nMore prose.\n")
    assert "written by tools/bench_speed.py" in doc
    assert _problems(page) == [None]
    _write(tmp_path, "| a | b |\n| --- | --- |\n| 3 | 4 |")  # written again: replaced, not appended
    doc = page.read_text()
    assert "| 3 | 4 |" in doc and "| 1 | 2 |" not in doc and doc.count("<!-- table speed") == 1
    assert _problems(page) == [None]


def test_a_table_edited_by_hand_fails(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    _write(tmp_path)
    page.write_text(page.read_text().replace("| 1 | 2 |", "| 1 | 9 |"))
    assert _problems(page)[0].startswith("edited by hand")


def test_a_table_whose_tool_changed_since_fails(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    _write(tmp_path)
    (tmp_path / "tools" / "bench_speed.py").write_text(TOOL + "FASTER = True\n")
    assert "changed since it wrote this table" in _problems(page)[0]


TOOL_WITH_PROSE = (
    '"""Measures the speed."""\n'
    'import doctable\n'
    '\n'
    'def table():\n'
    '    """The table."""\n'
    '    return TABLE  # measured\n'
    '\n'
    'MARK = "# not a comment"\n'
    'doctable.write("docs/page.md", "speed", table(), [__file__])\n')


def test_a_docstring_or_comment_reworded_keeps_the_table_current(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch, TOOL_WITH_PROSE)
    _write(tmp_path)
    tool = tmp_path / "tools" / "bench_speed.py"
    reworded = (TOOL_WITH_PROSE.replace("Measures the speed.", "What the speed is,\nmeasured.")
                .replace('"""The table."""', '"""The table,\n    in Markdown."""  ')
                .replace("# measured", "# best of three")
                .replace("import doctable\n", "# the page writer\nimport doctable   \n\n\n"))
    tool.write_text(reworded)
    assert _problems(page) == [None]
    # code is code: the text of a string that looks like a comment, a statement
    tool.write_text(reworded.replace('"# not a comment"', '"# not a comment!"'))
    assert "changed since it wrote this table" in _problems(page)[0]
    tool.write_text(reworded.replace("    return TABLE", "    TABLE.strip()\n    return TABLE"))
    assert "changed since it wrote this table" in _problems(page)[0]


def test_a_tool_that_is_not_python_is_versioned_by_its_bytes(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    bench = tmp_path / "tools" / "bench.mjs"
    bench.write_text("let n = 1;\n")
    doctable.write("docs/page.md", "speed", "| a |\n| --- |\n| 1 |",
                   [str(tmp_path / "tools" / "bench_speed.py"), str(bench)])
    assert _problems(page) == [None]
    bench.write_text("let n = 1;  // one\n")
    assert "changed since it wrote this table" in _problems(page)[0]


def test_a_table_its_tool_no_longer_names_fails(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    _write(tmp_path)
    (tmp_path / "tools" / "bench_speed.py").write_text(TOOL.replace('"speed"', '"pace"'))
    # the tool's version changed too; the check names the first problem found
    assert _problems(page)[0] is not None


def test_a_page_without_the_markers_is_refused(tmp_path, monkeypatch):
    page = _repo(tmp_path, monkeypatch)
    page.write_text("# Speed\n")
    try:
        _write(tmp_path)
    except ValueError as e:
        assert "<!-- table speed -->" in str(e)
    else:
        raise AssertionError("no error for a page without the table's markers")


def test_every_table_in_the_docs_was_written_by_todays_tool():
    assert doctable.problems() == []

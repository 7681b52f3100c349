"""Tables of measured figures in the docs, written by the tool that measures them.

A page holds a table between two markers that a person places once::

    <!-- table device-phases: written by tools/bench/bench_device.py ... -->
    | phase | ... |
    <!-- end table device-phases -->

The measuring tool calls ``write(page, name, text, tools)``: the lines
between the markers become ``text`` and the opening marker records the
version of each tool and a digest of the table. A tool's version is a
digest of what it does: of a Python file, its code without docstrings,
comments and blank lines (so rewording one keeps the tables); of any
other file, its bytes.
``problems()`` (and ``host_tests/test_doc_tables.py``) then finds every
table that a tool of today did not write: a tool changed since its table
was made, a table edited by hand, a tool that no longer names its table.
So the figures in the docs cannot drift from the command that made them.

    python tools/gen/doctable.py          # every table: page, name, tools, state
"""
import ast
import hashlib
import io
import os
import re
import sys
import tokenize

from paths import ROOT

_OPEN = re.compile(r"<!-- table ([a-z0-9-]+): written by ([^ ]+(?: [^ ]+)*?) \(versions ([0-9a-f ]+); table ([0-9a-f]+)\); "
                   r"do not edit by hand -->")
_BARE = re.compile(r"<!-- table ([a-z0-9-]+)(?::[^>]*)? -->")
_DIGITS = 12


def _digest(data):
    return hashlib.sha256(data).hexdigest()[:_DIGITS]


def tool_version(tool):
    """The version of a tool (``tool`` relative to the repository): a digest
    of its code (a ``.py`` file) or of its bytes (any other file)."""
    with open(os.path.join(ROOT, tool), "rb") as f:
        data = f.read().replace(b"\r\n", b"\n")
    if tool.endswith(".py"):
        data = code_only(data.decode("utf-8")).encode("utf-8")
    return _digest(data)


def code_only(source):
    """Python ``source`` without its docstrings, comments, trailing spaces and
    blank lines: what stays when only the wording of the prose changes. The
    docstrings' spans come from ``ast`` and the comments from ``tokenize``, so
    a ``#`` or quotes inside a string are left alone. Source that does not
    parse is returned as it is."""
    lines = source.split("\n")
    try:
        tree = ast.parse(source)
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (SyntaxError, tokenize.TokenError, ValueError):
        return source
    cut = []  # (first line, first column, last line, end column), columns in characters
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                d = body[0]
                # ast counts columns in UTF-8 bytes
                first = len(lines[d.lineno - 1].encode("utf-8")[:d.col_offset].decode("utf-8"))
                last = len(lines[d.end_lineno - 1].encode("utf-8")[:d.end_col_offset].decode("utf-8"))
                cut.append((d.lineno, first, d.end_lineno, last))
    for t in tokens:
        if t.type == tokenize.COMMENT:
            cut.append((t.start[0], t.start[1], t.end[0], t.end[1]))
    for l0, c0, l1, c1 in sorted(cut, reverse=True):  # from the end: the columns stay true
        head = lines[l0 - 1][:c0]
        tail = lines[l1 - 1][c1:]
        lines[l0 - 1:l1] = [head + tail] + [""] * (l1 - l0)
    return "\n".join(l.rstrip() for l in lines if l.strip())


def _table_digest(text):
    return _digest(text.strip("\n").encode())


def _relative(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def write(page, name, text, tools):
    """Writes ``text`` as table ``name`` of ``page`` (a path, absolute or
    relative to the repository), stamped with the versions of ``tools``
    (paths of the source files that make it: the tool's own ``__file__``
    first). The page must already hold the table's two markers."""
    page_path = page if os.path.isabs(page) else os.path.join(ROOT, page)
    tools = [_relative(t) for t in tools]
    with open(page_path, encoding="utf-8") as f:
        doc = f.read()
    start = None
    for m in _BARE.finditer(doc):
        if m.group(1) == name:
            start = m
            break
    end_marker = "<!-- end table %s -->" % name
    end = doc.find(end_marker, start.end()) if start else -1
    if start is None or end < 0:
        raise ValueError("%s has no place for table %r: put these two lines where it goes:\n"
                         "<!-- table %s -->\n%s" % (_relative(page_path), name, name, end_marker))
    body = text.strip("\n")
    opening = "<!-- table %s: written by %s (versions %s; table %s); do not edit by hand -->" % (
        name, " ".join(tools), " ".join(tool_version(t) for t in tools), _table_digest(body))
    doc = doc[:start.start()] + opening + "\n" + body + "\n" + doc[end:]
    with open(page_path, "w", encoding="utf-8") as f:
        f.write(doc)
    return page_path


def markdown(header, rows, align=None):
    """A Markdown table from a header row and rows of cells (str() each);
    ``align``: a string of 'l'/'r' per column (default: left)."""
    align = align or "l" * len(header)
    lines = ["| " + " | ".join(header) + " |",
             "| " + " | ".join("---:" if a == "r" else "---" for a in align) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def pages():
    """README.md and every Markdown page under docs/ (and the boards' and tools' READMEs)."""
    found = [os.path.join(ROOT, "README.md")]
    for top in ("docs", "boards", "tools", "firmware"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d != "node_modules"]
            found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return [p for p in found if os.path.exists(p)]


def tables(page):
    """[(name, tools, versions, table digest, body, problem)] of one page."""
    with open(page, encoding="utf-8") as f:
        doc = f.read()
    out = []
    for m in _BARE.finditer(doc):
        name = m.group(1)
        end = doc.find("<!-- end table %s -->" % name, m.end())
        full = _OPEN.match(doc, m.start())
        if end < 0:
            out.append((name, [], [], "", "", "no end marker"))
            continue
        body = doc[m.end():end].strip("\n")
        if full is None:
            out.append((name, [], [], "", body, "never written by its tool"))
            continue
        tools = full.group(2).split(" ")
        versions = full.group(3).split(" ")
        out.append((name, tools, versions, full.group(4), body, _problem(name, tools, versions, full.group(4), body)))
    return out


def _problem(name, tools, versions, digest, body):
    if len(tools) != len(versions):
        return "a version per tool expected"
    if _table_digest(body) != digest:
        return "edited by hand since %s wrote it" % tools[0]
    for tool, version in zip(tools, versions):
        if not os.path.exists(os.path.join(ROOT, tool)):
            return "its tool %s is gone" % tool
        if tool_version(tool) != version:
            return "%s changed since it wrote this table: run it again" % tool
    with open(os.path.join(ROOT, tools[0]), encoding="utf-8") as f:
        if '"%s"' % name not in f.read():
            return "%s no longer writes a table named %r" % (tools[0], name)
    return None


def problems():
    """Every table in the docs that today's tools did not write, as text."""
    out = []
    for page in pages():
        for name, _tools, _versions, _digest_, _body, problem in tables(page):
            if problem:
                out.append("%s, table %s: %s" % (_relative(page), name, problem))
    return out


def main(argv):
    if argv:
        sys.exit(__doc__)
    bad = 0
    for page in pages():
        for name, tools, _v, _d, _b, problem in tables(page):
            bad += problem is not None
            print("%-28s %-22s %-40s %s" % (_relative(page), name, " ".join(tools) or "-", problem or "ok"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1:])

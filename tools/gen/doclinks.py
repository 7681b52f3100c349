"""Every link of the repository's Markdown pages resolves, as GitHub shows them.

    python tools/gen/doclinks.py          # each broken link: page:line, link, why

The pages: README.md and every ``.md`` file under docs/, boards/, tools/
and firmware/ that git knows (committed, or new and not ignored). A link
is a Markdown link or image (``[text](target)``, ``![alt](target)``), a
reference definition (``[label]: target``) or an HTML ``href``/``src``,
outside code spans and fenced code blocks. A relative target must be a
file or folder of the repository as a fresh clone holds it (not an
ignored file such as build/), and its ``#anchor``, in a Markdown page,
one of that page's headings under GitHub's rules (``anchors``). Links to
other sites (``https:``, ``mailto:``...) are not followed.
"""
import os
import re
import subprocess
import sys
from urllib.parse import unquote

from paths import ROOT

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_HTML_ID = re.compile(r"<a\s[^>]*\b(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.I)
_REF_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.M)
_HTML_LINK = re.compile(r"<(?:a|img)\s[^>]*\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", re.I)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def pages(root=None):
    """The Markdown pages checked: README.md and the .md files under docs/,
    boards/, tools/ and firmware/, as repository paths."""
    root = root or ROOT
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--",
                          "README.md", "docs", "boards", "tools", "firmware"],
                         cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
    return sorted(set(p for p in out if p.endswith(".md") and os.path.exists(os.path.join(root, p))))


def repo_paths(root=None):
    """Every file and folder a fresh clone holds (git's files, and new ones
    not ignored), as repository paths."""
    root = root or ROOT
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
    found = set()
    for f in files:
        if not f or not os.path.exists(os.path.join(root, f)):
            continue
        found.add(f)
        parts = f.split("/")
        for i in range(1, len(parts)):
            found.add("/".join(parts[:i]))
    return found


def _without_fences(lines):
    """The lines with those of fenced code blocks (fences included) emptied."""
    out = []
    fence = None
    for line in lines:
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            out.append("")
            continue
        if m:
            fence = m.group(1)
            out.append("")
            continue
        out.append(line)
    return out


def _blank_code(lines):
    """The lines with fenced code blocks emptied and code spans blanked
    (their length kept), so neither gives links."""
    text = "\n".join(_without_fences(lines))
    return _CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text).split("\n")


def _heading_text(raw):
    """A heading as GitHub renders its text: code spans keep their
    content, links their text, emphasis and HTML tags go."""
    t = _CODE_SPAN.sub(lambda m: m.group(2).strip(), raw)
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", t)
    t = re.sub(r"<[^>]+>", "", t)
    return t


def slug(text):
    """GitHub's anchor of a heading's text: lower case; every character but
    letters, digits, '_', '-' and spaces dropped; each space a '-'."""
    t = _heading_text(text).strip().lower()
    t = "".join(c for c in t if c.isalnum() or c in "_- ")
    return t.replace(" ", "-")


def anchors(text):
    """Every anchor of a Markdown page: its headings' (a repeated one gets
    -1, -2...) and its HTML ``name``/``id`` attributes."""
    lines = _without_fences(text.split("\n"))  # code blocks hold no headings (spans may)
    found = set()
    seen = {}
    for i, line in enumerate(lines):
        m = _ATX.match(line)
        heading = m.group(2) if m else None
        if heading is None and i > 0 and _SETEXT.match(line) and lines[i - 1].strip() \
                and not _ATX.match(lines[i - 1]) and not lines[i - 1].lstrip().startswith(("|", "-", "*", ">")):
            heading = lines[i - 1].strip()
        if heading is None:
            continue
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else "%s-%d" % (base, n))
    found.update(m.group(1) for m in _HTML_ID.finditer(text))
    return found


def _inline_targets(line):
    """The targets of the inline links and images of one line."""
    out = []
    i = 0
    while True:
        i = line.find("](", i)
        if i < 0:
            return out
        j = i + 2
        if line.startswith("<", j):
            k = line.find(">", j)
            if k < 0:
                i = j
                continue
            out.append(line[j + 1:k])
            i = k
            continue
        depth = 0
        k = j
        while k < len(line):
            c = line[k]
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0:
                    break
                depth -= 1
            elif c in " \t" and depth == 0:
                break  # a title follows
            k += 1
        out.append(line[j:k])
        i = k


def links(text):
    """[(line number, target)] of a page's links, code left out."""
    out = []
    for n, line in enumerate(_blank_code(text.split("\n")), 1):
        for target in _inline_targets(line):
            out.append((n, target))
        for m in _REF_DEF.finditer(line):
            out.append((n, m.group(1).strip("<>")))
        for m in _HTML_LINK.finditer(line):
            out.append((n, m.group(1)))
    return out


def problem(page, target, known, read_page):
    """Why ``target`` (a link of ``page``) does not resolve, or None.
    ``known``: repo_paths(); ``read_page(path)``: a page's text."""
    if not target:
        return "an empty link"
    if _SCHEME.match(target) or target.startswith("//"):
        return None  # another site
    path, _, anchor = target.partition("#")
    path = unquote(path.split("?")[0])
    anchor = unquote(anchor)
    if path:
        if path.startswith("/"):
            rel = path.lstrip("/")
        else:
            rel = os.path.normpath(os.path.join(os.path.dirname(page), path)).replace(os.sep, "/")
        rel = rel.rstrip("/")
        if rel.startswith("../") or rel == "..":
            return "outside the repository"
        if rel not in known and rel != ".":
            return "no such file or folder: %s" % rel
    else:
        rel = page
    if anchor and rel.endswith(".md"):
        if anchor.lower() not in {a.lower() for a in anchors(read_page(rel))}:
            return "no heading #%s in %s" % (anchor, rel)
    return None


def broken(root=None):
    """[(page, line, target, why)] of every link that does not resolve."""
    root = root or ROOT
    known = repo_paths(root)
    cache = {}

    def read_page(rel):
        if rel not in cache:
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                cache[rel] = f.read()
        return cache[rel]

    out = []
    for page in pages(root):
        for line, target in links(read_page(page)):
            why = problem(page, target, known, read_page)
            if why:
                out.append((page, line, target, why))
    return out


def main(argv):
    if argv:
        sys.exit(__doc__)
    bad = broken()
    for page, line, target, why in bad:
        print("%s:%d: %s: %s" % (page, line, target, why))
    print("%d broken links" % len(bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(sys.argv[1:])

"""Every link in README.md and the pages under docs/, boards/, tools/ and
firmware/ resolves: relative files and folders as a fresh clone holds them,
and #anchors as GitHub makes them from the headings (tools/gen/doclinks.py)."""
import os
import subprocess

import doclinks
import pytest
from paths import ROOT


def test_every_link_of_the_pages_resolves():
    bad = doclinks.broken()
    assert bad == [], "broken links:\n" + "\n".join("%s:%d: %s: %s" % b for b in bad)


def test_the_pages_checked_are_readme_and_the_docs():
    pages = doclinks.pages()
    assert "README.md" in pages and "docs/rules.md" in pages and "boards/STUD_PICO/README.md" in pages
    assert not [p for p in pages if "node_modules" in p]


@pytest.mark.parametrize("heading, anchor", [
    ("The virtual Pico", "the-virtual-pico"),
    ("What `make build` makes", "what-make-build-makes"),
    ("Route 2: our firmware with a ROMFS partition", "route-2-our-firmware-with-a-romfs-partition"),
    ("Hand histories (PHH)", "hand-histories-phh"),
    ("Power-on, saves & the journal", "power-on-saves--the-journal"),
    ("`poker`: the engine", "poker-the-engine"),
    ("Building your own board file", "building-your-own-board-file"),
    ("snake_case and [a link](x.md)", "snake_case-and-a-link"),
])
def test_anchors_follow_githubs_rules(heading, anchor):
    assert doclinks.slug(heading) == anchor


def test_a_repeated_heading_gets_a_number_and_code_blocks_hold_no_headings():
    text = "# Tests\n\n## Figures\n\n```\n# not a heading\n```\n\n## Figures\n\nSetext\n------\n"
    assert doclinks.anchors(text) == {"tests", "figures", "figures-1", "setext"}


def _repo(tmp_path, files):
    for path, text in files.items():
        p = tmp_path / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return str(tmp_path)


def test_a_missing_file_a_missing_heading_and_an_ignored_file_are_found(tmp_path):
    root = _repo(tmp_path, {
        ".gitignore": "/build/\n",
        "build/out.txt": "made by a build",
        "README.md": "[rules](docs/rules.md#the-deal) [gone](docs/gone.md) [bad](docs/rules.md#no-such)\n"
                     "[built](build/out.txt) [site](https://example.org/x) ![shot](docs/)\n",
        "docs/rules.md": "# Rules\n\n## The deal\n\n[back](../README.md#nothing) [self](#rules)\n"
                         "`[in code](nowhere.md)`\n\n```\n[in a block](nowhere.md)\n```\n",
        "tools/x/README.md": "[up](../../docs/rules.md) [out](../../../etc/passwd)\n",
    })
    bad = {(page, target): why for page, _line, target, why in doclinks.broken(root)}
    assert bad == {
        ("README.md", "docs/gone.md"): "no such file or folder: docs/gone.md",
        ("README.md", "docs/rules.md#no-such"): "no heading #no-such in docs/rules.md",
        ("README.md", "build/out.txt"): "no such file or folder: build/out.txt",
        ("docs/rules.md", "../README.md#nothing"): "no heading #nothing in README.md",
        ("tools/x/README.md", "../../../etc/passwd"): "outside the repository",
    }


def test_links_keep_their_line_and_skip_titles_and_code(tmp_path):
    text = 'a [x](a.md "a title") b\n`[y](b.md)`\n<img src="c.png">\n[ref]: d.md\n[p](e_(1).md)\n'
    assert doclinks.links(text) == [(1, "a.md"), (3, "c.png"), (4, "d.md"), (5, "e_(1).md")]


def test_the_index_links_every_page_of_docs():
    with open(os.path.join(ROOT, "docs", "README.md"), encoding="utf-8") as f:
        linked = {target.split("#")[0] for _line, target in doclinks.links(f.read())}
    pages = {p[len("docs/"):] for p in doclinks.pages() if p.startswith("docs/") and p.count("/") == 1}
    assert pages - {"README.md"} <= linked, "docs/README.md lacks: %s" % sorted(pages - linked - {"README.md"})

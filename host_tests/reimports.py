"""The engine's re-imports, without the file system (CPython, tests only).

The firmware forgets modules it used for a moment and imports them again
(``poker.unload``: they leave the device's heap). Under CPython each such
import looks the module up along the path, reads its compiled file and
unmarshals it: about 170 us, half the time of the power-cut sweeps
(test_store_faults.py). ``install()`` keeps each module's code object
after its first import and runs it again at the next: the module's body
still runs, as on the device; only the search and the read are saved. A
module is found again the normal way if the path it was looked up on
changed, or its file did."""
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys


class _Code(importlib.abc.Loader):
    def __init__(self, code):
        self.code = code

    def create_module(self, spec):
        return None  # (the default module)

    def exec_module(self, module):
        exec(self.code, module.__dict__)


class Reimports(importlib.abc.MetaPathFinder):
    """The code objects of the modules under ``root``, by name and the path
    they were looked up on."""

    def __init__(self, root):
        self.root = os.path.join(os.path.abspath(root), "")
        self.kept = {}  # (name, path) -> (origin, mtime ns, package folders, code)

    def find_spec(self, name, path, target=None):
        key = (name, tuple(path) if path is not None else tuple(sys.path))
        hit = self.kept.get(key)
        if hit is not None:
            origin, mtime, folders, code = hit
            try:
                if os.stat(origin).st_mtime_ns == mtime:
                    return importlib.util.spec_from_file_location(name, origin, loader=_Code(code),
                                                                  submodule_search_locations=folders)
            except OSError:
                pass
            del self.kept[key]
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if (spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader)
                or not spec.origin.startswith(self.root)):
            return spec
        code = spec.loader.get_code(name)
        self.kept[key] = (spec.origin, os.stat(spec.origin).st_mtime_ns, spec.submodule_search_locations, code)
        return importlib.util.spec_from_file_location(name, spec.origin, loader=_Code(code),
                                                      submodule_search_locations=spec.submodule_search_locations)


def install(root):
    """Puts a Reimports for ``root`` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, Reimports) for f in sys.meta_path):
        sys.meta_path.insert(0, Reimports(root))

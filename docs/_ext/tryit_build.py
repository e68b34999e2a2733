"""The engine the site's live pages run in the reader's browser, laid out for the site.

Pyodide (CPython compiled to WebAssembly) comes from the npm registry, at a pinned version whose
integrity is checked; tigeuph is built into a wheel from this checkout (a copy of its sources,
never the checkout itself) and its dependencies are PyPI's pure wheels, pinned by hash. The
standard library is cut down to what Pyodide's start-up, tigeuph and the casebook import, and
every module of it and of the wheels is compiled to bytecode by Pyodide itself under node, so
that a page never compiles Python. A lock file of our own names only our wheels, so a page asks
no other host for anything. Everything is cached under the cache folder, keyed by what it is
made from: a build with nothing new copies files, and a change to tigeuph rebuilds its wheel
only.

Nothing here needs Sphinx (the ``tryit`` extension calls :func:`build`; so can a test):

    python docs/_ext/tryit_build.py OUT [--cache DIR]

It needs ``npm`` and ``node`` (Debian: ``apt-get install -y nodejs npm``) and pip.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
HERE: Final = Path(__file__).resolve().parent
CACHE: Final = ROOT / "docs" / "_build" / ".tryit"
"""Where the downloads and the compiled files are kept between builds."""

PYODIDE: Final = "314.0.7"
INTEGRITY: Final = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+"
    "HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
"""The npm package's ``dist.integrity`` (``npm view pyodide@314.0.7 dist.integrity``)."""
RUNTIME: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The files of the npm package a module worker loads (with the standard library)."""
WHEELS: Final = (
    "attrs==26.1.0 --hash=sha256:c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    "cattrs==26.2.1 --hash=sha256:a12aaa3453dc8f633a815293179f08b7421ed18d2575c459c3c736f840beac24",
    "typing_extensions==4.16.0 "
    "--hash=sha256:481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
)
"""tigeuph's dependencies as pure wheels from PyPI, each pinned by version and hash."""

# The standard library's top-level modules and packages a page keeps: those Pyodide's start-up
# and its own packages import (its package loader needs tarfile), those tigeuph and the casebook
# import (importlib.metadata pulls in email; pictures, xml.etree; the deal, secrets and
# hashlib), and a few small helpers. A module missing here fails the browser tests, which play
# every case and a whole game.
_KEEP = """
__future__ _collections_abc _colorize _compat_pickle _opcode_metadata _py_warnings _pyodide
_sitebuiltins _ssl _strptime _sysconfigdata__emscripten_wasm32-emscripten _weakrefset abc
annotationlib argparse ast asyncio base64 bisect bz2 calendar codecs codeop collections
compression concurrent contextlib contextvars copy copyreg dataclasses datetime decimal dis
email encodings enum fnmatch fractions functools genericpath gettext glob gzip hashlib heapq
hmac html importlib inspect io ipaddress json keyword linecache locale logging lzma numbers
ntpath opcode operator os pathlib pickle platform posixpath pprint pyodide queue quopri random
re reprlib rlcompleter secrets selectors shlex shutil signal site site-packages socket ssl stat
statistics string struct subprocess sysconfig tarfile tempfile textwrap threading token
tokenize traceback types typing urllib uuid warnings weakref xml zipfile zipimport
"""
KEEP: Final = frozenset(_KEEP.split())
_CODECS = """
__init__ aliases utf_8 utf_8_sig ascii latin_1 utf_16 utf_16_le utf_16_be utf_32
raw_unicode_escape unicode_escape cp1252 cp437 idna punycode charmap
"""
CODECS: Final = frozenset(_CODECS.split())
"""The codecs kept: those start-up, zipfile (cp437 names) and a page use."""


class BuildError(Exception):
    """A step of the build failed (the message says which, and how to get what it needs)."""


def _run(command: list[str], what: str, cwd: Path | None = None) -> None:
    # SOURCE_DATE_EPOCH: a wheel's files dated alike at every build, so that the same sources
    # make the same bytes (and a browser's cache keeps them).
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}
    try:
        done = subprocess.run(
            command, cwd=cwd, capture_output=True, text=True, check=False, env=env
        )
    except FileNotFoundError:
        raise BuildError(
            f"{what}: {command[0]} is missing (Debian: apt-get install -y nodejs npm)"
        ) from None
    if done.returncode != 0:
        raise BuildError(f"{what} failed ({' '.join(command[:3])} ...):\n{done.stderr[-2000:]}")


def _digest(*parts: bytes) -> str:
    found = hashlib.sha256()
    for part in parts:
        found.update(hashlib.sha256(part).digest())
    return found.hexdigest()[:16]


def _sources() -> list[Path]:
    """The files the tigeuph wheel is built from."""
    files = [ROOT / name for name in ("pyproject.toml", "README.md", "LICENSE")]
    for path in sorted((ROOT / "src").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and ".egg-info" not in str(path):
            files.append(path)
    return files


def pyodide_package(cache: Path) -> Path:
    """The npm package of Pyodide, unpacked (its integrity checked); its folder."""
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    unpacked = cache / f"pyodide-{PYODIDE}"
    if unpacked.is_dir() and (unpacked / ".checked").exists():
        return unpacked / "package"
    cache.mkdir(parents=True, exist_ok=True)
    if not tarball.exists():
        _run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}"], "npm pack pyodide", cwd=cache)
    found = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if found != INTEGRITY:
        tarball.unlink()
        raise BuildError(f"pyodide-{PYODIDE}.tgz has integrity {found}, not {INTEGRITY}")
    shutil.rmtree(unpacked, ignore_errors=True)
    unpacked.mkdir()
    with tarfile.open(tarball) as archive:
        archive.extractall(unpacked, filter="data")
    (unpacked / ".checked").write_text(INTEGRITY)
    return unpacked / "package"


def trim_stdlib(full: Path, out: Path) -> None:
    """Pyodide's standard library *full* with only the modules of :data:`KEEP`, into *out*."""
    dst = zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9)
    with zipfile.ZipFile(full) as src, dst:
        for info in src.infolist():
            parts = info.filename.split("/")
            if parts[0].removesuffix(".py") not in KEEP:
                continue
            codec = parts[1].removesuffix(".py") if len(parts) == 2 else ""
            if parts[0] == "encodings" and codec and codec not in CODECS:
                continue
            dst.writestr(info, src.read(info), zipfile.ZIP_DEFLATED, 9)


def _compile(package: Path, pairs: list[tuple[Path, Path]]) -> None:
    """Each (source zip or wheel, out) compiled to bytecode by Pyodide under node."""
    command = ["node", str(HERE / "tryit_compile.mjs"), str(package)]
    for source, out in pairs:
        command += [str(source), str(out)]
    _run(command, "compiling to bytecode with Pyodide under node")


def base_files(cache: Path) -> Path:
    """Pyodide's runtime, its cut and compiled standard library and the compiled dependency
    wheels, in a folder of the cache named by what they are made of."""
    script = (HERE / "tryit_compile.mjs").read_bytes()
    kept = " ".join(sorted(KEEP | CODECS)).encode()
    key = _digest(INTEGRITY.encode(), kept, *map(str.encode, WHEELS), script)
    out = cache / f"base-{key}"
    if (out / ".done").exists():
        return out
    package = pyodide_package(cache)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        requirements = work / "requirements.txt"
        requirements.write_text("\n".join(WHEELS) + "\n")
        download = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:"]
        download += ["--no-deps", "--python-version", "3.14", "--platform", "any"]
        download += ["--implementation", "py", "--require-hashes", "-r", str(requirements)]
        _run([*download, "-d", str(work / "wheels")], "pip download of tigeuph's dependencies")
        trim_stdlib(package / "python_stdlib.zip", work / "stdlib.zip")
        pairs = [(work / "stdlib.zip", out / "python_stdlib.zip")]
        pairs += [(w, out / w.name) for w in sorted((work / "wheels").glob("*.whl"))]
        _compile(package, pairs)
    for name in RUNTIME:
        shutil.copy2(package / name, out / name)
    (out / "pyodide-info.json").write_text(
        json.dumps(json.loads((package / "pyodide-lock.json").read_text())["info"])
    )
    (out / ".done").write_text(key)
    return out


def tigeuph_wheel(cache: Path, base: Path) -> Path:
    """tigeuph's wheel, built from a copy of this checkout's sources and compiled; its path."""
    sources = _sources()
    named = (str(p.relative_to(ROOT)).encode() + p.read_bytes() for p in sources)
    key = _digest(base.name.encode(), *named)
    out = cache / f"tigeuph-{key}"
    done = sorted(out.glob("tigeuph-*.whl"))
    if (out / ".done").exists() and done:
        return done[0]
    for old in cache.glob("tigeuph-*"):  # the wheels of earlier sources
        shutil.rmtree(old, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "tigeuph"
        for path in sources:
            target = copy / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        built = Path(scratch) / "built"
        wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(copy)]
        _run([*wheel, "--wheel-dir", str(built)], "pip wheel of tigeuph")
        (source,) = built.glob("tigeuph-*.whl")
        _compile(pyodide_package(cache), [(source, out / source.name)])
    (out / ".done").write_text(key)
    return out / source.name


def lock(info: dict[str, object], wheels: list[Path]) -> dict[str, object]:
    """A Pyodide lock file naming only *wheels*, each with its sha256 and what it needs."""
    names = {w.name.split("-")[0].lower().replace("_", "-") for w in wheels}
    packages: dict[str, object] = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        with zipfile.ZipFile(wheel) as opened:
            meta = next(n for n in opened.namelist() if n.endswith(".dist-info/METADATA"))
            found = Parser().parsestr(opened.read(meta).decode())
            tops = {n.split("/")[0] if "/" in n else n.rsplit(".", 1)[0] for n in opened.namelist()}
        needs = set()
        for wanted in found.get_all("Requires-Dist") or []:
            requirement, _, marker = wanted.partition(";")
            dep = requirement.split("[")[0].split("<")[0].split(">")[0].split("=")[0].split("!")[0]
            dep = dep.split("~")[0].strip().lower().replace("_", "-")
            # markers: extras (an optional install) and old Pythons' backports are not needed
            if "extra" in marker or "python_version <" in marker.replace("'", '"'):
                continue
            if dep not in names:
                raise BuildError(f"{wheel.name} needs {wanted.strip()}, not among the wheels")
            needs.add(dep)
        key = name.lower().replace("_", "-")
        packages[key] = {
            "name": key,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": sorted(t for t in tops if t.isidentifier()),
            "depends": sorted(needs),
            "unvendored_tests": False,
        }
    return {"info": info, "packages": packages}


def build(out: Path, cache: Path = CACHE) -> list[Path]:
    """Lay the engine out in *out* (Pyodide's runtime, the standard library, the wheels and
    their lock file), from the cache or building what it lacks; the files written.

    Raises:
        BuildError: npm, node or pip failed, or the npm package is not what was pinned.
    """
    base = base_files(cache)
    wheel = tigeuph_wheel(cache, base)
    out.mkdir(parents=True, exist_ok=True)
    wanted = [p for p in sorted(base.iterdir()) if p.suffix in (".mjs", ".wasm", ".zip", ".whl")]
    wanted.append(wheel)
    for stale in out.iterdir():
        if stale.is_file() and stale.name not in {p.name for p in wanted} | {"pyodide-lock.json"}:
            stale.unlink()
    written = []
    for path in wanted:
        target = out / path.name
        if not target.exists() or target.read_bytes() != path.read_bytes():
            shutil.copy2(path, target)
        written.append(target)
    info = json.loads((base / "pyodide-info.json").read_text())
    locked = lock(info, [p for p in written if p.suffix == ".whl"])
    text = json.dumps(locked, indent=1) + "\n"
    target = out / "pyodide-lock.json"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    return [*written, target]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path, help="the folder to lay the engine out in")
    parser.add_argument("--cache", type=Path, default=CACHE, help=f"default {CACHE}")
    args = parser.parse_args(argv)
    try:
        files = build(args.out, args.cache)
    except BuildError as err:
        print(f"tryit_build: {err}", file=sys.stderr)
        return 1
    for path in files:
        print(f"{path.stat().st_size:>10,}  {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

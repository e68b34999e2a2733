// Compile wheels and zips of Python sources to bytecode with Pyodide itself, under node, when
// the documentation is built: the browser then imports .pyc and never compiles (a second saved
// on every page). The bytecode must be the browser's Python's (3.14), which the machine
// building the site need not have; Pyodide's own interpreter is that Python.
//
// usage: node tryit_compile.mjs PYODIDE_DIR IN OUT [IN OUT ...]
// Each IN (a .whl or .zip) is written to OUT with every X.py replaced by a sourceless X.pyc
// beside it (the layout Python imports when no source is there); other files are kept.
// -X no_debug_ranges: no column positions in the code objects (tracebacks keep their line
// numbers), a fifth smaller. Optimize level 0: asserts and docstrings stay.
import path from "node:path";
import fs from "node:fs";

const [, , dir, ...pairs] = process.argv;
if (!dir || pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node tryit_compile.mjs PYODIDE_DIR IN OUT [IN OUT ...]");
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(dir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(dir) + "/", args: ["-X", "no_debug_ranges"] });
py.runPython(`
import importlib.util, io, marshal, zipfile
def recompile(data):
    src = zipfile.ZipFile(io.BytesIO(bytes(data)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename.endswith(".py") and "/__pycache__/" not in info.filename:
                code = compile(body, info.filename, "exec", dont_inherit=True, optimize=0)
                # flags 0 (a timestamp pyc), mtime and size 0: never compared, there is no source
                header = importlib.util.MAGIC_NUMBER + bytes(12)
                compiled = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                compiled.compress_type = zipfile.ZIP_DEFLATED
                dst.writestr(compiled, header + marshal.dumps(code))
            else:
                dst.writestr(info, body)
    return out.getvalue()
`);
const recompile = py.globals.get("recompile");
for (let i = 0; i < pairs.length; i += 2) {
  const result = recompile(new Uint8Array(fs.readFileSync(pairs[i])));
  fs.writeFileSync(pairs[i + 1], result.toJs());
  result.destroy();
}

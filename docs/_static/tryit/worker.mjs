// The engine in a Web Worker: Pyodide from this site's own files (runtime/, laid out when the
// documentation is built), tigeuph and its dependencies from our own lock file, nothing from
// any other host. Messages in: {id, call, args}; out: {id, ok, result | error, ms}, where a
// call's result is tigeuph.web.handle's JSON answer, passed on as text.
import { loadPyodide } from "./runtime/pyodide.mjs";

const runtime = new URL("./runtime/", import.meta.url).href;
const WANTED = ["attrs", "cattrs", "typing-extensions", "tigeuph"];
let web = null;

async function boot() {
  const started = performance.now();
  const py = await loadPyodide({
    indexURL: runtime,
    stdLibURL: runtime + "python_stdlib.zip",
    lockFileURL: runtime + "pyodide-lock.json",
    packageBaseUrl: runtime,
    packages: ["tigeuph"], // the wheels download while the interpreter starts
  });
  // A wheel that fails to install is only logged by Pyodide, never thrown: look.
  const missing = WANTED.filter((name) => !(name in py.loadedPackages));
  if (missing.length) throw new Error(`not installed: ${missing.join(", ")}`);
  const loaded = performance.now();
  web = py.pyimport("tigeuph.web");
  web.warm(); // the imports a first click would wait for
  const python = py.runPython("import sys; sys.version.split()[0]");
  const fetched = performance.getEntriesByType("resource");
  return {
    python,
    pyodide: py.version,
    load_ms: Math.round(loaded - started),
    warm_ms: Math.round(performance.now() - loaded),
    bytes: fetched.reduce((n, e) => n + (e.transferSize || 0), 0),
    origins: [...new Set(fetched.map((e) => new URL(e.name).origin))],
  };
}

self.onmessage = async ({ data }) => {
  const { id, call, args } = data;
  const started = performance.now();
  try {
    let result;
    if (call === "boot") result = JSON.stringify({ ok: true, result: await boot() });
    else if (!web) throw new Error("the engine has not started");
    else result = web.handle(JSON.stringify({ call, args: args || {} }));
    postMessage({ id, ok: true, result, ms: performance.now() - started });
  } catch (err) {
    postMessage({ id, ok: false, error: String(err && err.message ? err.message : err), ms: performance.now() - started });
  }
};

// The page's side of the engine: one Web Worker a page (worker.mjs), started on first need,
// and call(name, args) → the result of tigeuph.web's call of that name, or an Error with the
// engine's words. Pyodide does not report every failure (a refused WebAssembly compile, a
// wrong MIME type): it can hang, so the start has its own time limit.

const START_LIMIT_MS = 120000;
let worker = null;
let starting = null;
let next = 1;
const waiting = new Map();

function fail(message) {
  for (const { reject } of waiting.values()) reject(new Error(message));
  waiting.clear();
}

function post(call, args) {
  return new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, call, args });
  });
}

// Start the engine once; resolves with what it says of itself ({python, pyodide, load_ms, ...}).
export function start() {
  if (starting) return starting;
  starting = new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      reject(new Error(`no answer in ${START_LIMIT_MS / 1000} s`));
      if (worker) worker.terminate();
    }, START_LIMIT_MS);
    try {
      worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    } catch (err) {
      clearTimeout(limit);
      reject(err);
      return;
    }
    worker.onmessage = ({ data }) => {
      const found = waiting.get(data.id);
      if (!found) return;
      waiting.delete(data.id);
      if (!data.ok) { found.reject(new Error(data.error)); return; }
      const answer = JSON.parse(data.result);
      if (!answer.ok) { found.reject(new Error(answer.error)); return; }
      if (answer.result && typeof answer.result === "object") answer.result.ms = data.ms;
      found.resolve(answer.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || "the engine's worker could not be loaded");
    };
    post("boot", {}).then(
      (info) => { clearTimeout(limit); resolve(info); },
      (err) => { clearTimeout(limit); reject(err); },
    );
  });
  return starting;
}

// One call of tigeuph.web (after start()).
export async function call(name, args = {}) {
  await start();
  return post(name, args);
}

// Elements, as board.js makes them: el("p", {class: "x", onclick: f}, "text", child).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

// An SVG picture of the engine's, parsed, its cells made clickable when *grid* gives them:
// onCell(name) for each cell in *cells* (a Map of cell name → anything), others inert.
export function drawn(picture, grid = null, cells = new Map(), onCell = null) {
  const parsed = new DOMParser().parseFromString(picture, "image/svg+xml").documentElement;
  if (parsed.localName !== "svg") return el("p", {}, "(no picture)");
  const svg = document.importNode(parsed, true);
  // The theme styles code blocks as .highlight {width: 100%}, which an SVG rect obeys.
  for (const node of svg.querySelectorAll(".highlight")) node.classList.replace("highlight", "board-highlight");
  if (!grid || !onCell) return svg;
  const { rows, cols, square, margin, columns } = grid;
  const hits = document.createElementNS(SVG, "g");
  hits.setAttribute("class", "hits");
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const name = columns[col] + (row + 1);
      const rect = document.createElementNS(SVG, "rect");
      for (const [k, v] of Object.entries({
        x: margin + col * square, y: margin + row * square, width: square, height: square,
      })) rect.setAttribute(k, v);
      rect.setAttribute("data-cell", name);
      const legal = cells.has(name);
      rect.setAttribute("class", legal ? "hit legal" : "hit");
      if (legal) {
        const title = document.createElementNS(SVG, "title");
        title.textContent = cells.get(name);
        rect.append(title);
        rect.addEventListener("click", () => onCell(name));
      }
      hits.append(rect);
    }
  }
  svg.append(hits);
  return svg;
}

// The "try it" panel of a casebook page (docs/live.rst): the case's position and its own lines
// in two boxes, played by the engine in this page (engine.mjs) when the panel comes into view
// and at every Run. Each state is drawn, each action explained, each check marked passed or
// failed; the last board's legal actions can be tried, each explained, and added to the case.
// The address carries an edited case in its fragment (#try=...), so a version can be linked.
import { start, call, el, drawn } from "./engine.mjs";

const PREFIX = "#try=";

function base64url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

// {p: position, l: lines} as a fragment: deflated where the browser can, plain otherwise.
export async function pack(version) {
  const bytes = new TextEncoder().encode(JSON.stringify(version));
  if (typeof CompressionStream === "function") {
    return PREFIX + "d." + base64url(await through(bytes, new CompressionStream("deflate-raw")));
  }
  return PREFIX + "j." + base64url(bytes);
}

export async function unpack(fragment) {
  if (!fragment.startsWith(PREFIX)) return null;
  const [kind, data] = fragment.slice(PREFIX.length).split(".", 2);
  let bytes = unbase64url(data || "");
  if (kind === "d") bytes = await through(bytes, new DecompressionStream("deflate-raw"));
  else if (kind !== "j") throw new Error("not a link to a version of this case");
  const version = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof version.p !== "string" || typeof version.l !== "string") throw new Error("not a case");
  return version;
}

const MARK = { true: "✓", false: "✗" };

class Panel {
  constructor(section) {
    this.section = section;
    this.position = section.querySelector("textarea.tryit-position");
    this.lines = section.querySelector("textarea.tryit-lines");
    this.status = section.querySelector(".tryit-status");
    this.original = { p: this.position.value, l: this.lines.value };
    this.runs = 0;
    this.runButton = el("button", { type: "button", class: "tryit-run", onclick: () => this.run() }, "Run");
    this.resetButton = el("button", { type: "button", class: "tryit-reset secondary", onclick: () => this.reset() }, "Back to the case");
    this.link = el("a", { class: "tryit-link", href: "#", title: "this page's address with your version of the case" }, "Link to this version");
    this.link.addEventListener("click", (event) => this.share(event));
    this.verdict = el("p", { class: "tryit-verdict", role: "status", "aria-live": "polite" });
    this.results = el("ol", { class: "tryit-steps" });
    this.tryout = el("div", { class: "tryit-try" });
    section.querySelector(".tryit-edit").after(
      el("div", { class: "tryit-buttons" }, this.runButton, this.resetButton, this.link),
    );
    this.status.after(this.verdict, this.results, this.tryout);
    this.setState("idle");
    for (const box of [this.position, this.lines]) {
      box.addEventListener("focus", () => this.boot(), { once: true });
      box.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); this.run(); }
      });
    }
    window.addEventListener("hashchange", () => this.fromAddress(true));
    if (location.hash.startsWith(PREFIX)) this.fromAddress(false);
    else if ("IntersectionObserver" in window) {
      const seen = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) { seen.disconnect(); this.boot(); }
      }, { rootMargin: "400px" });
      seen.observe(section);
    } else this.boot();
  }

  setState(state) {
    this.section.dataset.state = state;
    this.runButton.disabled = state === "booting" || state === "running" || state === "broken";
  }

  say(text, kind = "") {
    this.status.textContent = text;
    this.status.className = `tryit-status ${kind}`.trim();
  }

  boot() {
    if (this.booting) return this.booting;
    this.setState("booting");
    this.say("Starting the engine (Pyodide, once per page)…", "busy");
    this.booting = start().then(
      (info) => {
        this.section.dataset.engine = JSON.stringify(info);
        this.say(`The engine is ready: Python ${info.python} in this page (Pyodide ${info.pyodide}), started in ${((info.load_ms + info.warm_ms) / 1000).toFixed(1)} s.`);
        this.setState("ready");
        return this.run();
      },
      (err) => {
        this.setState("broken");
        this.say(`The engine could not start: ${err.message}. It needs a recent browser (WebAssembly, module workers) and the site served over HTTP, not opened as files.`, "error");
      },
    );
    return this.booting;
  }

  async fromAddress(run) {
    try {
      const version = await unpack(location.hash);
      if (!version) return;
      this.position.value = version.p;
      this.lines.value = version.l;
      this.section.scrollIntoView({ block: "start" });
    } catch (err) {
      this.say(`The link's version of the case cannot be read (${err.message}): here is the case itself.`, "error");
    }
    if (run && this.section.dataset.state !== "idle") this.run();
    else this.boot();
  }

  edited() {
    return this.position.value !== this.original.p || this.lines.value !== this.original.l;
  }

  async remember() {
    const address = location.pathname + location.search;
    const fragment = this.edited() ? await pack({ p: this.position.value, l: this.lines.value }) : "";
    history.replaceState(null, "", address + fragment);
    this.link.href = address + (fragment || "#");
  }

  async share(event) {
    event.preventDefault();
    await this.remember();
    const address = location.href;
    try {
      await navigator.clipboard.writeText(address);
      this.say("The link to this version is in the clipboard (and in the address bar).");
    } catch {
      this.say("The address bar now holds the link to this version.");
    }
  }

  reset() {
    this.position.value = this.original.p;
    this.lines.value = this.original.l;
    this.run();
  }

  async run() {
    if (this.section.dataset.state === "idle") { await this.boot(); return; }
    if (this.section.dataset.state === "booting" || this.section.dataset.state === "broken") return;
    this.setState("running");
    this.verdict.textContent = "Running…";
    this.verdict.className = "tryit-verdict busy";
    let shown;
    try {
      shown = await call("run", { position: this.position.value, lines: this.lines.value });
    } catch (err) {
      shown = { verdict: "error", problem: err.message, states: [], board: null };
    }
    this.show(shown);
    this.runs += 1;
    // ms since the page's navigation began, for benchmarks/browser_budgets.py
    if (this.runs === 1) this.section.dataset.firstRunAt = String(Math.round(performance.now()));
    this.section.dataset.runs = String(this.runs);
    this.section.dataset.verdict = shown.verdict;
    this.setState("done");
    this.remember();
  }

  show(shown) {
    const checks = shown.passed + shown.failed;
    const time = shown.ms !== undefined ? ` · played in ${Math.round(shown.ms)} ms` : "";
    const words = {
      passed: `All ${checks} check${checks === 1 ? "" : "s"} passed${time}`,
      failed: `${shown.failed} of ${checks} checks failed${time}`,
      error: `The case cannot be played: ${shown.problem}`,
    }[shown.verdict];
    this.verdict.textContent = `${shown.verdict === "passed" ? MARK.true : MARK.false} ${words}`;
    this.verdict.className = `tryit-verdict ${shown.verdict}`;
    this.results.replaceChildren(...shown.states.map((state, n) => this.state(state, n)));
    this.tryout.replaceChildren();
    if (shown.board) this.board(shown.board, shown.states[shown.states.length - 1]);
  }

  state(state, n) {
    const { step } = state;
    const words = [];
    if (!step) words.push(el("h4", {}, "The position"));
    else {
      words.push(el("h4", {}, `${step.number}. `, el("code", {}, step.action), `, by ${step.who}`));
      words.push(el("p", { class: "tryit-explain" }, step.explain));
      if (step.refused) words.push(el("p", { class: "tryit-told" }, "Refused: the position stays as it was."));
      else if (step.told.length) words.push(el("p", { class: "tryit-told" }, "What happened: ", step.told.join(" ")));
    }
    if (state.checks.length) {
      words.push(el("ul", { class: "tryit-checks" }, state.checks.map((check) => el(
        "li", { class: `check ${check.ok ? "pass" : "fail"}`, "data-kind": check.kind },
        el("span", { class: "mark", "aria-label": check.ok ? "passed" : "failed" }, MARK[check.ok]), " ",
        el("code", {}, `${check.kind}: ${check.line}`),
        check.ok ? "" : el("span", { class: "why" }, ` — ${check.failure}`),
      ))));
    }
    const picture = el("figure", { class: "tryit-picture", title: "click to enlarge" }, drawn(state.picture));
    picture.addEventListener("click", () => picture.classList.toggle("large"));
    return el("li", { class: "tryit-state", "data-step": String(n) }, picture, el("div", { class: "tryit-words" }, words));
  }

  board(board, last) {
    const moves = board.moves;
    if (!moves.length) {
      this.tryout.append(el("p", {}, board.over ? "The game is over: no action is legal." : "No action is legal here."));
      return;
    }
    const cells = new Map();
    for (const move of moves) {
      if (move.cell) cells.set(move.cell, [cells.get(move.cell), `${move.label} (${move.action})`].filter(Boolean).join("\n"));
    }
    const select = el("select", { class: "tryit-moves", size: "8", "aria-label": "legal actions" });
    const explain = el("p", { class: "tryit-explain", role: "status" }, "Pick an action to see what it would do.");
    const play = el("button", { type: "button", class: "tryit-play", disabled: true }, "Play it");
    const all = el("button", { type: "button", class: "tryit-all secondary", hidden: true }, "Every legal action");
    const fill = (list) => {
      select.replaceChildren(...list.map((m) => el("option", { value: m.action },
        m.label === m.action ? m.action : `${m.label} (${m.action})`)));
    };
    const pick = async () => {
      const action = select.value;
      play.disabled = !action;
      if (!action) return;
      try {
        const tried = await call("try", { action });
        explain.textContent = tried.explain;
      } catch (err) { explain.textContent = err.message; }
    };
    const onCell = (name) => {
      fill(moves.filter((m) => m.cell === name));
      all.hidden = false;
      select.selectedIndex = 0;
      pick();
      select.focus();
    };
    select.addEventListener("change", pick);
    all.addEventListener("click", () => { fill(moves); all.hidden = true; explain.textContent = "Pick an action to see what it would do."; play.disabled = true; });
    play.addEventListener("click", async () => {
      const added = await call("extend", { position: this.position.value, lines: this.lines.value, action: select.value });
      this.lines.value = added.lines;
      this.run();
    });
    fill(moves);
    const who = board.to_move ? `, ${board.to_move} to decide` : "";
    const hint = board.grid ? "click a highlighted cell, or pick from the list" : "pick from the list";
    this.tryout.append(
      el("h4", {}, `Try an action on the last position${who}: ${hint}.`),
      el("div", { class: "tryit-trial" },
        el("figure", { class: "tryit-board" }, drawn(last.picture, board.grid, cells, onCell)),
        el("div", { class: "tryit-chooser" }, select, explain, el("div", { class: "tryit-buttons" }, play, all))),
    );
  }
}

const section = document.querySelector("section.tryit");
if (section) section.panel = new Panel(section);

// The board that needs no server (docs/play.rst): a person against the random, greedy or search
// players, every move computed by the engine in this page's worker (engine.mjs), so the page
// never freezes while a player thinks. The person sees what his seat may see: the picture of his
// view, what happened since his last decision, his legal actions (a cell of the board, the
// list, or typed notation); hint, explain and undo answer as the terminal game's commands; the
// record downloads as text that tigeuph replay and tigeuph verify read. Under the picture, a box
// for each aid the game's pictures draw (tigeuph.web's games list them), the ones ticked kept in
// localStorage per game, as the server's board keeps them.
import { start, call, el, drawn } from "./engine.mjs";

const PLAYERS = [
  ["greedy", "greedy: the best action by the game's evaluation"],
  ["random", "random: any legal action"],
  ["mcts", "search: 300 iterations of Monte Carlo tree search"],
  ["mcts:iterations=1000", "stronger search: 1000 iterations"],
];
const PACES = [["300", "one every 0.3 s"], ["0", "as fast as they come"]];

const aidsKey = (game) => `tigeuph-aids:${game}`;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function keptAids(game) {
  try {
    const kept = JSON.parse(localStorage.getItem(aidsKey(game)) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return []; // no storage, or not ours: none
  }
}

class Board {
  constructor(root) {
    this.root = root;
    this.status = el("p", { class: "tryit-status busy", role: "status" }, "Starting the engine (Pyodide, once per page)…");
    this.setup = el("form", { class: "tboard-setup" });
    this.game = el("div", { class: "tboard-game", hidden: true });
    root.replaceChildren(this.status, el("fieldset", {}, el("legend", {}, "A new game"), this.setup), this.game);
    root.dataset.state = "booting";
    start().then(
      (info) => this.ready(info),
      (err) => {
        root.dataset.state = "broken";
        this.status.className = "tryit-status error";
        this.status.textContent = `The engine could not start: ${err.message}. It needs a recent browser (WebAssembly, module workers) and the site served over HTTP, not opened as files.`;
      },
    );
  }

  async ready(info) {
    this.games = await call("games");
    this.status.className = "tryit-status";
    this.status.textContent = `The engine is ready: Python ${info.python} in this page (Pyodide ${info.pyodide}).`;
    this.root.dataset.engine = JSON.stringify(info);
    this.buildSetup();
    this.root.dataset.state = "setup";
  }

  // --- the form of a new game -----------------------------------------------------------------

  buildSetup() {
    const gameSelect = el("select", { name: "game", class: "tboard-game-name" },
      this.games.map((g) => el("option", { value: g.name }, g.title)));
    const players = el("select", { name: "players", class: "tboard-players" });
    const seat = el("select", { name: "seat", class: "tboard-seat" });
    const others = el("div", { class: "tboard-others tboard-setup" });
    const rules = el("div", { class: "tboard-rules tboard-setup" });
    const pace = el("select", { name: "pace", class: "tboard-pace" }, PACES.map(([v, t]) => el("option", { value: v }, t)));
    const seed = el("input", { type: "text", name: "seed", class: "tboard-seed", placeholder: "fresh", size: "12", inputmode: "numeric" });
    const chosen = () => this.games.find((g) => g.name === gameSelect.value);
    const seats = () => {
      const count = Number(players.value);
      const mine = Math.min(Number(seat.value) || 0, count - 1);
      seat.replaceChildren(...Array.from({ length: count }, (_, n) => el("option", { value: String(n), selected: n === mine }, `seat ${n}`)));
      const kept = [...others.querySelectorAll("select")].map((s) => s.value);
      others.replaceChildren(...Array.from({ length: count }, (_, n) => n).filter((n) => n !== mine).map((n, i) => el("label", {},
        `Seat ${n}`, el("select", { "data-seat": String(n), class: "tboard-player" },
          PLAYERS.map(([v, t]) => el("option", { value: v, selected: v === (kept[i] || "greedy") }, t))))));
    };
    const game = () => {
      const g = chosen();
      players.replaceChildren(...g.players.map((n) => el("option", { value: String(n), selected: n === g.default_players }, String(n))));
      rules.replaceChildren(...Object.entries(g.settings).map(([key, values]) => {
        const words = key.replace(/_/g, " ");
        const name = words[0].toUpperCase() + words.slice(1);
        if (values.every((v) => typeof v === "boolean")) {
          return el("label", { class: "switch" }, el("input", { type: "checkbox", "data-rule": key }), name);
        }
        return el("label", {}, name, el("select", { "data-rule": key }, values.map((v) => el("option", { value: v }, String(v)))));
      }));
      seats();
    };
    gameSelect.addEventListener("change", game);
    players.addEventListener("change", seats);
    seat.addEventListener("change", seats);
    this.setup.replaceChildren(
      el("label", {}, "Game", gameSelect), el("label", {}, "Players", players), el("label", {}, "You play", seat),
      others, rules, el("label", {}, "Their moves", pace), el("label", {}, "Seed", seed),
      el("button", { type: "submit", class: "tboard-deal" }, "Deal"),
    );
    game();
    this.setup.addEventListener("submit", (event) => {
      event.preventDefault();
      const count = Number(players.value);
      const specs = Array.from({ length: count }, (_, n) => n === Number(seat.value) ? "human"
        : others.querySelector(`select[data-seat="${n}"]`).value);
      const settings = {};
      for (const input of rules.querySelectorAll("[data-rule]")) {
        settings[input.dataset.rule] = input.type === "checkbox" ? input.checked : input.value;
      }
      this.pace = Number(pace.value);
      const args = { game: gameSelect.value, seats: specs, settings };
      if (seed.value.trim()) args.seed = Number(seed.value.trim());
      this.deal(args);
    });
  }

  // --- a game ---------------------------------------------------------------------------------

  async deal(args) {
    this.root.dataset.state = "playing";
    this.root.dataset.waiting = ""; // until the engine has dealt
    const offered = this.games.find((g) => g.name === args.game).aids || {};
    this.dealt = args.game;
    args.aids = keptAids(args.game).filter((name) => name in offered);
    this.buildGame();
    this.buildAids(offered, args.aids);
    await this.act(() => call("start", args));
  }

  // A box for each aid the game's pictures draw, ticked as this browser last left it.
  buildAids(offered, ticked) {
    const boxes = Object.entries(offered).map(([name, says]) => el("label", { class: "tboard-aid", title: `${capital(says)}.` },
      el("input", { type: "checkbox", "data-aid": name, checked: ticked.includes(name), onchange: () => this.aidsChanged() }),
      capital(name)));
    this.aids.replaceChildren(...boxes);
    this.aids.hidden = boxes.length === 0;
  }

  async aidsChanged() {
    const aids = [...this.aids.querySelectorAll("input[data-aid]")].filter((box) => box.checked).map((box) => box.dataset.aid);
    try { localStorage.setItem(aidsKey(this.dealt), JSON.stringify(aids)); } catch { /* storage refused: this page only */ }
    try {
      this.show(await call("aids", { aids }));
    } catch (err) {
      this.said.textContent = err.message;
    }
  }

  buildGame() {
    this.picture = el("figure", { class: "tboard-picture" });
    this.aids = el("div", { class: "tboard-aids", role: "group", "aria-label": "Aids drawn on the board", hidden: true });
    this.turn = el("p", { class: "tboard-turn", role: "status", "aria-live": "polite" });
    this.summary = el("pre", { class: "tboard-said tboard-summary" });
    this.moves = el("select", { class: "tboard-moves", size: "9", "aria-label": "your legal actions" });
    this.all = el("button", { type: "button", class: "secondary tboard-all", hidden: true, onclick: () => this.fill(this.shown.moves) }, "Every legal action");
    this.typed = el("input", { type: "text", class: "tboard-typed-action", placeholder: "or type an action (rE5, +2, >H)", "aria-label": "an action in notation" });
    this.said = el("pre", { class: "tboard-said tboard-answer", role: "status" });
    this.story = el("div", { class: "tboard-story" });
    this.seats = el("p", { class: "tboard-seats" });
    this.commitment = el("p", { class: "tboard-commitment" });
    const button = (cls, text, onclick, secondary = false) => el("button", { type: "button", class: `${cls}${secondary ? " secondary" : ""}`, onclick }, text);
    this.playButton = button("tboard-play", "Play", () => this.play(this.typed.value.trim() || this.moves.value));
    this.explainButton = button("tboard-explain", "Explain", () => this.explain(this.typed.value.trim() || this.moves.value), true);
    this.hintButton = button("tboard-hint", "Hint", () => this.hint(), true);
    this.undoButton = button("tboard-undo", "Undo", () => this.act(() => call("undo")), true);
    this.download = button("tboard-download", "Download the record", () => this.save(), true);
    this.moves.addEventListener("change", () => { this.typed.value = ""; this.explain(this.moves.value); });
    this.moves.addEventListener("dblclick", () => this.play(this.moves.value));
    this.typed.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); this.play(this.typed.value.trim()); } });
    this.game.replaceChildren(
      el("div", { class: "tboard-main" }, this.picture, this.aids),
      el("div", { class: "tboard-side" },
        this.turn, this.summary,
        el("div", {}, this.moves, this.all),
        el("div", { class: "tboard-typed" }, this.typed),
        el("div", { class: "tryit-buttons" }, this.playButton, this.explainButton, this.hintButton, this.undoButton, this.download),
        this.said,
        el("h4", {}, "What happened"), this.story,
        this.seats, this.commitment),
    );
    this.game.hidden = false;
  }

  // Run one call that answers with the game shown, then let the players move.
  async act(asked) {
    let shown;
    try {
      shown = await asked();
    } catch (err) {
      this.said.textContent = err.message;
      return;
    }
    if (shown.refused) { this.said.textContent = shown.refused; return; }
    this.show(shown);
    while (this.shown.waiting === "player") {
      if (this.pace) await new Promise((done) => setTimeout(done, this.pace));
      try {
        this.show(await call("step"));
      } catch (err) {
        this.said.textContent = err.message;
        return;
      }
    }
  }

  show(shown) {
    this.shown = shown;
    this.root.dataset.waiting = shown.waiting || "";
    this.root.dataset.actions = String(shown.actions);
    this.root.dataset.over = String(shown.over || Boolean(shown.stopped));
    this.root.dataset.aids = shown.aids.join(",");
    const mine = shown.waiting === "you";
    const cells = new Map();
    for (const move of shown.moves) {
      if (move.cell) cells.set(move.cell, [cells.get(move.cell), `${move.label} (${move.action})`].filter(Boolean).join("\n"));
    }
    this.picture.replaceChildren(drawn(shown.picture, mine ? shown.grid : null, cells, (name) => this.onCell(name)));
    const you = shown.seats[shown.human].name;
    if (shown.waiting === "player") {
      this.turn.textContent = `${shown.thinking} is thinking…`;
      this.turn.className = "tboard-turn busy";
    } else if (mine) {
      this.turn.textContent = `Your turn: you are ${you}.`;
      this.turn.className = "tboard-turn";
    } else {
      const ranks = shown.ranking.map((r) => `${r.rank}. seat ${r.seat} (${shown.seats[r.seat].player}), ${r.score_text}`).join("; ");
      this.turn.textContent = shown.stopped
        ? `The game has stopped (${shown.stopped}); the record keeps it.`
        : `Game over: ${shown.result}. ${ranks}.`;
      this.turn.className = "tboard-turn";
    }
    this.summary.textContent = shown.summary;
    this.fill(shown.moves);
    for (const b of [this.playButton, this.explainButton, this.hintButton]) b.disabled = !mine;
    this.typed.disabled = !mine;
    this.undoButton.disabled = !shown.can_undo || shown.waiting === "player";
    if (shown.note) this.said.textContent = shown.note;
    this.story.replaceChildren(...shown.story.map((group) => [
      el("h5", {}, group.heading),
      group.lines.map(([action, sentence, concerns]) => el("p", { class: concerns ? "concerns" : "" },
        action ? el("code", {}, action) : "", action ? " " : "", sentence)),
    ]).flat(2));
    if (!shown.story.length) this.story.replaceChildren(el("p", {}, "Nothing yet."));
    this.seats.textContent = "Seats: " + shown.seats.map((s, n) => `${s.name} — ${s.player}`).join(", ") + ".";
    this.commitment.replaceChildren(
      "Deal commitment, fixed before the first move: ", el("code", { class: "tboard-commitment-hex" }, shown.commitment),
      ". The record gives the seed and salt behind it: ", el("code", {}, "tigeuph verify RECORD --commitment …"), " checks them.",
    );
  }

  fill(list) {
    this.moves.replaceChildren(...list.map((m) => el("option", { value: m.action },
      m.label === m.action ? m.action : `${m.label} (${m.action})`)));
    this.all.hidden = !this.shown || list.length === this.shown.moves.length;
  }

  onCell(name) {
    this.fill(this.shown.moves.filter((m) => m.cell === name));
    this.moves.selectedIndex = 0;
    this.explain(this.moves.value);
    this.moves.focus();
  }

  async play(action) {
    if (!action) { this.said.textContent = "Pick an action from the list or the board, or type one."; return; }
    this.typed.value = "";
    this.said.textContent = "";
    await this.act(() => call("play", { action }));
  }

  async explain(action) {
    if (!action) return;
    try {
      this.said.textContent = (await call("explain", { action })).explain;
    } catch (err) { this.said.textContent = err.message; }
  }

  async hint() {
    try {
      const hint = await call("hint");
      this.said.textContent = hint.hint;
      this.fill(this.shown.moves);
      this.moves.value = hint.action;
    } catch (err) { this.said.textContent = err.message; }
  }

  async save() {
    const record = await call("record");
    const link = el("a", { href: URL.createObjectURL(new Blob([record.text], { type: "text/plain" })), download: record.name });
    document.body.append(link);
    link.click();
    link.remove();
    this.said.textContent = `Saved ${record.name}: tigeuph replay ${record.name}, or tigeuph verify ${record.name} --commitment ${record.commitment}`;
  }
}

const root = document.querySelector("div.tboard");
if (root) root.board = new Board(root);

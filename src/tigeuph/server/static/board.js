// The browser board of tigeuph's game server: plain JavaScript, no build step.
// It reads the JSON API (docs/server.rst) and draws the game from the server's SVG. It adapts
// to what the server sends: a game whose summary gives the grid its picture is drawn on (the
// main game's) is played by clicking a piece of the hand and a cell of the grid laid over the
// picture; any other game (Babel) by its legal moves, one button each, or typed in notation.
//
// Tokens: a seat's link is /#game=ID&seat=S&token=TOKEN. The token travels only in the
// fragment (never sent to the server, never in a Referer) and in the Authorization header of
// the page's requests, never in a query string. Once read, it moves to this tab's
// sessionStorage (keyed by game and seat) and leaves the address bar, which keeps
// #game=ID&seat=S so that a reload finds it again; other tabs, and this tab once closed, do
// not see it. The other seats' tokens of a game made here are shown once and kept nowhere.
//
// Live updates: the page hears of each new version through /events. A server that refuses the
// stream (this client holds its share of streams, 429, or the server is full, 503; an
// EventSource only sees it closed) is asked by long polling /wait instead, and when it refuses
// that too the page waits as long as its Retry-After says and asks the game's summary. A line
// above the board says so, and the page tries the stream again after a while.
"use strict";

// What the game calls its things (its colours, leaders, decisions), from the game's summary
// (its client words): this page names none of a game's own.
const words = () => (game.summary && game.summary.words) || {};
const colours = () => words().colours || {};
const leaders = () => words().leaders || {};

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
};

const game = { id: null, token: null, summary: null, data: null, picture: "", history: [], selected: null, busy: false, source: null, listening: null, explained: new Map() };
const NEWS_ENTRIES = 8;  // the most actions "What just happened" tells

// --- the seats' tokens --------------------------------------------------------------------

const created = { id: null, tokens: {} };  // the seats' tokens of the game made in this tab, in memory only
const tokenKey = (id, seat) => `tigeuph-token:${id}:${seat}`;

function storedToken(id, seat) {
  try { return sessionStorage.getItem(tokenKey(id, seat)); } catch { return null; }
}

function storeToken(id, seat, token) {
  try { sessionStorage.setItem(tokenKey(id, seat), token); } catch { /* storage refused: this page keeps it in memory */ }
}

function seatsStored(id) {
  const prefix = tokenKey(id, "");
  const seats = [];
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key.startsWith(prefix)) seats.push(key.slice(prefix.length));
    }
  } catch { /* no storage, no seats */ }
  return seats;
}

function seatLink(id, seat, token) {
  const fragment = new URLSearchParams({ game: id, seat, token });
  return `${location.origin}${location.pathname}#${fragment}`;
}

function showAddress(id, seat) {
  const fragment = new URLSearchParams(seat === null ? { game: id } : { game: id, seat });
  history.replaceState(history.state, "", `${location.pathname}${location.search}#${fragment}`);
}

// --- the start screen ---------------------------------------------------------------------

// The game chosen on the start form: its option says its numbers of players, its default and
// its title (the variants the form shows are the labels of its name).
function chosenGame() {
  const option = $("game-name").selectedOptions[0];
  return {
    name: option.value,
    title: option.textContent,
    players: option.dataset.players.split(",").map(Number),
    fallback: Number(option.dataset.default),
  };
}

function gameChosen() {
  const chosen = chosenGame();
  const select = $("players");
  const wanted = Number(select.value);
  select.replaceChildren(...chosen.players.map((n) => el("option", { value: n }, `${n}`)));
  select.value = chosen.players.includes(wanted) ? wanted : chosen.fallback;
  let shown = 0;
  for (const label of $("variants").querySelectorAll("label[data-game]")) {
    label.hidden = label.dataset.game !== chosen.name;
    if (label.hidden) label.querySelector("input").checked = false; else shown++;
  }
  $("variants").hidden = shown === 0;
  showTitle(chosen.title);
  showRulesLink(chosen.name);
  seatRows();
}

function showTitle(title) {
  $("title").textContent = title;
  document.title = `${title} — tigeuph`;
}

// The rules link opens the short rules at the section of the game shown.
function showRulesLink(name) {
  for (const link of [$("rules-link"), $("help-rules")]) link.href = `/static/rules.html#${name}`;
}

function seatRows() {
  const players = Number($("players").value);
  const list = $("seat-list");
  list.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const select = el("select", { name: `seat${seat}`, id: `seat${seat}` });
    for (const kind of $("seat-list").dataset.seats.split(",")) {
      const label = kind === "human" ? "a person" : `agent: ${kind}`;
      select.append(el("option", { value: kind }, label));
    }
    select.value = seat === 0 ? "human" : "greedy";
    list.append(el("label", {}, `Seat ${seat}: `, select));
  }
}

async function api(method, path, body, token = game.token) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return { status: response.status, data };
}

async function createGame(event) {
  event.preventDefault();
  const form = $("new-game");
  const players = Number($("players").value);
  const seats = [...Array(players).keys()].map((s) => $(`seat${s}`).value);
  if (!seats.includes("human")) { setStartNote("Choose at least one seat for a person."); return; }
  const rules = {};
  for (const box of $("variants").querySelectorAll("label:not([hidden]) input[data-rule]")) {
    if (box.checked) rules[box.dataset.rule] = JSON.parse(box.dataset.value);
  }
  const body = { game: chosenGame().name, players, rules, seats };
  const { status, data } = await api("POST", "/api/games", body, null);
  if (status !== 201) { setStartNote(data.message || "The game could not be made."); return; }
  const mine = Object.keys(data.tokens)[0];
  storeToken(data.id, mine, data.tokens[mine]);
  created.id = data.id;
  created.tokens = data.tokens;
  history.pushState(null, "", `#${new URLSearchParams({ game: data.id, seat: mine })}`);
  route();
}

function setStartNote(text) {
  const note = $("start-note");
  note.textContent = text || "";
  note.hidden = !text;
}

// --- the game screen ----------------------------------------------------------------------

function setPrompt(text, error = false) {
  const prompt = $("prompt");
  prompt.textContent = text;
  prompt.className = error ? "prompt error" : "prompt";
}

// Whether the game is played by clicking cells: its summary gives the picture's grid.
const clickable = () => Boolean(game.summary && game.summary.board);

// A seat's dynasty on its seat colour, as the board's leaders wear it.
function crest(seat) {
  const dynasty = game.summary.dynasties[seat];
  const span = el("span", { class: "dynasty", "data-seat": `${seat}` }, dynasty.name);
  span.style.backgroundColor = dynasty.colour;  // the page's policy allows no style attribute
  return span;
}

function seatName(seat) {
  if (game.data && seat === game.data.seat) return "You";
  const kind = game.summary.seats[seat];
  return kind === "human" ? `Seat ${seat}` : `Seat ${seat} (${kind})`;
}

async function startGame(id, token) {
  stopListening();
  game.id = id; game.token = token; game.history = []; game.selected = null; game.data = null; game.picture = "";
  game.explained = new Map();
  game.refusals = 0;
  $("history").replaceChildren();
  $("advice").replaceChildren();
  $("hover-note").textContent = "";
  document.body.dataset.screen = "game";
  $("start").hidden = true; $("game").hidden = false;
  const summary = await api("GET", `/api/games/${id}`);
  if (summary.status !== 200) { setPrompt(summary.data.message, true); return; }
  game.summary = summary.data;
  showTitle(game.summary.title);
  showRulesLink(game.summary.game);
  showSymbols();
  showAids();
  $("hand-panel").hidden = !clickable();
  $("players-panel").hidden = !clickable();
  $("moves-panel").hidden = clickable();
  showLinks();
  showDeal();
  await refresh();
  if (game.id !== id) return;  // another game was opened meanwhile
  listen(id);
}

// The commitment to the deal, and the command that checks the record against it at the end.
function showDeal() {
  const commitment = game.summary.deal_commitment;
  $("deal-panel").hidden = !commitment;
  $("deal-commitment").textContent = commitment || "";
  $("deal-verify").textContent = commitment ? `tigeuph verify RECORD --commitment ${commitment}` : "";
}

// --- live updates -------------------------------------------------------------------------

const STREAM_AGAIN = [15, 30, 60, 120, 300];  // seconds of polling before the stream is tried again, after each refusal in a row
const sleep = (seconds) => new Promise((resolve) => { setTimeout(resolve, 1000 * seconds); });

function showLive(text) {
  const note = $("live-note");
  note.textContent = text || "";
  note.hidden = !text;
}

function closeStream() {
  if (game.source) { game.source.close(); game.source = null; }
  game.listening = null;
}

function stopListening() {
  closeStream();
  showLive(null);
}

// The stream of the game's new versions; the line above the board stays until it opens.
function listen(id) {
  closeStream();
  const listening = { id };
  game.listening = listening;
  const source = new EventSource(`/api/games/${id}/events`);
  game.source = source;
  source.addEventListener("open", () => {
    if (game.source === source) { game.refusals = 0; showLive(null); }
  });
  source.addEventListener("version", (event) => {
    const change = JSON.parse(event.data);
    if (change.over && game.source === source) { source.close(); game.source = null; }  // nothing more will come
    if (!game.data || change.version > game.data.version) refresh();
  });
  source.addEventListener("error", () => {
    // CONNECTING: the browser reconnects by itself. CLOSED: the server refused the stream.
    if (game.source !== source || source.readyState !== EventSource.CLOSED) return;
    game.source = null;
    if (!(game.data && game.data.over)) pollInstead(listening);
  });
}

// Long polling in the stream's place, until it is time to try the stream again.
async function pollInstead(listening) {
  const { id } = listening;
  game.refusals = (game.refusals || 0) + 1;
  const polling = STREAM_AGAIN[Math.min(game.refusals, STREAM_AGAIN.length) - 1];
  const until = Date.now() + 1000 * polling;
  showLive("The server is too busy to send live updates: this page asks it for new moves itself, and will try live updates again shortly.");
  const current = () => game.listening === listening && game.id === id && !(game.data && game.data.over);
  while (current() && Date.now() < until) {
    const after = game.data ? game.data.version : -1;
    let refusedFor = 0;
    try {
      const response = await fetch(`/api/games/${id}/wait?after=${after}&timeout=25`, { headers: { Accept: "application/json" } });
      if (response.ok) {
        const status = await response.json();
        if (current() && (!game.data || status.version > game.data.version)) await refresh();
      } else if (response.status === 404) {
        return;
      } else {
        refusedFor = Number(response.headers.get("Retry-After")) || 5;
      }
    } catch {
      refusedFor = 5;  // the network: try again in a while
    }
    if (refusedFor) {
      await sleep(refusedFor);
      const summary = await api("GET", `/api/games/${id}`).catch(() => null);
      if (current() && summary && summary.status === 200 && (!game.data || summary.data.version > game.data.version)) await refresh();
    }
  }
  if (current()) listen(id);
}

function showLinks() {
  const tokens = created.id === game.id ? Object.entries(created.tokens) : [];
  $("links-panel").hidden = tokens.length === 0;
  $("links").replaceChildren(...tokens.map(([seat, token]) => {
    const link = seatLink(game.id, seat, token);
    const who = token === game.token ? `Seat ${seat} (yours): ` : `Seat ${seat}: `;
    return el("li", {}, who, el("a", { href: link, target: "_blank", rel: "noopener noreferrer", "data-seat": seat }, link));
  }));
}

let refreshing = null;
async function refresh() {
  if (refreshing) { refreshing.again = true; return; }
  refreshing = { again: false };
  try {
    do {
      refreshing.again = false;
      const view = await api("GET", `/api/games/${game.id}/view`);
      if (view.status !== 200) { setPrompt(view.data.message, true); return; }
      const [picture, history] = await Promise.all([
        api("GET", boardPath()),
        api("GET", `/api/games/${game.id}/history?since=${game.history.length}`),
      ]);
      if (history.status === 200 && history.data.since === game.history.length) {
        game.history.push(...history.data.history);
      }
      game.data = view.data;
      if (!game.data.moves.some((m) => m.piece !== undefined && m.piece === game.selected)) game.selected = null;
      if (picture.status === 200) game.picture = picture.data;
      render();
    } while (refreshing.again);
  } finally {
    refreshing = null;
  }
}

function render() {
  const { data } = game;
  if (game.shownVersion !== data.version) {  // advice is of one version: a new one clears it
    game.shownVersion = data.version;
    showAdvice();
    $("hover-note").textContent = "";
  }
  const mine = data.to_move === data.seat;
  document.body.dataset.version = data.version;
  document.body.dataset.turn = data.over ? "over" : mine ? "mine" : "theirs";
  document.body.dataset.pending = data.view.pending ? data.view.pending.kind || "pending" : "";
  const status = $("status");
  const ended = data.stopped ? "The game was stopped" : "The game is over";
  status.textContent = data.over ? ended : mine ? "Your turn" : `Waiting for ${seatName(data.to_move)}`;
  status.className = mine ? "status mine" : "status";
  drawBoard();
  if (clickable()) { drawHand(); drawPlayers(); } else drawMoves(mine && !data.over);
  drawHistory();
  drawNews();
  closeStaleDialogs();
  $("advice-panel").hidden = !mine || data.over;
  const example = data.moves.length ? data.moves[data.moves.length - 1].action : "";
  $("explain-text").placeholder = example ? `an action, e.g. ${example}` : "an action";
  if (data.over) { setPrompt(`${ended}.`); showLive(null); showOutcome(); return; }
  if (!mine) { setPrompt(`${seatName(data.to_move)} is playing…`); return; }
  if (!clickable()) { setPrompt("Your move: click one of your moves, or type one in notation."); return; }
  if (data.view.pending) { showDecision(); return; }
  const left = data.view.actions_left;
  setPrompt(game.selected
    ? "Click an outlined cell."
    : `Choose a tile, leader or catastrophe from your hand, then an outlined cell (${left} action${left === 1 ? "" : "s"} left).`);
}

function legalCells() {
  const { moves, view } = game.data;
  if (view.pending) return moves.filter((m) => m.cell);
  return moves.filter((m) => m.cell && m.piece === game.selected);
}

// The server's picture loses its <style> element before it is parsed (board.css has its rule):
// the page's Content-Security-Policy refuses inline styles, even in a parsed document.
function drawBoard() {
  const board = $("board");
  const text = game.picture.replace(/<style\b[^>]*>[^<]*<\/style>/g, "");
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  if (parsed.localName !== "svg") { board.replaceChildren(); return; }
  const svg = document.importNode(parsed, true);
  board.replaceChildren(svg);
  if (!clickable()) { drawTargets(svg); return; }
  const { rows, cols, square, margin, columns } = game.summary.board;
  const hits = document.createElementNS(SVG, "g");
  hits.setAttribute("class", "hits");
  const marks = boardMarks();
  const legal = new Map();
  for (const move of legalCells()) {
    if (!legal.has(move.cell)) legal.set(move.cell, []);
    legal.get(move.cell).push(move);
  }
  const taken = occupiedCells();
  const takes = [...legal.keys()].some((cell) => taken.has(cell));  // a catastrophe: it may take a piece
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const name = columns[col] + (row + 1);
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("x", margin + col * square);
      rect.setAttribute("y", margin + row * square);
      rect.setAttribute("width", square);
      rect.setAttribute("height", square);
      rect.setAttribute("data-cell", name);
      const here = legal.get(name);
      const lit = marks.get(name);
      const open = here && takes && !taken.has(name) ? "open" : "";
      rect.setAttribute("class", ["hit", here ? "legal" : "", open, ...(lit || [])].filter(Boolean).join(" "));
      if (here) {
        const title = document.createElementNS(SVG, "title");
        title.textContent = here.map((m) => m.label).join("\n");
        rect.append(title);
        rect.addEventListener("click", () => chooseAmong(here, `Cell ${name}`));
        rect.addEventListener("mouseenter", () => hoverCell(name, here));
      }
      hits.append(rect);
    }
  }
  svg.append(hits);
}

// A game without a grid: the moves whose target names an element of the picture (a place, a
// card) are played by clicking it there, through an outline laid over its bounds.
function drawTargets(svg) {
  const { data } = game;
  if (data.over || data.to_move !== data.seat) return;
  const targets = new Map();
  for (const move of data.moves) {
    if (!move.target) continue;
    const found = svg.querySelector(move.target);
    if (!found) continue;
    if (!targets.has(found)) targets.set(found, []);
    targets.get(found).push(move);
  }
  const hits = document.createElementNS(SVG, "g");
  hits.setAttribute("class", "hits");
  svg.append(hits);
  for (const [found, moves] of targets) {
    const box = found.getBBox();
    const rect = document.createElementNS(SVG, "rect");
    for (const [key, value] of Object.entries({ x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 6 })) rect.setAttribute(key, value);
    rect.setAttribute("class", "hit legal target");
    rect.setAttribute("data-action", moves.map((m) => m.action).join(" "));
    const title = document.createElementNS(SVG, "title");
    title.textContent = moves.map((m) => m.label).join("\n");
    rect.append(title);
    rect.addEventListener("click", () => chooseAmong(moves, moves[0].label));
    hits.append(rect);
  }
}

// The pieces' symbols as the game's pictures draw them (its words' symbols), once in the page,
// so that the hand shows each piece as the board does.
function showSymbols() {
  const text = words().symbols || "";
  const parsed = text ? new DOMParser().parseFromString(text, "image/svg+xml").documentElement : null;
  $("piece-symbols").replaceChildren(...(parsed && parsed.localName === "svg" ? [document.importNode(parsed, true)] : []));
}

// A piece of the hand drawn as the board draws it; nothing when the game gives no symbol.
function pieceIcon(piece, seat) {
  const id = (words().pieces || {})[piece];
  if (!id) return "";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("class", "piece-icon");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${id.replace("{seat}", seat)}`);
  svg.append(use);
  return svg;
}

function drawHand() {
  const { data } = game;
  const mine = data.to_move === data.seat && !data.view.pending && !data.over;
  const pieces = new Set(data.moves.map((m) => m.piece));
  const pick = (piece) => () => { game.selected = game.selected === piece ? null : piece; render(); };
  const tiles = Object.entries(colours()).map(([letter, colour]) => el("button", {
    class: `piece ${colour}${game.selected === letter ? " selected" : ""}`, "data-piece": letter, type: "button",
    disabled: !(mine && pieces.has(letter)), onclick: pick(letter), title: `${colour} tiles`, "aria-label": `${data.view.hand[letter]} ${colour}`,
  }, pieceIcon(letter, data.seat), el("span", { class: "count" }, `${data.view.hand[letter]}`)));
  const cats = data.view.catastrophe_tiles[data.seat];
  tiles.push(el("button", {
    class: `piece catastrophe${game.selected === "x" ? " selected" : ""}`, "data-piece": "x", type: "button",
    disabled: !(mine && pieces.has("x")), onclick: pick("x"), title: "catastrophe tiles", "aria-label": `${cats} catastrophe`,
  }, pieceIcon("x", data.seat) || "✕", el("span", { class: "count" }, `${cats}`)));
  $("hand").replaceChildren(...tiles);
  const onBoard = data.view.leaders[data.seat];
  $("leaders").replaceChildren(...Object.entries(leaders()).map(([letter, name]) => {
    const where = onBoard[letter.toLowerCase()];
    return el("button", {
      class: `piece leader ${colours()[letter.toLowerCase()]}${game.selected === letter ? " selected" : ""}`,
      "data-piece": letter, type: "button", disabled: !(mine && pieces.has(letter)), onclick: pick(letter),
      title: where ? `your ${name}, on ${where}` : `your ${name}, in hand`,
    }, pieceIcon(letter, data.seat), el("span", { class: "name" }, `${name}${where ? ` · ${where}` : ""}`));
  }));
  const extras = [];
  const withdraw = data.moves.find((m) => m.kind === "withdraw" && m.piece === game.selected);
  if (mine && withdraw) extras.push(el("button", { type: "button", id: "withdraw", onclick: () => post(withdraw) }, withdraw.label));
  if (mine && data.moves.some((m) => m.kind === "exchange")) {
    extras.push(el("button", { type: "button", id: "exchange-open", onclick: openExchange }, "Exchange tiles…"));
  }
  const pass = data.moves.find((m) => m.kind === "pass");
  if (mine && pass) extras.push(el("button", { type: "button", id: "pass", class: "secondary", onclick: () => post(pass) }, "Pass"));
  $("extras").replaceChildren(...extras);
}

// A game played without a grid: each legal move a button (its label, its notation on hover).
function drawMoves(mine) {
  const moves = mine ? game.data.moves : [];
  $("move-buttons").replaceChildren(...moves.map((move) => el("button", {
    type: "button", class: "move", "data-action": move.action, title: move.action, onclick: () => post(move),
  }, move.label)));
  $("action-send").disabled = !mine;
}

function playTyped(event) {
  event.preventDefault();
  const text = $("action-text").value.trim();
  if (!text || !game.data) return;
  $("action-text").value = "";
  post({ action: text });
}

function drawPlayers() {
  const { view } = game.data;
  const head = el("tr", {}, el("th", {}, ""), ...Object.values(colours()).map((c) => el("th", { title: `${c} points` }, el("span", { class: `pt ${c}` }, c))),
    el("th", { title: "treasures" }, "◆"), el("th", { title: "tiles in hand" }, "hand"), el("th", { title: "catastrophe tiles" }, "✕"));
  const rows = view.points.map((points, seat) => el("tr", { class: seat === game.data.to_move ? "to-move" : "" },
    el("td", { class: "who" }, crest(seat), " ", seatName(seat)),
    ...Object.keys(colours()).map((c) => el("td", {}, points ? `${points[c]}` : "?")),
    el("td", {}, `${view.treasures_taken[seat]}`), el("td", {}, `${view.hand_sizes[seat]}`), el("td", {}, `${view.catastrophe_tiles[seat]}`)));
  const bag = el("tr", {}, el("td", { class: "who", colspan: 8 }, `Tiles in the bag: ${view.bag_size}`));
  $("players-table").replaceChildren(head, ...rows, bag);
}

// An entry's events told in sentences, as the server words them for this seat ("you"), one
// paragraph each; the kinds that only mark the turn's flow are quieter.
const QUIET = new Set(["turn-began", "tiles-drawn"]);
function toldLines(entry, tag) {
  return (entry.told || []).map((sentence, i) => {
    const kind = entry.events[i] ? entry.events[i].kind : "";
    return el(tag, { class: `event${QUIET.has(kind) ? " quiet" : ""}`, "data-kind": kind }, sentence);
  });
}

function entryHeading(entry) {
  const done = entry.label ?? entry.action ?? "an action hidden from you";
  return `${seatName(entry.player)}: ${done}`;
}

// The narrated history: each action, then what it did (an older server's entries carry no
// events: their points are listed instead). The list keeps its newest entry in sight.
function drawHistory() {
  const list = $("history");
  const start = list.children.length;
  if (start > game.history.length) list.replaceChildren();
  for (const entry of game.history.slice(list.children.length)) {
    const item = el("li", { class: entry.player === game.data.seat ? "mine" : "" }, el("span", { class: "act" }, entryHeading(entry)));
    if (entry.told) {
      item.append(...toldLines(entry, "p"));
    } else {
      const scored = (entry.scored || []).map((e) => `${seatName(e.player)} +${e.points} ${colours()[e.colour]}`).join(", ");
      if (scored) item.append(el("span", { class: "scored" }, ` — ${scored}`));
    }
    list.append(item);
  }
  if (game.history.length > start) list.scrollTop = list.scrollHeight;
}

// The entries "What just happened" tells: from this seat's last action on (or the last few).
function newsEntries() {
  const { history } = game;
  let first = history.length;
  while (first > 0 && history.length - first < NEWS_ENTRIES) {
    first--;
    if (history[first].player === game.data.seat) break;
  }
  return history.slice(first);
}

function drawNews() {
  const entries = newsEntries().filter((entry) => entry.told && entry.told.length);
  $("news").hidden = entries.length === 0;
  const lines = $("news-lines");
  lines.replaceChildren(...entries.flatMap((entry) => toldLines(entry, "li")));
  lines.scrollTop = lines.scrollHeight;
}

// The cells the board lights beside the legal ones: those the latest events concern, the
// pending conflict's leaders and kingdoms, and a hint's cell.
function boardMarks() {
  const marks = new Map();
  const mark = (cell, name) => {
    if (!marks.has(cell)) marks.set(cell, new Set());
    marks.get(cell).add(name);
  };
  for (const entry of newsEntries()) {
    for (const event of entry.events || []) {
      if (!QUIET.has(event.kind)) for (const cell of event.cells) mark(cell, "told");
    }
  }
  const conflict = pendingConflict();
  if (conflict && conflict.begun) {
    const sides = conflictKingdoms(conflict.begun);
    if (conflict.begun.conflict === "revolt") {  // one kingdom holds both leaders (spec R15)
      for (const cell of sides.attacker) mark(cell, "conflict-kingdom");
    } else {
      for (const [side, cells] of Object.entries(sides)) for (const cell of cells) mark(cell, `side-${side}`);
    }
    mark(conflict.begun.attacker_cell, "conflict-leader");
    mark(conflict.begun.defender_cell, "conflict-leader");
  }
  if (game.hinted && game.hinted.version === game.data.version && game.hinted.cell) mark(game.hinted.cell, "hinted");
  return marks;
}

// --- conflicts ----------------------------------------------------------------------------

// The pending revolt or war, with the event that began it (its leaders' cells and both sides'
// board strengths), the last such event of the history.
function pendingConflict() {
  const { pending } = game.data.view;
  if (!pending || (pending.kind !== "revolt" && pending.kind !== "war")) return null;
  let begun = null;
  for (let i = game.history.length - 1; i >= 0 && !begun; i--) {
    const events = game.history[i].events || [];
    begun = [...events].reverse().find((e) => e.kind === "conflict-begun") || null;
  }
  if (begun && (begun.conflict !== pending.kind || begun.colour !== pending.colour || begun.attacker !== pending.attacker)) begun = null;
  return { pending, begun };
}

// Each side's kingdom: the cells joined to its leader through tiles and leaders. In a war the
// unification tile belongs to neither side (spec R16), so the search does not cross it.
function occupiedCells() {
  const { view } = game.data;
  const occupied = new Set([...Object.values(view.tiles || {}).flat(), ...(view.flipped || [])]);
  for (const leaders of view.leaders || []) for (const cell of Object.values(leaders)) if (cell) occupied.add(cell);
  return occupied;
}

function conflictKingdoms(begun) {
  const { view } = game.data;
  const occupied = occupiedCells();
  if (begun.conflict === "war" && view.unification) occupied.delete(view.unification);
  const { columns } = game.summary.board;
  const neighbours = (cell) => {
    const col = columns.indexOf(cell[0]);
    const row = Number(cell.slice(1));
    return [[col - 1, row], [col + 1, row], [col, row - 1], [col, row + 1]]
      .filter(([c]) => c >= 0 && c < columns.length).map(([c, r]) => columns[c] + r);
  };
  const reach = (start) => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) for (const next of neighbours(queue.shift())) if (occupied.has(next) && !seen.has(next)) { seen.add(next); queue.push(next); }
    return [...seen];
  };
  return { attacker: reach(begun.attacker_cell), defender: reach(begun.defender_cell) };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The support dialog of a revolt or a war: the colour named, both sides' board strengths and
// support, what this seat may add, and what each choice would make.
function conflictDialog(conflict) {
  const { pending, begun } = conflict;
  const colour = colours()[pending.colour];
  const seat = game.data.seat;
  const attacking = pending.attacker === seat;
  const counted = pending.kind === "revolt" ? "temple" : `${colour} tile`;
  const supportColour = pending.kind === "revolt" ? "red" : colour;
  const leader = leaders()[pending.colour.toUpperCase()];
  const choices = game.data.moves.filter((m) => m.kind === "support");
  const most = Math.max(0, ...choices.map((m) => Number(m.action.slice(1))));
  const title = `${colour[0].toUpperCase()}${colour.slice(1)} ${pending.kind}`;
  const rows = [el("tr", {}, el("th", {}, ""), el("th", {}, "leader"), el("th", {}, "on the board"), el("th", {}, "committed"))];
  const committed = { attacker: pending.attacker_support, defender: null };
  for (const side of ["attacker", "defender"]) {
    const who = pending[side];
    const cell = begun ? begun[`${side}_cell`] : "";
    const strength = begun ? begun[`${side}_strength`] : null;
    const given = committed[side];
    rows.push(el("tr", { class: `side-${side}`, "data-side": side },
      el("td", {}, `${side === "attacker" ? "Attacker" : "Defender"}: ${seatName(who)}`),
      el("td", {}, `${leader}${cell ? ` on ${cell}` : ""}`),
      el("td", { class: "strength" }, strength === null ? "?" : plural(strength, counted)),
      el("td", { class: "support" }, given === null || given === undefined ? (who === seat ? "you decide now" : "not yet") : `${given}`)));
  }
  const table = el("table", { class: "strengths" }, ...rows);
  const held = game.data.view.hand[pending.kind === "revolt" ? "r" : pending.colour];
  const may = el("p", { class: "may" }, `You are the ${attacking ? "attacker" : "defender"}: you may add 0 to ${most} ${supportColour} tile${most === 1 ? "" : "s"} from your hand (you hold ${held}).`);
  const outcome = (count) => {
    if (!begun) return "";
    const mine = begun[`${attacking ? "attacker" : "defender"}_strength`] + count;
    if (attacking) {
      const theirs = begun.defender_strength;
      return `${mine} against ${theirs} + what ${seatName(pending.defender)} adds`;
    }
    const theirs = begun.attacker_strength + (pending.attacker_support || 0);
    const result = mine >= theirs ? `you win${mine === theirs ? " (ties go to the defender)" : ""}` : "you lose";
    return `${mine} against ${theirs}: ${result}`;
  };
  const buttons = choices.map((move) => {
    const count = Number(move.action.slice(1));
    const says = outcome(count);
    return { move, text: `${move.label}${says ? ` → ${says}` : ""}` };
  });
  return { title, parts: [table, may], buttons };
}

// --- choosing and playing -----------------------------------------------------------------

// A dialog offers the moves of one view: the decision dialog stays open only while the view
// asks that decision of this seat (the same pending decision, field by field), and a choice
// among a cell's moves or the exchange only while the version it was opened at is shown. Each
// view rebuilds the decision's buttons from its own moves, and closes a dialog it no longer
// asks: a click never sends a move of a decision that is gone.
const decisionKey = (data) => data.view.pending && data.to_move === data.seat && !data.over
  ? `decision:${data.seat}:${JSON.stringify(data.view.pending)}` : null;

function closeStaleDialogs() {
  const { data } = game;
  const decision = $("decision");
  const wanted = decision.dataset.key;
  const asked = wanted && wanted.startsWith("decision:") ? decisionKey(data) : `version:${data.version}`;
  if (decision.open && wanted !== asked) decision.close();
  const exchange = $("exchange");
  if (exchange.open && exchange.dataset.key !== `version:${data.version}`) exchange.close();
}

function chooseAmong(moves, title) {
  if (moves.length === 1) { post(moves[0]); return; }
  showChoices(title, "Choose one:", moves, [], null, `version:${game.data.version}`);
}

function showChoices(title, text, moves, parts = [], texts = null, key = null) {
  const dialog = $("decision");
  dialog.dataset.key = key || "";
  $("decision-title").textContent = title;
  $("decision-text").textContent = text;
  $("conflict").hidden = parts.length === 0;
  $("conflict").replaceChildren(...parts);
  $("decision-buttons").replaceChildren(...moves.map((move, i) => el("button", {
    type: "button", "data-action": move.action, onclick: () => { dialog.close(); post(move); },
  }, texts ? texts[i] : move.label)));
  if (!dialog.open) dialog.showModal();
}

function showDecision() {
  const { pending } = game.data.view;
  const { title, text } = (words().decisions || {})[pending.kind] || { title: "Decision", text: "Choose:" };
  const conflict = pendingConflict();
  if (conflict) {
    const shown = conflictDialog(conflict);
    const lit = conflict.begun ? " The board frames both leaders, with their strengths, and their kingdoms." : "";
    setPrompt(`${shown.title}: choose your support.`);
    showChoices(shown.title, text + lit, shown.buttons.map((b) => b.move), shown.parts, shown.buttons.map((b) => b.text), decisionKey(game.data));
    return;
  }
  setPrompt(title);
  showChoices(title, text, game.data.moves, [], null, decisionKey(game.data));
}

function openExchange() {
  const dialog = $("exchange");
  const hand = game.data.view.hand;
  const counts = $("exchange-counts");
  counts.replaceChildren(...Object.entries(colours()).flatMap(([letter, colour]) => [
    el("span", { class: `piece ${colour}` }, pieceIcon(letter, game.data.seat), colour), el("span", {}, `of ${hand[letter]}`),
    el("input", { type: "number", min: 0, max: hand[letter], value: 0, "data-letter": letter }), el("span"),
  ]));
  $("exchange-ok").onclick = () => {
    let text = "~";
    for (const input of counts.querySelectorAll("input")) text += input.dataset.letter.repeat(Number(input.value));
    const move = game.data.moves.find((m) => m.action === text);
    if (!move) { setPrompt(`${text} is not an exchange you can make now.`, true); return; }
    dialog.close();
    post(move);
  };
  $("exchange-cancel").onclick = () => dialog.close();
  dialog.dataset.key = `version:${game.data.version}`;
  dialog.showModal();
}

async function post(move) {
  if (game.busy) return;
  game.busy = true;
  document.body.dataset.busy = "1";
  try {
    const { status, data } = await api("POST", `/api/games/${game.id}/actions`, { action: move.action, version: game.data.version });
    game.selected = null;
    if (status !== 200) setPrompt(data.message || `error ${status}`, true);
    await refresh();
    if (status !== 200 && status !== 409) setPrompt(data.message, true);
  } finally {
    game.busy = false;
    document.body.dataset.busy = "0";
  }
}

async function showOutcome() {
  const dialog = $("over");
  if (dialog.dataset.shown === game.id) return;
  dialog.dataset.shown = game.id;
  const { status, data } = await api("GET", `/api/games/${game.id}/outcome`);
  if (status !== 200) return;
  const record = el("p", {}, el("a", { href: `/api/games/${game.id}/record`, target: "_blank", rel: "noopener noreferrer" }, "The game record"));
  if (data.stopped) {
    const why = {
      stalled: "it stalled: for three whole rounds nothing but points changed, or a turn began for the fourth time in the same position",
      "action-limit": "it reached the server's bound on actions",
      "record-limit": "its record reached the server's bound on length",
    }[data.stopped] || `of ${data.stopped}`;
    $("over-text").replaceChildren(el("p", {}, `The game was stopped because ${why}. Nobody won.`), record);
    dialog.showModal();
    return;
  }
  if (!data.results) {  // a game with no ranks of its own: its result and each seat's score
    const scores = el("ol", {}, ...data.scores.map((_, seat) =>
      el("li", { class: data.winners.includes(seat) ? "winner" : "" }, `${seatName(seat)}: ${data.score_text[seat]}`)));
    $("over-text").replaceChildren(el("p", {}, `Result: ${data.result}.`), scores, record);
    dialog.showModal();
    return;
  }
  const why = data.end === "bag" ? "the bag ran out" : "only two treasures were left";
  const list = el("ol", {}, ...[...data.results].sort((a, b) => a.rank - b.rank).map((r) =>
    el("li", { class: data.winners.includes(r.player) ? "winner" : "" }, `${seatName(r.player)}: rank ${r.rank}, ${data.score_text[r.player]}`)));
  $("over-text").replaceChildren(el("p", {}, `The game ended because ${why}.`), list, record);
  dialog.showModal();
}

// --- advice: explain and hint -------------------------------------------------------------

// The server's explanation of *action* for this seat now, asked once per version and kept.
async function explainAction(action) {
  const key = `${game.data.version}:${action}`;
  if (!game.explained.has(key)) {
    game.explained.set(key, api("GET", `/api/games/${game.id}/explain?${new URLSearchParams({ action })}`).then(({ status, data }) => {
      if (status !== 200) game.explained.delete(key);  // a refusal (too many asked) is not kept
      return status === 200 ? data : { text: data.message || `error ${status}`, failed: true };
    }));
  }
  return game.explained.get(key);
}

// Hovering a legal cell says what playing there would do (asked lazily, after a short pause).
let hovered = null;
function hoverCell(name, moves) {
  hovered = name;
  const version = game.data.version;
  setTimeout(async () => {
    if (hovered !== name || game.data.version !== version) return;
    const told = await Promise.all(moves.map(async (move) => `${move.label}: ${(await explainAction(move.action)).text}`));
    if (hovered === name && game.data.version === version) {
      const note = $("hover-note");
      note.textContent = told.join(" ");
      note.dataset.cell = name;
    }
  }, 120);
}

function showAdvice(...parts) {
  $("advice").replaceChildren(...parts);
}

async function explainTyped(event) {
  event.preventDefault();
  const text = $("explain-text").value.trim();
  if (!text || !game.data) return;
  const answer = await explainAction(text);
  showAdvice(el("p", { class: answer.failed ? "error" : answer.legal ? "legal" : "illegal" }, answer.failed ? answer.text : `${answer.action}: ${answer.text}`));
}

async function askHint() {
  if (!game.data) return;
  const { status, data } = await api("GET", `/api/games/${game.id}/hint`);
  if (status !== 200) { showAdvice(el("p", { class: "error" }, data.message || `error ${status}`)); return; }
  const move = game.data.moves.find((m) => m.action === data.action);
  game.hinted = { version: data.version, cell: move ? move.cell : null };
  const play = move ? el("button", { type: "button", id: "hint-play", onclick: () => post(move) }, `Play ${data.action}`) : "";
  showAdvice(el("p", { class: "hint-answer" }, `A ${data.agent} player would play ${data.action}: ${data.label}. ${data.text}`), play);
  drawBoard();
}

// --- aids ---------------------------------------------------------------------------------

// The aids the game's pictures draw when asked (its words' aids: each name and what it shows),
// a checkbox each under the board. The ones ticked are kept in localStorage, per game, so that
// a reload and the next game of that game draw them again; a change asks for the picture anew.
const aidsKey = () => `tigeuph-aids:${game.summary.game}`;

function keptAids() {
  try {
    const kept = JSON.parse(localStorage.getItem(aidsKey()) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];  // no storage, or not ours: none
  }
}

function tickedAids() {
  return [...$("aids").querySelectorAll("input[data-aid]")].filter((box) => box.checked).map((box) => box.dataset.aid);
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function showAids() {
  const offered = Object.entries(words().aids || {});
  const kept = keptAids();
  $("aids").hidden = offered.length === 0;
  $("aids").replaceChildren(...offered.map(([name, says]) => {
    const box = el("input", { type: "checkbox", id: `aid-${name}`, "data-aid": name, onchange: aidToggled });
    box.checked = kept.includes(name);
    return el("label", { class: "aid-toggle", for: `aid-${name}`, title: `${capital(says)}.` }, box, el("span", {}, capital(name)));
  }));
}

function aidToggled() {
  try { localStorage.setItem(aidsKey(), JSON.stringify(tickedAids())); } catch { /* storage refused: this page only */ }
  refresh();
}

// The picture of this seat's view, with the aids ticked.
function boardPath() {
  const aids = tickedAids();
  const query = aids.length ? `?${new URLSearchParams({ aids: aids.join(",") })}` : "";
  return `/api/games/${game.id}/board.svg${query}`;
}

// --- zoom ---------------------------------------------------------------------------------

// The board's zoom, a step of ZOOMS (board.css sizes each): beyond the first the board is
// wider than its place and scrolls, so a phone's cells grow to a finger's size.
const ZOOMS = ["1", "1.5", "2", "3"];
function zoom(step) {
  const board = $("board");
  const at = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(board.dataset.zoom) + step));
  const centre = (board.scrollLeft + board.clientWidth / 2) / (board.scrollWidth || 1);
  board.dataset.zoom = ZOOMS[at];
  board.scrollLeft = centre * board.scrollWidth - board.clientWidth / 2;
  $("zoom-out").disabled = at === 0;
  $("zoom-in").disabled = at === ZOOMS.length - 1;
}

// --- start --------------------------------------------------------------------------------

function showStart(message) {
  stopListening();
  game.id = null; game.token = null; game.data = null;
  document.body.dataset.screen = "start";
  $("start").hidden = false; $("game").hidden = true;
  $("status").textContent = "";
  showTitle(chosenGame().title);
  setStartNote(message);
}

// The address is #game=ID&seat=S, with &token=TOKEN on a seat's link: the token goes to this
// tab's storage and off the address bar at once. A link without its seat (an older link) asks
// the server which seat the token holds.
async function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (!id) { showStart(); return; }
  let seat = params.get("seat");
  const token = params.get("token");
  if (token) {
    showAddress(id, seat);
    if (seat === null) {
      const { status, data } = await api("GET", `/api/games/${encodeURIComponent(id)}/view`, undefined, token);
      if (status !== 200) { showStart(data.message || "This link opens no seat."); return; }
      seat = String(data.seat);
      showAddress(id, seat);
    }
    storeToken(id, seat, token);
  } else if (seat === null) {
    const seats = seatsStored(id);
    if (seats.length === 1) { seat = seats[0]; showAddress(id, seat); }
  }
  const mine = seat === null ? null : token || storedToken(id, seat);
  if (!mine) {
    showStart(`This tab holds no seat of game ${id}: open your seat's link.`);
    return;
  }
  startGame(id, mine);
}

$("players").addEventListener("change", seatRows);
$("game-name").addEventListener("change", gameChosen);
$("new-game").addEventListener("submit", createGame);
$("action-form").addEventListener("submit", playTyped);
$("explain-form").addEventListener("submit", explainTyped);
$("hint").addEventListener("click", askHint);
$("help-open").addEventListener("click", () => $("help").showModal());
$("zoom-in").addEventListener("click", () => zoom(1));
$("zoom-out").addEventListener("click", () => zoom(-1));
window.addEventListener("hashchange", route);
zoom(0);
gameChosen();
route();

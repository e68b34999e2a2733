#!/usr/bin/env node
// A small bot for tigeuph's bot protocol (docs/protocol.rst), in plain Node: no packages.
//
// It reads one JSON message a line on standard input and answers on standard output. Each
// decision lists the legal actions in notation; the bot ranks them by a simple preference
// (treasures first, then pieces onto the board, passing last) and draws one of the best from a
// generator seeded with the seed each new game brings, so a game replays. It logs to standard
// error only: standard output carries nothing but messages.
//
//   tigeuph arena --agents external:"node examples/bots/bot.js",greedy
//   tigeuph engine-check "node examples/bots/bot.js"
"use strict";

const readline = require("readline");

const NAME = "example-bot-js";
const VERSION = "1.0";
const PROTOCOL = 1;

// Lower is better; anything unlisted ranks 4. See docs/playing.rst for the notation.
const RANK_BY_FIRST = { "$": 0, m: 1, "+": 1, ">": 2, "#": 2, "~": 3, "-": 4, x: 5 };

function rank(action) {
  if (action === "pass" || action === "end") return 9; // only when nothing else is legal
  if (action === "m-") return 6; // declining a monument
  const first = action[0];
  if (first in RANK_BY_FIRST) return RANK_BY_FIRST[first];
  if (first >= "a" && first <= "z") return 1; // a tile onto the board
  if (first >= "A" && first <= "Z") return 1; // a leader placed or moved
  return 4;
}

// mulberry32: a tiny seeded generator, so that the bot's games replay.
function generator(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choose(legal, random) {
  const best = Math.min(...legal.map(rank));
  const candidates = legal.filter((action) => rank(action) === best);
  return candidates[Math.floor(random() * candidates.length)];
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let random = generator(1);
const input = readline.createInterface({ input: process.stdin, terminal: false });

input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({
        type: "hello",
        protocol: PROTOCOL,
        name: NAME,
        version: VERSION,
        games: ["tigris", "babel"],
        view: "json",
      });
      break;
    case "new_game":
      random = generator(message.seed); // the host's seed for this seat: the game replays
      break;
    case "decide":
      send({ type: "action", action: choose(message.legal, random) });
      break;
    case "end":
      process.stderr.write(`${NAME}: ${message.result}, ranks ${message.ranks}\n`);
      break;
    case "quit":
      input.close();
      break;
    default: // a newer host's message: pass over it
      break;
  }
});

input.on("close", () => process.exit(0));

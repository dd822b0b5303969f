#!/usr/bin/env node
// A complete arena bot in JavaScript (Node.js, no packages): it plays any of the games.
//
//     cardgames arena hanabi --seats "convention,js=exec:node docs/examples/arena/bot.js"
//
// The arena starts this program once for each seat of each game and talks to it in JSON
// lines (docs/arena.md): a "start" message, a "view" message whenever the seat is to move
// (answered with one line, the move's notation), a "game_over" message, then the end of the
// input. In Hanabi it plays a card only when it knows the card is playable, gives a clue
// while it has clue tokens and discards otherwise; in the other games it picks a legal move
// at random, from the seed the arena gives it (so its games are repeatable).
"use strict";

const readline = require("node:readline");

// mulberry32: a small seeded generator (Math.random cannot be seeded).
function generator(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(items, random) {
  return items[Math.floor(random() * items.length)];
}

function hanabiMove(view, legal, random) {
  const playable = new Set(view.playable);
  for (const slot of view.own_hand) {
    const move = `play ${slot.slot}`;
    if (legal.includes(move) && slot.possible.length > 0
        && slot.possible.every((card) => playable.has(card))) {
      return move;
    }
  }
  const clues = legal.filter((move) => move.startsWith("clue"));
  if (clues.length > 0) return pick(clues, random);
  const discards = legal.filter((move) => move.startsWith("discard"));
  return discards.length > 0 ? discards[discards.length - 1] : pick(legal, random);
}

let game = "";
let random = generator(0);
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    game = message.game;
    random = generator(message.seed);
  } else if (message.type === "view") {
    const legal = message.legal.map((choice) => choice.notation);
    const move = game === "hanabi" ? hanabiMove(message.view, legal, random) : pick(legal, random);
    process.stdout.write(move + "\n"); // one line: the move, in notation
  }
  // "game_over" needs no answer; the input ends after it.
});

/**
 * Hanabi at the web table: fireworks, tokens and pace, every hand (the viewer's own as what the
 * clues told it: the cards it may still be), clue marks, the playable / critical / trash marks
 * the viewer can tell, each card's clue history and note, the discard pile by suit.
 *
 * Drawn from the view the server sends (seat_view or spectator_view JSON): the viewer's own
 * cards have no identity in it, so none can be drawn. The marks are the view's `marks` (the
 * server works them out with the game's own code, as far as the viewer can tell). See app.js
 * for the module interface.
 */

/** The lobby's form (see app.js): what the two five-suit rule sets mean (No Variant, which
 *  a hanab.live player expects, is offered first: the game's `preset_with_people`). */
export const lobby = {
  presetHelp: {
    "no-variant": "hanab.live's No Variant: the usual five suits, and a clue must touch at least one card.",
    "standard": "The printed rulebook: the five suits, and a clue may touch no card (an empty clue), which the bots use.",
  },
};

/** The keys of this table, for the "?" panel (app.js lists them with its own). */
export const keys = [["1–5", "select your card in that slot"], ["p", "play your selected card"],
  ["d", "discard your selected card"], ["c", "clue the colour of a partner's selected card"],
  ["r", "clue the rank of a partner's selected card"]];

/** The rules in short, for the "?" panel. */
export const rules = [
  "Together, build one firework per colour from 1 to 5. You see every hand but your own.",
  "On your turn: give a clue (a colour or a rank: it shows every card of it in one partner's hand; costs a clue token), discard a card (regains a token) or play one.",
  "A card that does not fit its firework burns a fuse; the last fuse ends the game with 0 points. After the last card is drawn, everyone plays once more.",
  "The score is the number of cards played: 25 is perfect.",
];

const MARK = {playable: "✓", critical: "!", trash: "×"};
const MARK_WORD = {playable: "playable", critical: "critical: the last copy", trash: "trash: no longer needed"};

const suitOf = (card) => card[0];
const rankOf = (card) => card.slice(1);
const handOf = (view, seat) => (view.type === "HanabiPublicView" ? view.hands[seat]
  : seat === view.seat ? view.own_hand : view.other_hands[seat]);
const clueText = (value) => String(value);

function suitInfo(view, letter) { return view.variant.suits.find((s) => s.letter === letter); }
function suitClass(view, letter) {
  const suit = suitInfo(view, letter);
  return suit ? `hs-${suit.style}` : "hs-unknown";
}

/** What the clues pin down: "R3", "R?", "?3", or "". */
function known(possible) {
  const suits = new Set(possible.map(suitOf)), ranks = new Set(possible.map(rankOf));
  if (suits.size > 1 && ranks.size > 1) return "";
  return (suits.size === 1 ? [...suits][0] : "?") + (ranks.size === 1 ? [...ranks][0] : "?");
}

/** Every clue each card now in a hand received, by order: [{move, seat, value, touched}].
 *  Walking the history back, a drawn card leaves slot 1 and a played or discarded card returns
 *  to its slot, so each clue meets the hand it was given to. */
function clueHistory(view) {
  const hands = view.players.map((_, seat) => handOf(view, seat).map((slot) => slot.order));
  const found = {};
  hands.flat().forEach((order) => { found[order] = []; });
  for (let number = view.history.length; number > 0; number--) {
    const events = view.history[number - 1].events;
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (e.type === "Drew") hands[e.seat].shift();
      else if ((e.type === "Played" || e.type === "Discarded" || e.type === "Thrown") && e.slot !== null)
        hands[e.seat].splice(e.slot - 1, 0, e.order);
      else if (e.type === "Clued" || e.type === "HiddenClued") {
        hands[e.target].forEach((order, index) => {
          if (order in found) found[order].unshift({move: number, seat: e.seat,
            value: e.type === "Clued" ? e.value : e.word, touched: e.slots.includes(index + 1)});
        });
      }
    }
  }
  return found;
}

/** "1 fuse", "2 fuses". */
function counted(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

function pace(view) { return view.score + view.deck_size + view.players.length - view.max_score; }

export function describe(view) {
  if (!view || !view.variant) return "Hanabi";
  const tokens = view.half_clue_token ? `${view.clue_tokens}½` : view.clue_tokens;
  const end = view.is_over ? " · over" : view.final_round_turns !== null ? ` · final round: ${view.final_round_turns} turns` : "";
  return `Hanabi · score ${view.score}/${view.max_score} · ${tokens} clues · ${view.fuses} fuses · deck ${view.deck_size} · pace ${pace(view)}${end}`;
}

function cardFace(ui, view, card, {status, small} = {}) {
  const h = ui.h;
  return h("div", {class: `hcard face ${suitClass(view, suitOf(card))}${small ? " small" : ""}`,
    title: `${suitInfo(view, suitOf(card))?.name || ""} ${rankOf(card)}${status ? " — " + MARK_WORD[status] : ""}`},
    h("span", {class: "rank"}, rankOf(card)), h("span", {class: "suit"}, suitOf(card)),
    status ? h("span", {class: `mark ${status}`}, MARK[status]) : null);
}

/** A small grid of the cards a slot may still be (suits down, ranks across). */
function possibilities(ui, view, possible) {
  const h = ui.h;
  const set = new Set(possible);
  const ranks = [...new Set(view.variant.suits.flatMap((s) => Object.keys(s.counts)))];
  return h("div", {class: "poss", "aria-hidden": "true"}, view.variant.suits.map((s) =>
    h("div", {class: "poss-row"}, ranks.map((r) =>
      h("span", {class: set.has(s.letter + r) ? `on ${suitClass(view, s.letter)}` : "off"})))));
}

/** What the last move did: the cards a clue touched (by order), the card played or
 *  discarded (its order and where it went). */
function lastMove(view) {
  const move = view.history.length ? view.history[view.history.length - 1] : null;
  const touched = new Set();
  let moved = null;
  for (const e of move ? move.events : []) {
    if (e.type === "Clued" || e.type === "HiddenClued") {
      const hand = handOf(view, e.target);
      for (const slot of hand) if (e.slots.includes(slot.slot)) touched.add(String(slot.order));
    } else if (e.type === "Played") moved = {order: e.order, card: e.card, to: e.success ? "firework" : "discards"};
    else if (e.type === "Discarded") moved = {order: e.order, card: e.card, to: "discards"};
  }
  return {touched, moved};
}

/** The viewer's own cards once nothing is secret (a finished game, its replay): another
 *  seat's view of the same position holds them (ui.partner), by order. */
function revealedCards(view, ui) {
  const partner = ui.partner;
  if (!partner || partner.seat === view.seat || !partner.other_hands) return new Map();
  return new Map((partner.other_hands[view.seat] || []).map((slot) => [slot.order, slot.card]));
}

function slotCard(ui, view, seat, slot, extras) {
  const h = ui.h;
  const key = String(slot.order);
  if (extras.revealed && (slot.card === undefined || slot.card === null)) slot = {...slot, card: extras.revealed};
  const own = slot.card === undefined || slot.card === null;
  const status = (view.marks || {})[key] || null;  // the server's, by the game's own rules
  const note = ui.noteFor(key);
  const pinned = known(slot.possible);
  const selected = ui.selected === key;
  const label = own ? `slot ${slot.slot}: ${pinned || "unknown"}` : `slot ${slot.slot}: ${slot.card}`;
  const body = own
    ? h("div", {class: `hcard back ${pinned && pinned[0] !== "?" ? suitClass(view, pinned[0]) : ""}`},
        h("span", {class: "known"}, pinned || " "), possibilities(ui, view, slot.possible),
        status ? h("span", {class: `mark ${status}`}, MARK[status]) : null)
    : cardFace(ui, view, slot.card, {status});
  return h("button", {type: "button",
    class: `slot${slot.touched ? " touched" : ""}${selected ? " selected" : ""}${extras.hinted ? " hinted" : ""}${extras.justClued ? " just-clued" : ""}${extras.revealed ? " revealed" : ""}`,
    "aria-label": `${view.players[seat]}'s ${label}${slot.touched ? ", clued" : ""}${note ? ", note: " + note : ""}`,
    "aria-pressed": selected ? "true" : "false", title: extras.mine ? `select your slot ${slot.slot}` : null,
    dataset: {order: key, seat: String(seat), slot: String(slot.slot), ...(extras.mine ? {key: String(slot.slot)} : {})},
    on: {click: () => ui.select(key)}},
    extras.justClued ? h("span", {class: "clue-arrow", title: "the last clue touched this card"}, "▼") : null,
    body,
    h("span", {class: "under"}, h("span", {class: "slotno"}, `#${slot.slot}`),
      !own && pinned ? h("span", {class: "pinned", title: "what its holder knows"}, pinned) : null,
      slot.touched ? h("span", {class: "clued", title: "clued"}, "●") : null,
      note ? h("span", {class: "noted", title: note}, "✎") : null));
}

/** The legal clues to `seat`, as buttons (in the rules' order). Keys: a teammate's selected
 *  card offers "c" and "r", its colour and its rank; the own slots are keys 1–5. */
function clueButtons(ui, view, seat) {
  const clues = ui.find((a) => a.notation.startsWith(`clue ${seat + 1} `) || a.notation.startsWith(`bonus clue ${seat + 1} `));
  return clues.map((a) => {
    const value = a.notation.split(" ").pop();
    const letter = view.variant.suits.find((s) => s.name === value)?.letter;
    return ui.button(value, () => ui.act(a.id), {cls: `clue ${letter ? suitClass(view, letter) : "rankclue"}`,
      title: a.notation});
  });
}

export function render(root, message, ui) {
  const view = message.view;
  const h = ui.h;
  if (!view || !view.variant) { root.append(h("p", {}, "Waiting for the deal.")); return; }
  const history = clueHistory(view);
  const hinted = hintedOrders(view, ui);
  const last = lastMove(view);
  const revealed = revealedCards(view, ui);

  // Fireworks and tokens
  const fireworks = h("div", {class: "fireworks"}, view.variant.suits.map((suit, i) => {
    const pile = view.fireworks[i] || [];
    const top = pile[pile.length - 1];
    const justPlayed = last.moved && last.moved.to === "firework" && top === last.moved.card;
    return h("div", {class: `firework${justPlayed ? " last-move" : ""}`, title: `${suit.name}: ${pile.length}`},
      top ? cardFace(ui, view, top) : h("div", {class: `hcard empty ${suitClass(view, suit.letter)}`}, h("span", {class: "suit"}, suit.letter)));
  }));
  const dots = (n, max, cls) => h("span", {class: `dots ${cls}`}, Array.from({length: max}, (_, i) => h("i", {class: i < n ? "on" : "off"})));
  const tokens = h("div", {class: "tokens"},
    h("span", {title: "clue tokens"}, "Clues ", dots(view.clue_tokens, view.max_clue_tokens, "clue"), ` ${view.clue_tokens}${view.half_clue_token ? "½" : ""}`),
    h("span", {title: "fuses left"}, "Fuses ", dots(view.fuses, view.max_fuses, "fuse"), ` ${view.fuses}`),
    h("span", {}, `Deck ${view.deck_size}`),
    h("span", {}, `Score ${view.score}/${view.max_score}`),
    h("span", {title: "pace: discards left before the maximum score is out of reach"}, `Pace ${pace(view)}`),
    view.final_round_turns !== null ? h("span", {class: "final"}, `Final round: ${view.final_round_turns} turns`) : null,
    view.next_clue_kind ? h("span", {}, `Next clue: ${view.next_clue_kind}`) : null);

  // Hands: the viewer's own last (nearest the hand), the others in seat order after it
  const count = view.players.length;
  const first = message.seat === null ? 0 : (message.seat + 1) % count;
  const order = Array.from({length: count}, (_, i) => (first + i) % count);
  const hands = h("div", {class: "hands"}, order.map((seat) => {
    const own = seat === message.seat;
    const toMove = view.current_player === seat && !view.is_over;
    return h("section", {class: `hand${own ? " own" : ""}${toMove ? " to-move" : ""}`, dataset: {seat: String(seat)}},
      h("h3", {title: ui.seatTitle?.(seat) || null}, view.players[seat], own ? " (you)" : "", toMove ? h("span", {class: "turn"}, " ● to move") : null),
      h("div", {class: "cards"}, handOf(view, seat).map((slot) =>
        slotCard(ui, view, seat, slot, {hinted: hinted.has(String(slot.order)), mine: own,
          justClued: last.touched.has(String(slot.order)),
          revealed: own ? revealed.get(slot.order) : undefined}))));
  }));

  root.append(h("div", {class: "hanabi"},
    h("div", {class: "top"}, fireworks, tokens), hands,
    details(ui, view, message, history), actionsBar(ui, view, message), discardPile(ui, view, last)));
}

/** The cards the hint names (a play or discard of the viewer's slot, the touched cards are
 *  the rules' to say, so a clue marks the whole hand). */
function hintedOrders(view, ui) {
  const found = new Set();
  if (!ui.hint) return found;
  const words = ui.hint.action.notation.split(" ");
  if ((words[0] === "play" || words[0] === "discard") && /^\d+$/.test(words[1]) && view.own_hand) {
    const slot = view.own_hand.find((s) => s.slot === Number(words[1]));
    if (slot) found.add(String(slot.order));
  }
  return found;
}

function details(ui, view, message, history) {
  const h = ui.h;
  const key = ui.selected;
  if (key === null) return h("div", {class: "details quiet"}, ui.canAct
    ? "Tap a card: your own to play or discard it, another's to clue its player (keys 1–5 select your cards)."
    : "Tap a card to see its clue history and notes.");
  let seat = null, slot = null;
  view.players.forEach((_, s) => handOf(view, s).forEach((c) => { if (String(c.order) === key) { seat = s; slot = c; } }));
  if (!slot) return h("div", {class: "details"});
  const own = seat === message.seat;
  const clues = history[slot.order] || [];
  const actions = [];
  if (own && ui.canAct) {
    const play = ui.find((a) => a.notation === `play ${slot.slot}`)[0];
    const discard = ui.find((a) => a.notation === `discard ${slot.slot}`)[0];
    if (play) actions.push(ui.button(`Play #${slot.slot}`, () => ui.act(play.id), {key: "p", cls: "primary"}));
    if (discard) actions.push(ui.button(`Discard #${slot.slot}`, () => ui.act(discard.id), {key: "d"}));
  } else if (!own && ui.canAct) {
    const suit = suitInfo(view, suitOf(slot.card));
    const colour = suit && ui.find((a) => a.notation === `clue ${seat + 1} ${suit.name}`)[0];
    const rank = ui.find((a) => a.notation === `clue ${seat + 1} ${rankOf(slot.card)}`)[0];
    if (colour) actions.push(ui.button(`Clue ${suit.name}`, () => ui.act(colour.id), {key: "c", cls: `clue ${suitClass(view, suit.letter)}`}));
    if (rank) actions.push(ui.button(`Clue ${rankOf(slot.card)}`, () => ui.act(rank.id), {key: "r", cls: "clue rankclue"}));
  }
  const note = ui.noteFor(key);
  return h("div", {class: "details", id: "card-details"},
    h("div", {class: "row"}, h("strong", {}, `${view.players[seat]}'s #${slot.slot}`),
      slot.card ? ` ${slot.card}` : ` may be: ${slot.possible.length > 12 ? slot.possible.length + " cards" : slot.possible.join(" ")}`),
    h("div", {class: "cluehist"}, clues.length ? clues.map((c) => h("span", {class: c.touched ? "yes" : "no"},
      `${c.touched ? "" : "not "}${clueText(c.value)} (move ${c.move}, ${view.players[c.seat]})`)) : h("span", {class: "quiet"}, "no clue yet")),
    note ? h("div", {class: "note"}, "✎ ", note) : null,
    h("div", {class: "row"}, actions,
      message.seat !== null && !ui.replay ? ui.button(note ? "Edit note" : "Note", () => ui.openNote(key)) : null));
}

function actionsBar(ui, view, message) {
  const h = ui.h;
  if (!ui.canAct) return null;
  const others = view.players.map((_, s) => s).filter((s) => s !== message.seat);
  const rest = ui.find((a) => !/^(play|discard|clue|bonus clue) \d/.test(a.notation));
  return h("div", {class: "clues"},
    others.map((seat) => h("div", {class: "row"}, h("span", {class: "who"}, `Clue ${view.players[seat]}:`), clueButtons(ui, view, seat))),
    rest.length ? h("div", {class: "row"}, rest.map((a) => ui.button(a.notation, () => ui.act(a.id)))) : null);
}

function discardPile(ui, view, last) {
  const h = ui.h;
  let marked = !(last.moved && last.moved.to === "discards");
  const mark = (c, node) => {
    if (!marked && c === last.moved.card) { node.classList.add("last-move"); marked = true; }
    return node;
  };
  return h("div", {class: "discards"}, h("h3", {}, `Discards (${view.discards.length})`),
    view.discards.length ? h("div", {class: "pile"}, view.variant.suits.map((suit) => {
      const cards = view.discards.filter((c) => suitOf(c) === suit.letter).sort();
      return cards.length ? h("div", {class: "pile-suit"}, cards.map((c) => mark(c, cardFace(ui, view, c, {small: true})))) : null;
    })) : h("span", {class: "quiet"}, "none yet"));
}

export function summary(message, ui) {
  const view = message.view;
  if (!view || !view.is_over) return null;
  const h = ui.h;
  const over = ui.gameOver;
  return h("div", {dataset: {key: "final"}},
    h("h2", {}, `Game over: ${view.score} of ${view.max_score}`),
    h("p", {class: "winner"}, `${view.players.join(", ")} scored ${view.score} of ${view.max_score} together.`),
    over ? h("p", {}, over.result) : null,
    h("p", {class: "quiet"}, `${view.history.length} moves · ${view.discards.length} cards discarded · ${counted(view.max_fuses - view.fuses, "fuse")} lost`),
    over?.exports?.hanablive ? h("p", {}, ui.button("Save the hanab.live export", () => ui.download("hanabi-game.json", over.exports.hanablive))) : null);
}

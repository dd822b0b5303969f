// Koi-Koi at the web table: the field, the hands, the captured piles by kind, yaku progress,
// the capture choice and the koi-koi decision, all drawn from the server's `view` message.
// Every action is a <button>: mouse, touch and keyboard (Tab, Enter, Space) reach each one.
// The yaku progress comes from the server (the view's `progress`, worked out by the game's
// own code): this module scores nothing itself.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const FLOWERS = ["pine", "plum", "cherry", "wisteria", "iris", "peony", "bush clover",
  "pampas", "chrysanthemum", "maple", "willow", "paulownia"];
// The pictures by kind, as the notation names them (cardgames.koikoi.cards).
const BRIGHTS = new Set(["jan-crane", "mar-curtain", "aug-moon", "nov-rain-man", "dec-phoenix"]);
const ANIMALS = new Set(["feb-warbler", "apr-cuckoo", "may-bridge", "jun-butterflies", "jul-boar",
  "aug-geese", "sep-sake-cup", "oct-deer", "nov-swallow"]);
const POETRY_MONTHS = new Set([1, 2, 3]);
const BLUE_MONTHS = new Set([6, 9, 10]);
const KINDS = ["bright", "animal", "ribbon", "chaff"];
// Each month's cards by index, highest first (cardgames.koikoi.cards): a card's id in events
// is (month - 1) * 4 + index - 1.
const SPECIALS = [["crane", "ribbon"], ["warbler", "ribbon"], ["curtain", "ribbon"], ["cuckoo", "ribbon"],
  ["bridge", "ribbon"], ["butterflies", "ribbon"], ["boar", "ribbon"], ["moon", "geese"],
  ["sake-cup", "ribbon"], ["deer", "ribbon"], ["rain-man", "swallow", "ribbon", "lightning"], ["phoenix"]];
const CODES = MONTHS.flatMap((abbr, m) => [...SPECIALS[m],
  ...Array.from({length: 4 - SPECIALS[m].length}, (_, i) => `chaff-${i + 1}`)].map((name) => `${abbr}-${name}`));

/** The keys of this table, for the "?" panel (app.js lists them with its own). */
export const keys = [["1–8", "select that card of your hand"], ["p", "play the selected card (its capture)"],
  ["q", "play it capturing the other card of its month"], ["a, b", "which card the turned-over card captures"],
  ["k", "koi-koi: play on for more"], ["s", "stop and score now"]];

/** The rules in short, for the "?" panel. */
export const rules = [
  "Each month has four cards. On your turn play a card from your hand: it captures a field card of its month, or stays on the field. Then turn over the stock's top card, which captures the same way.",
  "Captured cards make yaku (brights, animals, ribbons, chaff sets, viewing the moon or the cherry blossoms with sake).",
  "A new yaku asks: stop and score it now, or koi-koi and play on for more, at the risk that the opponent stops first (and scores double).",
  "A round's yaku total of 7 or more is doubled. The most points after the last round wins.",
];

/** The lobby's form (see app.js): Koi-Koi's 30-odd options in groups a player knows. */
export const lobby = {
  optionGroup(name) {
    if (/^(rounds|banks|starting_bank|first_dealer|shuffle)$/.test(name)) return "The match";
    if (/koikoi/.test(name)) return "Koi-koi calls";
    if (/^(viewing|tsuki)/.test(name)) return "Viewing yaku and the month's cards";
    if (/^(teshi|kuttsuki|lucky|redeal|capture_all|drawn_round|oya_ken)/.test(name)) return "The deal, lucky hands and drawn rounds";
    return "Yaku and points";
  },
};

/** The engine writes seats as P1, P2: the shell puts the players' names there. */
export const seatPattern = /\bP(\d+)\b/g;
const named = (text, names) => text.replace(seatPattern, (whole, n) => names[Number(n) - 1] ?? whole);

export function cardInfo(code) {
  const [abbr, ...rest] = code.split("-");
  const month = MONTHS.indexOf(abbr) + 1;
  const picture = rest.join(" ");
  let kind = "chaff";
  if (BRIGHTS.has(code)) kind = "bright";
  else if (ANIMALS.has(code)) kind = "animal";
  else if (rest[0] === "ribbon") kind = "ribbon";
  let ribbon = null;
  if (kind === "ribbon") {
    ribbon = POETRY_MONTHS.has(month) ? "poetry" : BLUE_MONTHS.has(month) ? "blue" : "plain";
  }
  return { code, month, abbr, picture, kind, ribbon };
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// A tile's face: the card's own picture (cards/<code>.svg beside this module, drawn by
// cardgames.koikoi.art: the month's plant and colour, and what the card's kind shows), its
// name in the title.
function face(node, code, small) {
  const info = cardInfo(code);
  node.classList.add("kk-tile", `month-${info.month}`, `kind-${info.kind}`);
  if (small) node.classList.add("small");
  node.dataset.card = code;
  node.title = `${code}: ${FLOWERS[info.month - 1]}, ${info.ribbon ? `${info.ribbon} ribbon` : info.kind}`;
  const art = el("img", "kk-art");
  art.src = new URL(`cards/${code}.svg`, import.meta.url).pathname;
  art.alt = code;
  art.draggable = false;
  node.prepend(art);
  return node;
}

function tile(code, { small = false } = {}) {
  const node = face(el("div"), code, small);
  node.setAttribute("aria-label", `${code} (${cardInfo(code).kind})`);
  return node;
}

// A card of the table: a button when it does something now (`run`: the shell's button, its
// key shown and in the key help; with the class `cls`), else a plain tile.
function card(code, ui, run, { key, title, cls } = {}) {
  if (!run) return tile(code);
  const node = face(ui.button("", run, { key, title: title || code, cls: "kk-tile-button" }), code, false);
  node.setAttribute("aria-label", title || code);
  if (cls) node.classList.add(cls);
  return node;
}

function backs(count, label) {
  const row = el("div", "kk-backs");
  row.setAttribute("aria-label", label);
  for (let i = 0; i < count; i += 1) row.append(el("div", "kk-tile kk-back"));
  row.append(el("span", "kk-count", `${count}`));
  return row;
}

// A seat's captured cards grouped by kind, with its yaku now and the ones in progress.
function pileBox(view, seat, mine, ui) {
  const box = el("section", `kk-pile${mine ? " mine" : ""}`);
  const score = view.yaku[seat];
  const head = el("div", "kk-pile-head");
  const name = el("strong", "", view.players[seat] + (mine ? " (you)" : ""));
  if (ui.seatTitle?.(seat)) name.title = ui.seatTitle(seat);
  head.append(name);
  head.append(el("span", "kk-points", `${view.scores[seat]} pts`));
  const calls = view.koikoi_calls[seat];
  if (calls) head.append(el("span", "kk-badge", `koi-koi ×${calls}`));
  if (view.current_player === seat) head.append(el("span", "kk-badge turn", "to play"));
  box.append(head);
  const groups = el("div", "kk-groups");
  for (const kind of KINDS) {
    const cards = view.piles[seat].filter((code) => cardInfo(code).kind === kind);
    const group = el("div", `kk-group kind-${kind}`);
    group.append(el("span", "kk-group-name", `${kind} ${cards.length}`));
    const row = el("div", "kk-group-cards");
    for (const code of cards) row.append(tile(code, { small: true }));
    group.append(row);
    groups.append(group);
  }
  box.append(groups);
  const yaku = el("div", "kk-yaku");
  yaku.append(el("span", score.yaku.length ? "kk-formed" : "kk-none",
    score.yaku.length ? score.text : "no yaku yet"));
  for (const item of (view.progress || [[], []])[seat]) {
    const near = item.need - item.have === 1;
    yaku.append(el("span", `kk-progress${near ? " near" : ""}`,
      `${item.name} ${item.have}/${item.need}`));
  }
  box.append(yaku);
  return box;
}

// What each legal action is, read from its notation ("play C", "play C capture D",
// "capture D", "koikoi", "stop").
function parseLegal(legal) {
  return legal.map((choice) => {
    const words = choice.notation.split(" ");
    if (words[0] === "play") return { ...choice, kind: "play", card: words[1], target: words[3] || null };
    if (words[0] === "capture") return { ...choice, kind: "capture", target: words[1] };
    return { ...choice, kind: words[0] };
  });
}

// The field cards a play of `code` captures: the chosen one, or every card of its month
// (the rules capture the one match, or all three, without asking).
function capturesOf(code, plays, field) {
  const mine = plays.filter((p) => p.card === code);
  if (mine.some((p) => p.target)) return new Map(mine.map((p) => [p.target, p]));
  const month = cardInfo(code).month;
  return new Map(field.filter((f) => cardInfo(f).month === month).map((f) => [f, mine[0]]));
}

export function render(root, message, ui) {
  const view = message.view || {};
  root.replaceChildren();
  root.classList.add("kk-table");
  root.dataset.move = String(message.move ?? ""); // the position drawn (tests compare it)
  if (!view.players) {
    root.append(el("p", "kk-note", "Waiting for the game to start."));
    return;
  }
  const me = typeof view.seat === "number" ? view.seat : null;
  const canAct = !ui.replay;
  const legal = parseLegal(message.legal || []);
  const plays = legal.filter((a) => a.kind === "play");
  const hand = view.hand || [];
  let selected = ui.selected;
  if (!hand.includes(selected)) selected = null;
  const captures = selected && plays.length ? capturesOf(selected, plays, view.field) : new Map();
  const pendingOptions = new Map(legal.filter((a) => a.kind === "capture").map((a) => [a.target, a]));
  const last = lastMove(view);

  // The round line.
  const info = el("div", "kk-info");
  info.append(el("span", "", `Round ${view.round_number} of ${view.rules.rounds}`));
  info.append(el("span", "", `month ${view.month} (${FLOWERS[view.month - 1]})`));
  info.append(el("span", "", `dealer ${view.players[view.dealer]}`));
  info.append(el("span", "", `stock ${view.stock_size}`));
  root.append(info);
  const news = announcement(view);
  if (news) root.append(news);

  // The opponent (a seat), or both seats' hands (a spectator).
  const opponents = me === null ? [1, 0] : [1 - me];
  for (const seat of opponents.slice(0, 1)) {
    root.append(handRow(view, seat, me));
    root.append(pileBox(view, seat, false, ui));
  }

  // The field, the stock and the turned-over card waiting for its capture choice.
  const field = el("section", "kk-field");
  field.setAttribute("aria-label", "field");
  const stock = el("div", "kk-stock");
  stock.append(el("div", "kk-tile kk-back"), el("span", "kk-count", `stock ${view.stock_size}`));
  field.append(stock);
  if (view.pending && view.pending.type === "CaptureChoice") {
    const turned = el("div", "kk-turned");
    turned.append(el("span", "kk-label", "turned over"), tile(view.pending.card));
    field.append(turned);
  }
  const cards = el("div", "kk-field-cards");
  for (const code of view.field) {
    const option = canAct ? pendingOptions.get(code) || captures.get(code) : null;
    cards.append(card(code, ui, option && (() => ui.act(option.id)),
      { title: option?.notation, cls: "capturable" }));
  }
  field.append(cards);
  root.append(field);

  // The decision, the choices of the selected card, or whose turn it is.
  root.append(prompt(view, canAct ? legal : [], selected, captures, ui, me));

  // My side (a seat), or the first seat (a spectator).
  const own = me === null ? 0 : me;
  root.append(pileBox(view, own, me !== null, ui));
  if (me !== null) {
    const mine = el("section", "kk-hand mine");
    mine.setAttribute("aria-label", "your hand");
    const playable = new Set(plays.map((p) => p.card));
    const hinted = ui.hint ? ui.hint.action.notation.split(" ") : [];
    const hintedCard = hinted[0] === "play" ? hinted[1] : null; // the card the hint plays
    hand.forEach((code, index) => {
      const node = card(code, ui, playable.has(code) && canAct && (() => ui.select(code)),
        { key: index < 9 ? String(index + 1) : undefined, title: `select ${code}`, cls: "playable" });
      if (node.classList.contains("playable")) {
        if (code === selected) node.classList.add("selected");
        if (code === hintedCard) node.classList.add("hinted");
      }
      mine.append(node);
    });
    root.append(mine);
  } else {
    root.append(handRow(view, 0, me));
  }
  // The cards the last move played, turned over and captured, wherever they lie now.
  for (const node of root.querySelectorAll(".kk-tile[data-card]")) {
    if (last.cards.has(node.dataset.card)) node.classList.add("last-move");
  }
}

/** The last move of this round: the cards it played and captured, its yaku and calls. */
function lastMove(view) {
  const history = view.history || [];
  const move = history.length ? history[history.length - 1] : null;
  const cards = new Set();
  const events = move ? move.events : [];
  if (events.some((e) => e.type === "RoundStarted")) return {cards, events: []};
  for (const e of events) {
    if (e.type !== "CardPlayed") continue;
    cards.add(CODES[e.card]);
    for (const id of e.captured) cards.add(CODES[id]);
  }
  return {cards, events};
}

/** A koi-koi call or a new yaku, said aloud above the table. */
function announcement(view) {
  const said = lastMove(view).events.filter((e) => e.type === "KoiKoiCalled" || e.type === "YakuFormed");
  if (!said.length) return null;
  const box = el("div", "kk-announce");
  box.setAttribute("role", "status");
  for (const e of said) {
    const who = view.players[e.seat];
    box.append(el("p", e.type === "KoiKoiCalled" ? "call" : "yaku", e.type === "KoiKoiCalled"
      ? `${who} calls koi-koi!${e.calls > 1 ? ` (call ${e.calls})` : ""} The round goes on.`
      : `${who} has ${e.score.text}${e.forced_stop ? `: must stop, ${named(e.forced_stop.text, view.players)}` : ""}`));
  }
  return box;
}

function handRow(view, seat, me) {
  const open = view.hands ? view.hands[seat] : null;
  const row = el("section", "kk-hand");
  row.append(el("span", "kk-label", `${view.players[seat]}'s hand`));
  if (open) {
    const cards = el("div", "kk-hand-cards");
    for (const code of open) cards.append(tile(code, { small: true }));
    row.append(cards);
  } else {
    const size = me === null ? view.hand_sizes[seat] : view.opponent_hand_size;
    row.append(backs(size, `${view.players[seat]} holds ${size} cards`));
  }
  return row;
}

function actionButton(choice, label, ui, extra = "", key = undefined) {
  const button = ui.button(label, () => ui.act(choice.id),
    { key, title: choice.notation, cls: `kk-action ${extra}`.trim() });
  button.dataset.action = choice.notation;
  return button;
}

function prompt(view, legal, selected, captures, ui, me) {
  const plays = legal.filter((a) => a.kind === "play");
  const box = el("section", "kk-prompt");
  box.setAttribute("aria-live", "polite");
  const pending = view.pending;
  if (view.is_over) {
    box.append(el("p", "kk-winner", `Match over. ${standing(view)}`));
    return box;
  }
  if (pending && pending.type === "KoiKoiDecision" && pending.seat === me) {
    const points = pending.stop_points.points;
    box.append(el("p", "kk-question",
      `You have ${pending.score.text}. Koi-koi (play on for more) or stop and score ${points} point${points === 1 ? "" : "s"}?`));
    const buttons = el("div", "kk-buttons");
    for (const choice of legal) {
      if (choice.kind === "koikoi") {
        const left = pending.calls_left === null ? "" : ` (${pending.calls_left} left)`;
        buttons.append(actionButton(choice, `Koi-koi${left}`, ui, "koikoi", "k"));
      } else if (choice.kind === "stop") {
        buttons.append(actionButton(choice, `Stop: ${points} pts`, ui, "stop", "s"));
      }
    }
    box.append(buttons);
    return box;
  }
  if (pending && pending.type === "CaptureChoice" && pending.seat === me) {
    box.append(el("p", "kk-question", `The turned-over ${pending.card} matches two field cards: which does it capture?`));
    const buttons = el("div", "kk-buttons");
    legal.forEach((choice, index) => buttons.append(
      actionButton(choice, choice.notation, ui, "capture", "abcdef"[index])));
    box.append(buttons);
    return box;
  }
  if (me !== null && legal.length) {
    if (!selected) {
      box.append(el("p", "", "Your turn: choose a card from your hand."));
      return box;
    }
    const buttons = el("div", "kk-buttons");
    const shown = new Set();
    const own = captures.size ? [...captures.values()] : plays.filter((p) => p.card === selected);
    for (const choice of own) {
      if (!choice || shown.has(choice.id)) continue;
      buttons.append(actionButton(choice, describePlay(choice, captures), ui, "play",
        "pqrs"[shown.size]));
      shown.add(choice.id);
    }
    box.append(el("p", "", captures.size ? `${selected} captures the highlighted card${captures.size > 1 ? "s" : ""}.` : `${selected} matches nothing: it stays on the field.`));
    box.append(buttons);
    return box;
  }
  const turn = view.current_player;
  const who = turn === null ? "" : view.players[turn];
  let text = `${who} to play.`;
  if (pending && pending.type === "KoiKoiDecision") text = `${who} has ${pending.score.text}: koi-koi or stop?`;
  if (pending && pending.type === "CaptureChoice") text = `${who} chooses what ${pending.card} captures.`;
  box.append(el("p", "", text));
  return box;
}

function describePlay(choice, captures) {
  if (choice.target) return `Play ${choice.card}, capture ${choice.target}`;
  const taken = [...captures.keys()];
  return taken.length ? `Play ${choice.card}, capture ${taken.join(" + ")}` : `Play ${choice.card}`;
}

export function describe(view) {
  if (!view || !view.players) return "Koi-Koi";
  const scores = view.players.map((name, seat) => `${name} ${view.scores[seat]}`).join(" · ");
  if (view.is_over) return `Koi-Koi over: ${scores}`;
  return `Koi-Koi round ${view.round_number}/${view.rules.rounds} · ${scores}`;
}

// How a round ended, with the players' names (the result's own text says "P1").
function howItEnded(result, names) {
  if (result.winner === null) return "drawn, nobody scores";
  const who = names[result.winner];
  const total = result.score[result.winner];
  const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
  if (result.end === "lucky hand") return `${who} wins with a lucky hand (${result.lucky_hand}): ${points(total)}`;
  if (result.end === "dealer's privilege") return `drawn; dealer's privilege: ${who} scores ${total}`;
  return `${who} stops with ${result.yaku.text}; ${points(result.points.points)}`;
}

/** Each seat's captured cards at the end of each round, read from the history's moves. */
function capturesByRound(view) {
  const rounds = {};
  let piles = view.players.map(() => []);
  for (const move of view.history || []) {
    for (const e of move.events) {
      if (e.type === "CardPlayed" && e.captured.length) {
        piles[e.seat].push(CODES[e.card], ...e.captured.map((id) => CODES[id]));
      } else if (e.type === "RoundEnded") {
        rounds[e.result.round_number] = piles;
        piles = view.players.map(() => []);
      } else if (e.type === "RoundStarted" || e.type === "Redealt") {
        piles = view.players.map(() => []);
      }
    }
  }
  return rounds;
}

/** The points of a round in steps: the yaku, the bonus and every ×2 with its reason. */
function pointsSteps(result) {
  const list = el("ul", "kk-steps");
  if (result.yaku) for (const yaku of result.yaku.yaku) list.append(el("li", "", `${yaku.name}: ${yaku.points}`));
  const points = result.points;
  if (!points) return list;
  if (points.multipliers.length || points.call_bonus) list.append(el("li", "", `yaku total: ${points.base}`));
  if (points.call_bonus) list.append(el("li", "", `+${points.call_bonus} for ${points.call_bonus === 1 ? "the winner's own koi-koi call" : "the winner's own koi-koi calls"}`));
  for (const factor of points.multipliers) list.append(el("li", "kk-factor", `×${factor.factor}: ${factor.kind === "koi-koi calls" || factor.kind === "own koi-koi calls" ? `${factor.calls} ${factor.kind}` : factor.kind}`));
  list.append(el("li", "kk-sum", `= ${points.points} point${points.points === 1 ? "" : "s"}`));
  return list;
}

/** The match's winner in words, or where it stands. */
function standing(view) {
  const [a, b] = view.scores;
  if (a === b) return view.is_over ? `A draw: ${a} all.` : `${a} all.`;
  const leader = a > b ? 0 : 1;
  const verb = view.is_over ? "wins" : "leads";
  return `${view.players[leader]} ${verb} ${Math.max(a, b)} to ${Math.min(a, b)}.`;
}

// The round's board after the move that ended it (the captures, the yaku, the points and
// every ×2 explained), the match's at the end; the shell shows it on top of the table once.
export function summary(message) {
  const view = message.view || {};
  const results = view.round_results || [];
  const history = view.history || [];
  const last = history.length ? history[history.length - 1] : null;
  const ended = last && last.events.some((e) => e.type === "RoundEnded" || e.type === "MatchEnded");
  if (!results.length || !(ended || view.is_over)) return null;
  const result = results[results.length - 1];
  const box = el("section", "kk-summary");
  box.dataset.key = view.is_over ? "final" : `koikoi-round-${results.length}`;
  box.append(el("h2", "", view.is_over ? "Match over" : `Round ${result.round_number} over`));
  if (view.is_over) box.append(el("p", "winner kk-winner", standing(view)));
  box.append(el("p", "kk-how", `Round ${result.round_number}: ${howItEnded(result, view.players)}.`));
  const piles = capturesByRound(view)[result.round_number] || view.players.map(() => []);
  const seats = el("div", "kk-board-seats");
  view.players.forEach((name, seat) => {
    const side = el("section", `kk-board-seat${result.winner === seat ? " won" : ""}`);
    const calls = result.koikoi_calls[seat];
    side.append(el("h3", "", `${name}: ${result.score[seat]} point${result.score[seat] === 1 ? "" : "s"}${calls ? ` · koi-koi ×${calls}` : ""}`));
    const groups = el("div", "kk-groups");
    for (const kind of KINDS) {
      const cards = piles[seat].filter((code) => cardInfo(code).kind === kind);
      const group = el("div", `kk-group kind-${kind}`);
      group.append(el("span", "kk-group-name", `${kind} ${cards.length}`));
      const row = el("div", "kk-group-cards");
      for (const code of cards) row.append(tile(code, { small: true }));
      group.append(row);
      groups.append(group);
    }
    side.append(groups);
    if (result.winner === seat) side.append(pointsSteps(result));
    seats.append(side);
  });
  box.append(seats);
  const table = el("table", "kk-results");
  const head = el("tr");
  head.append(el("th", "", "round"));
  for (const name of view.players) head.append(el("th", "", name));
  head.append(el("th", "", "how"));
  table.append(head);
  for (const each of results) {
    const row = el("tr");
    row.append(el("td", "", `${each.round_number}`));
    for (let seat = 0; seat < view.players.length; seat += 1) row.append(el("td", "", `${each.score[seat]}`));
    row.append(el("td", "", howItEnded(each, view.players)));
    table.append(row);
  }
  box.append(table);
  box.append(el("p", "kk-total", `Total: ${view.players.map((n, s) => `${n} ${view.scores[s]}`).join(", ")}${view.is_over ? "" : ` · ${standing(view)}`}`));
  return box;
}

// Ikebana at the web table: each player's bouquet with its worth now, discard tops with their
// price, prestige, the deck, and the draw / buy / keep / refuse decisions, drawn from the
// server's `view` message. The worth comes from the server (the view's `worth`, worked out
// by the game's own code): this module scores nothing itself. Every action is a <button>.

const COLOURS = { R: "red", G: "green", K: "black", B: "blue", Y: "yellow", M: "multicolour" };
const BOUQUET = 5;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function face(node, code) {
  const letter = code[0];
  node.classList.add("ib-card", `colour-${letter}`);
  node.dataset.card = code;
  node.title = `${COLOURS[letter]} ${code.slice(1)}`;
  node.prepend(el("span", "ib-value", code.slice(1)),
    el("span", "ib-colour", letter === "M" ? "multi" : COLOURS[letter]));
  return node;
}

function card(code) {
  const node = face(el("div"), code);
  node.setAttribute("aria-label", node.title);
  return node;
}

function slot() {
  return el("div", "ib-card ib-empty");
}

export function render(root, message, ui) {
  const view = message.view || {};
  root.replaceChildren();
  root.classList.add("ib-table");
  root.dataset.move = String(message.move ?? ""); // the position drawn (tests compare it)
  if (!view.players) {
    root.append(el("p", "", "Waiting for the game to start."));
    return;
  }
  const me = typeof view.seat === "number" ? view.seat : null;
  const legal = ui.replay ? [] : (message.legal || []);
  const find = (word) => legal.find((a) => a.notation === word);
  const buys = new Map(legal.filter((a) => a.notation.startsWith("buy "))
    .map((a) => [Number(a.notation.split(" ")[1]) - 1, a]));

  const info = el("div", "ib-info");
  info.append(el("span", "", `Round ${view.round} of ${view.rules.rounds}`));
  info.append(el("span", "", `deck ${view.deck_size}`));
  if (view.score_factor > 1) info.append(el("strong", "", "final bouquet: scores double this round"));
  root.append(info);

  const seats = el("div", "ib-seats");
  view.players.forEach((name, seat) => {
    const box = el("section", `ib-seat${seat === me ? " mine" : ""}${seat === view.current_player ? " turn" : ""}`);
    const head = el("div", "ib-head");
    const who = el("strong", "", name + (seat === me ? " (you)" : ""));
    if (ui.seatTitle?.(seat)) who.title = ui.seatTitle(seat);
    head.append(who);
    head.append(el("span", "ib-prestige", `prestige ${view.prestige[seat]}`));
    if (seat === view.starter) head.append(el("span", "ib-badge", "starter"));
    if (seat === view.current_player) head.append(el("span", "ib-badge turn", "to play"));
    box.append(head);
    const row = el("div", "ib-row");
    const bouquet = el("div", "ib-bouquet");
    bouquet.setAttribute("aria-label", `${name}'s bouquet`);
    const cards = view.bouquets[seat];
    for (let i = 0; i < BOUQUET; i += 1) bouquet.append(i < cards.length ? card(cards[i]) : slot());
    row.append(bouquet);
    const discard = el("div", "ib-discard");
    const top = view.discard_tops[seat];
    discard.append(el("span", "ib-label", `discards ${view.discard_sizes[seat]}`));
    if (top) {
      const buy = buys.get(seat);
      if (buy) {
        const node = face(ui.button("", () => ui.act(buy.id),
          { key: String(seat + 1), title: `${buy.notation}: ${top} for ${top.slice(1)} prestige`, cls: "ib-buy" }), top);
        node.dataset.action = buy.notation;
        discard.append(node);
      } else {
        discard.append(card(top));
      }
      discard.append(el("span", "ib-price", `price ${top.slice(1)}`));
    } else {
      discard.append(slot());
    }
    row.append(discard);
    box.append(row);
    const worth = (view.worth || [])[seat];
    box.append(el("div", "ib-worth", `worth now: ${worth === undefined ? "?" : worth}`));
    seats.append(box);
  });
  root.append(seats);

  root.append(prompt(view, me, find, buys, ui));
}

/** The keys of this table, for the "?" panel (app.js lists them with its own). */
export const keys = [["d", "draw a card"], ["1–5", "buy the top card of that seat's discard pile"],
  ["k", "keep the drawn card"], ["r", "refuse the drawn card (paying its price)"]];

/** The rules in short, for the "?" panel. */
export const rules = [
  "Each round every player builds a bouquet of five cards (five colours and a multicolour joker; values 1 to 5), one card a turn.",
  "On your turn draw and keep the card, or refuse it onto your discard pile and draw again: the 1st refusal of a turn pays 1 prestige, the 2nd 2, and so on, to the next players. Or buy the top of another player's discard pile, paying its value to that player.",
  "A full bouquet scores its value combinations (pairs and more of a kind, runs) times its colours (two colours ×2, five different ×3, one colour ×4), added to your prestige.",
  "The most prestige after the last round wins.",
];

/** The engine writes seats as P1, P2: the shell puts the players' names there. */
export const seatPattern = /\bP(\d+)\b/g;

/** The winners in words from the prestige: "Ann wins with 157 prestige". */
function winnerText(view) {
  const best = Math.max(...view.prestige);
  const winners = view.players.filter((_, seat) => view.prestige[seat] === best);
  return winners.length > 1 ? `${winners.join(" and ")} share the victory with ${best} prestige.`
    : `${winners[0]} wins with ${best} prestige.`;
}

/** "+14 for the bouquet, +3 from refusals → 23": the prestige change of a round explained
 *  (what is not the bouquet's award came from refusals paid or received). */
function prestigeChange(view, rounds, index, seat) {
  const round = rounds[index];
  const before = index === 0 ? view.rules.starting_prestige : rounds[index - 1].prestige[seat];
  const awarded = round.awarded[seat];
  const refusals = round.prestige[seat] - before - awarded;
  const parts = [`${before}`, `+${awarded} for the bouquet`];
  if (refusals > 0) parts.push(`+${refusals} received (refusals, discards bought)`);
  if (refusals < 0) parts.push(`−${-refusals} paid (refusals, discards bought)`);
  return `${parts.join(" ")} → ${round.prestige[seat]}`;
}

function price(view, amount, payee) {
  return `${amount} to ${payee === null || payee === undefined ? "the bank" : view.players[payee]}`;
}

function prompt(view, me, find, buys, ui) {
  const box = el("section", "ib-prompt");
  box.setAttribute("aria-live", "polite");
  const pending = view.pending;
  const turn = view.current_player;
  if (view.is_over || turn === null) {
    box.append(el("p", "ib-winner", `Game over. ${winnerText(view)}`));
    return box;
  }
  const who = view.players[turn];
  const buttons = el("div", "ib-buttons");
  if (pending) {
    const drawn = el("div", "ib-drawn");
    drawn.append(el("span", "ib-label", turn === me ? "you drew" : `${who} drew`), card(pending.card));
    box.append(drawn);
    const keep = find("keep");
    const refuse = find("refuse");
    if (turn === me) {
      box.append(el("p", "", pending.can_refuse
        ? `Keep ${pending.card} in your bouquet, or refuse it (costs ${price(view, pending.paid, pending.payee)}).`
        : `You must keep ${pending.card}: refusing would cost ${pending.price}, more than your prestige.`));
      if (keep) buttons.append(ui.button("Keep", () => ui.act(keep.id), { key: "k", title: "keep", cls: "ib-action keep" }));
      if (refuse) buttons.append(ui.button(`Refuse (${price(view, pending.paid, pending.payee)})`, () => ui.act(refuse.id), { key: "r", title: "refuse", cls: "ib-action refuse" }));
    } else {
      box.append(el("p", "", `${who} keeps or refuses ${pending.card}.`));
    }
  } else if (turn === me) {
    const draw = find("draw");
    box.append(el("p", "", `Your turn: draw (a first refusal would cost ${price(view, view.next_refusal_price, view.next_refusal_payee)})${buys.size ? ", or buy a discard top for its value" : ""}.`));
    if (draw) buttons.append(ui.button("Draw", () => ui.act(draw.id), { key: "d", title: "draw", cls: "ib-action draw" }));
    for (const [seat, buy] of buys) {
      const top = view.discard_tops[seat];
      const node = ui.button(`Buy ${top} from ${view.players[seat]} (${top.slice(1)})`, () => ui.act(buy.id), { title: buy.notation, cls: "ib-action buy" });
      node.dataset.action = buy.notation;
      buttons.append(node);
    }
  } else {
    box.append(el("p", "", `${who} to play.`));
  }
  const hinted = ui.hint ? ui.hint.action.notation : null;
  for (const node of buttons.querySelectorAll("button")) {
    if (!node.dataset.action) node.dataset.action = node.title;
    if (node.dataset.action === hinted) node.classList.add("hinted");
  }
  box.append(buttons);
  return box;
}

export function describe(view) {
  if (!view || !view.players) return "Ikebana";
  const prestige = view.players.map((name, seat) => `${name} ${view.prestige[seat]}`).join(" · ");
  if (view.is_over) return `Ikebana over: ${prestige}`;
  return `Ikebana round ${view.round}/${view.rules.rounds} · deck ${view.deck_size} · ${prestige}`;
}

// The scored round after the move that scored it; every round at the end.
export function summary(message) {
  const view = message.view || {};
  const rounds = view.past_rounds || [];
  const history = view.history || [];
  const last = history.length ? history[history.length - 1] : null;
  const scored = last && last.events.some((e) => e.type === "RoundScored" || e.type === "GameEnded");
  if (!rounds.length || !(scored || view.is_over)) return null;
  const box = el("section", "ib-summary");
  box.dataset.key = view.is_over ? "final" : `ikebana-round-${rounds.length}`;
  const shown = view.is_over ? rounds : rounds.slice(-1);
  box.append(el("h2", "", view.is_over ? "Game over" : `Round ${shown[0].round} scored`));
  if (view.is_over) box.append(el("p", "winner ib-winner", winnerText(view)));
  for (const round of shown) {
    const index = rounds.indexOf(round);
    const table = el("table", "ib-results");
    const caption = el("caption", "", `Round ${round.round}`);
    table.append(caption);
    round.scores.forEach((score, seat) => {
      const row = el("tr");
      row.append(el("th", "", view.players[seat]));
      const cards = el("td", "ib-summary-cards");
      for (const code of score.cards) cards.append(card(code));
      row.append(cards);
      const change = el("td", "ib-awarded", `+${round.awarded[seat]} → ${round.prestige[seat]}`);
      change.title = prestigeChange(view, rounds, index, seat);
      row.append(change);
      const how = el("tr", "ib-how");
      const text = el("td", "", `${score.text} · prestige ${prestigeChange(view, rounds, index, seat)}`);
      text.colSpan = 3;
      how.append(text);
      table.append(row, how);
    });
    box.append(table);
  }
  return box;
}

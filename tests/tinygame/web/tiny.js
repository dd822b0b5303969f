// The tiny game at the web table (named by its GameInfo's `web_assets`, "tinygame:web"): a
// worked example of a game's web module (see the shell's app.js for what it is given). Each
// seat's row and score, and the viewer's hand, each of its cards a button that plays it.

/** The lobby's form: hands of three cards are offered first. */
export const lobby = {preset: "three", presetHelp: {three: "Each hand holds three cards."}};

/** The keys of this table, for the "?" panel. */
export const keys = [["1–9", "play that card"]];

const sum = (row) => row.reduce((total, card) => total + card, 0);

export function describe(view) {
  return `Tiny · stock ${view.stock_size}`;
}

export function render(root, message, ui) {
  const h = ui.h;
  const view = message.view;
  root.append(h("section", {class: "tiny-rows"}, view.players.map((name, seat) =>
    h("p", {class: "tiny-row", dataset: {seat: String(seat)}}, `${name}: `,
      view.rows[seat].map((card) => h("span", {class: "tiny-card"}, String(card))),
      ` (${sum(view.rows[seat])} points)`))));
  if (!view.hand) return;  // a spectator
  const plays = new Map(ui.legal.map((choice) => [choice.notation, choice]));
  root.append(h("section", {class: "tiny-hand", "aria-label": "your hand"}, view.hand.map((card) => {
    const choice = plays.get(`play ${card}`);
    return choice && ui.canAct
      ? ui.button(String(card), () => ui.act(choice.id), {key: String(card), title: choice.notation, cls: "tiny-card"})
      : h("span", {class: "tiny-card"}, String(card));
  })));
}

export function summary() {
  return null;  // the shell's own end of game: the result and the scores
}

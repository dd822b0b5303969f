/**
 * The web table: the lobby, the WebSocket to a table and the table's chrome (move log, chat,
 * hint, notes, summaries, replay, keys). Plain ES modules served by the package: no build step,
 * nothing fetched from anywhere but the server that served this page.
 *
 * ## A game module: `games/<game>/<game>.js` (and optionally `<game>.css` beside it, linked
 * when present)
 *
 * The server serves a game's own web folder (the folder its GameInfo names as `web_assets`)
 * under `games/<game>/`; `<game>` is the game's registry name (TableInfo.game). The shell
 * imports the module for a table of that game, and for the lobby's form, and calls:
 *
 *   export function render(root, message, ui)
 *     Fill `root` (an empty HTMLElement; the shell empties it before each call) with the table.
 *     Called once the game has started (message.status "playing" or "over"), after every
 *     message that changes what is shown, and for each replay position.
 *     `message` is the server's latest `view` message (docs/server-protocol.md):
 *       message.view    seat_view(state, seat) JSON for a seat, spectator_view(state) JSON for a
 *                       spectator (the protocol's view encoding: cards are notation strings,
 *                       attrs values objects with "type" and, where they write themselves,
 *                       "text"; sets sorted lists). Treat it as read-only.
 *       message.seat    the viewer's seat (null: a spectator, or a replay)
 *       message.legal   [{id, notation}]: the viewer's legal actions ([] unless it is to act)
 *       message.players seat names; message.to_move; message.move; message.status
 *     `ui` is what the module may use of the shell:
 *       ui.h(tag, attrs, ...children) -> Element   build DOM: attrs {class, style, title,
 *                       dataset: {...}, on: {click: fn}, any other attribute}; children are
 *                       nodes, strings (text, never HTML) or arrays; null/false skipped
 *       ui.act(action)  send an action: an id from message.legal or a notation ("play 1")
 *       ui.legal        message.legal; ui.canAct: whether the viewer may act now
 *       ui.find(test)   the legal actions whose notation matches: a RegExp or a function
 *       ui.button(label, run, {key, title, cls, disabled})  a <button>; with `key` (one
 *                       character) the shell runs it when that key is pressed and shows the key
 *       ui.selected     the selected card key (a string) or null
 *       ui.select(key)  select a card (the same key again, or null: unselect) and re-render
 *       ui.noteFor(key) the viewer's note text on a card ("" when none)
 *       ui.openNote(key)  open the note editor for a card (the shell sends `note`)
 *       ui.hint         the hint for this position {action: {id, notation}, reason} or null
 *                       (the module may mark the card the hint would play/clue)
 *       ui.replay       true while showing a replay position (ui.canAct is then false)
 *       ui.names        seat names (message.players); ui.seat the viewer's seat or null
 *       ui.info         the TableInfo (options, seats, hints, private)
 *       ui.narrow       true on a phone-width screen (< 640 px)
 *       ui.download(name, data)  offer `data` (JSON) to save as the file `name`
 *     Cards are keyed by a string the game chooses (its card order, say); a note is kept per
 *     key by the server, for the seat.
 *   export function describe(view) -> string
 *     A one-line status for the title bar ("Score 12 · 5 clues · 2 fuses left · 18 in deck").
 *   export function summary(message, ui) -> HTMLElement | null
 *     A round or final summary for `message` (a `view` message; ui.gameOver holds the
 *     `game_over` message once the game ends), or null. The shell shows the element in its
 *     summary panel; an element with `dataset.key` set pops up once per distinct key (a
 *     round's end), and the final one pops up when the game ends.
 *   export const lobby = {presetHelp, optionGroup(name)}   (optional)
 *     What the lobby's form says about the game (the rule set it offers first is the
 *     catalogue's `preset_with_people`, GameInfo.preset_with_people; a `preset` here is
 *     deprecated, read only where that names none): `presetHelp` a line on a rule set, by its
 *     name, where the name does not say it; `optionGroup(name)` the group an option is listed in, by the
 *     option's name (one group "Options" when the module says nothing).
 *   export const keys, rules, seatPattern   (optional: the "?" panel's keys and rules in
 *     short; the pattern of the seat numbers in the game's event text)
 *
 * A game with no web folder is drawn generically (GENERIC below): its view's fields and a
 * button for each legal move.
 *
 * Keys: the shell owns `?` (keys help), `/` (chat), `:` (type a move), `h` (hint), `n` (note
 * on the selected card), `Escape` (close, unselect), ArrowLeft/ArrowRight/Home/End (replay).
 * Modules use any other single characters with ui.button(..., {key}) (digits and letters:
 * "1".."5" to select slots, "p" play, "d" discard, ...); the key help lists every button key.
 * Every legal action must also be reachable by mouse and touch; the `:` box (type a move,
 * with the legal notations offered) reaches every action by keyboard in any game.
 */

// ---------------------------------------------------------------------------- small helpers

/** Build an element: h("button", {class: "x", on: {click: f}}, "text", child, [more]). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "on") for (const [event, fn] of Object.entries(value)) node.addEventListener(event, fn);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "class") node.className = value;
    else if (name === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  const add = (child) => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(add);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  };
  children.forEach(add);
  return node;
}

const $ = (id) => document.getElementById(id);
const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch { return null; } },
  set(key, value) { localStorage.setItem(key, JSON.stringify(value)); },
  drop(key) { localStorage.removeItem(key); },
};
const seatKey = (table) => `cardgames.seat.${table}`;

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

async function api(method, path, body, headers = {}) {
  const response = await fetch(path, {
    method, headers: body ? {"Content-Type": "application/json", ...headers} : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({message: response.statusText}));
  if (!response.ok) throw new Error(data.message || `${method} ${path}: ${response.status}`);
  return data;
}

/** Ask for some text in the page's dialog; resolves to the text, or null when cancelled. */
function ask(title, fields, okLabel = "OK") {
  const dialog = $("dialog"), form = $("dialog-form");
  form.replaceChildren(
    h("h2", {}, title),
    ...fields.map((f) => h("p", {}, h("label", {}, f.label,
      f.multiline ? h("textarea", {name: f.name, rows: 3, cols: 30}, f.value || "")
        : h("input", {type: f.type || "text", name: f.name, value: f.value || "",
          maxlength: f.max || 200, autocomplete: "off"})))),
    h("div", {class: "row"}, h("button", {value: "ok", class: "primary"}, okLabel),
      h("button", {value: "cancel", formnovalidate: true}, "Cancel")));
  return new Promise((resolve) => {
    dialog.onclose = () => {
      if (dialog.returnValue !== "ok") return resolve(null);
      resolve(Object.fromEntries(fields.map((f) => [f.name, form.elements[f.name].value])));
    };
    dialog.returnValue = "";
    dialog.showModal();
    form.querySelector("input,textarea")?.focus();
  });
}

// ---------------------------------------------------------------------------- the lobby

let catalogue = null;
async function games() {
  catalogue = catalogue || await api("GET", "/api/games");
  return catalogue.games;
}

let lobbyTimer = null;

async function showLobby() {
  setTitle("Lobby");
  setStatus("");
  const main = $("main");
  const list = h("ul", {class: "tables", id: "tables"});
  const finished = h("ul", {class: "tables", id: "finished"});
  const open = h("form", {class: "row", id: "open-form", on: {submit: (e) => {
    e.preventDefault();
    const id = e.target.elements.table.value.trim().replace(/.*#\/table\//, "");
    if (id) location.hash = `#/table/${encodeURIComponent(id)}`;
  }}}, h("input", {type: "text", name: "table", placeholder: "a table's link or id",
    "aria-label": "table link or id"}), h("button", {}, "Go"));
  main.replaceChildren(h("div", {class: "lobby"},
    h("div", {},
      h("section", {class: "panel"}, h("h2", {}, "Open tables"), list,
        h("p", {class: "quiet"}, "Private tables are not listed: open one by its link.")),
      h("section", {class: "panel"}, h("h2", {}, "Finished lately"), finished),
      h("section", {class: "panel"}, h("h2", {}, "Open a table by its link"), open)),
    h("section", {class: "panel create"}, h("h2", {}, "New table"), await createForm())));
  const refresh = async () => {
    try {
      const {tables, finished: over = []} = await api("GET", "/api/tables");
      list.replaceChildren(...(tables.length ? tables.map(tableItem)
        : [h("li", {class: "quiet"}, "No table is open: create one.")]));
      finished.replaceChildren(...(over.length ? over.map(tableItem)
        : [h("li", {class: "quiet"}, "No game has ended since the server started.")]));
    } catch (error) { toast(error.message); }
  };
  await refresh();
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(() => { if (route().page === "lobby") refresh(); }, 5000);
}

/** A bot seat's level or bot, beside its name: "bot: hard". */
function botWord(seat) { return seat.bot ? `bot: ${seat.bot}` : "bot"; }

function tableItem(info) {
  const open = info.seats.filter((s) => s.kind === "open").length;
  // A bot goes by a person's name: its level says it is one.
  const seats = info.seats.map((s) => s.kind === "open" ? "(open)"
    : s.kind === "bot" ? `${s.name} (${botWord(s)})` : s.name).join(", ");
  const go = `#/table/${encodeURIComponent(info.table)}`;
  return h("li", {},
    h("span", {class: "what"}, h("strong", {}, info.name), ` · ${info.game} · ${info.status}`,
      info.status === "playing" ? ` · move ${info.moves}` : "",
      info.result ? h("span", {class: "result"}, ` · ${info.result}`) : "",
      h("br"), h("span", {class: "seatlist"}, seats)),
    open && info.status === "waiting" ? h("a", {href: go}, h("button", {class: "primary"}, "Sit")) : null,
    h("a", {href: go + "?watch"}, h("button", {}, info.status === "over" ? "Replay" : "Watch")));
}

/** A line on each bot level (and the bot every game has), for a game whose bots have none. */
const BOT_HELP = {
  easy: "plays sensibly but makes a beginner's mistakes now and then",
  normal: "a steady player with the game's usual strategy",
  hard: "the game's strongest level",
  random: "any legal move at random (for testing)",
};
async function createForm() {
  const all = await games();
  // What each game's own module says about its form (`lobby`): its modules, loaded once.
  const lobbies = new Map(await Promise.all(all.map(async (g) => [g.name, (await gameModule(g.name)).lobby || {}])));
  const form = h("form", {id: "create-form"});
  const gameSelect = h("select", {name: "game", "aria-label": "game"},
    all.map((g) => h("option", {value: g.name}, g.title)));
  const body = h("div");
  const build = () => {
    const game = all.find((g) => g.name === gameSelect.value);
    const players = h("input", {type: "number", name: "players", min: game.players.min,
      max: game.players.max, value: Math.max(game.players.default, Math.min(3, game.players.max))});
    const seats = h("div", {class: "grid"});
    const seatRows = () => {
      const count = Math.max(game.players.min, Math.min(game.players.max, Number(players.value) || 2));
      const old = [...seats.querySelectorAll("select")].map((s) => s.value);
      // One short label a bot; the line under the select says how the chosen one plays.
      const choices = game.bot_choices?.length ? game.bot_choices
        : game.bots.map((b) => ({name: b, means: b, line: ""}));
      const fallback = choices.find((c) => c.name === game.default_bot || c.means === game.default_bot);
      seats.replaceChildren(...Array.from({length: count}, (_, i) => {
        const select = h("select", {name: `seat${i}`},
          h("option", {value: ""}, i === 0 ? "me" : "a person"),
          choices.map((c) => h("option", {value: c.name}, `bot: ${c.name}`)));
        const line = h("small", {class: "quiet bot-line"});
        const explain = () => {
          const chosen = choices.find((c) => c.name === select.value);
          line.textContent = chosen ? chosen.line || BOT_HELP[chosen.name] || "" : "";
        };
        select.addEventListener("change", explain);
        // By default you sit in seat 1 and bots fill the others: "Create" starts a game at once.
        select.value = old[i] ?? (i === 0 ? "" : fallback?.name ?? game.default_bot);
        explain();
        return h("div", {class: "seat"}, h("label", {}, `Seat ${i + 1}`, select), line);
      }));
    };
    players.addEventListener("change", seatRows);
    seatRows();
    const optionLabel = (o) => {
      let input;
      if (o.kind === "switch") input = h("input", {type: "checkbox", name: `o.${o.name}`, checked: o.default});
      else if (o.kind === "choice") {
        input = h("select", {name: `o.${o.name}`}, o.choices.map((c) => h("option", {value: c}, c)));
        input.value = o.default;
      } else input = h("input", {type: "text", name: `o.${o.name}`, inputmode: "numeric", size: 6,
        value: o.default === null ? o.none : o.default,
        title: [o.min === null ? "a whole number" : `${o.min}..${o.max}`, o.none].filter(Boolean).join(" or ")});
      input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
      const words = o.label[0].toUpperCase() + o.label.slice(1);
      return h("div", {class: "option"}, h("label", {}, o.kind === "switch" ? [input, words] : [words, input]),
        o.help ? h("small", {class: "help quiet"}, o.help) : null);
    };
    const lobby = lobbies.get(game.name);
    const groups = new Map();
    for (const o of game.options) {
      const group = lobby.optionGroup?.(o.name) || "Options";
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(optionLabel(o));
    }
    const options = [...groups].map(([name, items]) =>
      h("fieldset", {class: "option-group"}, h("legend", {}, name), h("div", {class: "grid"}, items)));
    // A rule set by its name for people (hanab.live's "No Variant"), its id where it has none.
    const preset = h("select", {name: "preset"}, game.presets.map((p) =>
      h("option", {value: p}, game.preset_titles?.[p] ?? p)));
    // The game's entry names the rule set people start with; a module's own `lobby.preset`
    // (deprecated: name it in the GameInfo) is still read where the entry names none.
    const people = game.preset_with_people ?? game.default_preset;
    const first = people === game.default_preset && game.presets.includes(lobby.preset)
      ? lobby.preset : people;
    preset.value = first;
    const presetHelp = h("small", {class: "quiet preset-help"});
    const explain = () => {
      presetHelp.textContent = lobby.presetHelp?.[preset.value] || game.preset_lines?.[preset.value] || "";
    };
    preset.addEventListener("change", explain);
    explain();
    body.replaceChildren(
      h("div", {class: "row"}, h("label", {}, "Players", players),
        h("label", {}, game.preset_word[0].toUpperCase() + game.preset_word.slice(1), preset)),
      presetHelp,
      h("fieldset", {}, h("legend", {}, "Seats"), seats),
      h("details", {}, h("summary", {}, `Every option (${game.options.length})`),
        h("p", {class: "quiet"}, `Each starts at ${game.preset_titles?.[first] ?? first}'s value; changed ones override the ${game.preset_word} chosen above.`),
        options));
  };
  gameSelect.addEventListener("change", build);
  build();
  form.append(
    h("div", {class: "row"}, h("label", {}, "Game", gameSelect),
      h("label", {}, "Table name", h("input", {type: "text", name: "name", maxlength: 60, size: 14,
        placeholder: tableName(myName())}))),
    body,
    h("div", {class: "row"},
      h("label", {}, "Your name", h("input", {type: "text", name: "me", maxlength: 40,
        size: 12, value: myName(), placeholder: DEFAULT_NAME})),
      h("label", {}, "Password", h("input", {type: "password", name: "password", maxlength: 100,
        size: 10, placeholder: "none: public", autocomplete: "new-password"}))),
    h("div", {class: "row"},
      h("label", {}, h("input", {type: "checkbox", name: "hints", checked: true}), "hints"),
      h("label", {}, h("input", {type: "checkbox", name: "autostart", checked: true}),
        "start when every seat is taken")),
    h("p", {}, h("button", {class: "primary", id: "create"}, "Create the table")));
  form.addEventListener("submit", (e) => { e.preventDefault(); createTable(form, gameSelect.value); });
  return form;
}

/** The name a person goes by where they have typed none: "Create" alone starts a game. */
const DEFAULT_NAME = "Player";
/** The name this browser last sat under, else the default. */
function myName() { return store.get("cardgames.name") || DEFAULT_NAME; }
/** The name of a table made by `person` who gave it none. */
function tableName(person) { return `${person}'s table`; }

async function createTable(form, gameName) {
  const game = (await games()).find((g) => g.name === gameName);
  const f = form.elements;
  const seats = [...form.querySelectorAll("select[name^=seat]")].map((s) => ({bot: s.value || null}));
  const options = {[game.preset_word]: f.preset.value};
  for (const o of game.options) {
    const input = f[`o.${o.name}`];
    const value = input.type === "checkbox" ? String(input.checked) : input.value.trim();
    if (value !== input.dataset.initial) options[o.name] = value;
  }
  const password = f.password.value || null;
  const me = f.me.value.trim() || DEFAULT_NAME;
  store.set("cardgames.name", me);
  // Unnamed, a table is named for whoever made it: the lobby's tables are told apart.
  const name = f.name.value.trim() || tableName(me);
  try {
    const mine = seats[0].bot === null;
    const info = await api("POST", "/api/tables", {game: game.name, options, seats, password,
      name, hints: f.hints.checked, autostart: f.autostart.checked});
    if (password) sessionStorage.setItem(`cardgames.password.${info.table}`, password);
    if (mine) {
      const taken = await api("POST", `/api/tables/${info.table}/seats`, {name: me, seat: 0, password});
      store.set(seatKey(info.table), {seat: taken.seat, token: taken.token});
    }
    location.hash = `#/table/${encodeURIComponent(info.table)}${mine ? "" : "?watch"}`;
  } catch (error) { toast(error.message); }
}

// ---------------------------------------------------------------------------- the table

/** An event in words with the players' names for the seat numbers the engine writes
 *  ("player 2"; a game module may name its own pattern: `export const seatPattern`,
 *  a global RegExp whose one group is the seat's number from 1, e.g. /\bP(\d+)\b/g). */
function withNames(text, names, pattern = /\bplayer (\d+)\b/g) {
  return text.replace(pattern, (whole, number) => names[Number(number) - 1] ?? whole);
}

/** A log entry as one sentence with names: its events ("Ann plays G1 from slot 3 onto its
 *  firework; Ann draws a card"), or who did what when it has none. */
function entryText(entry, names, pattern) {
  if (entry.events.length) return entry.events.map((e) => withNames(e, names, pattern)).join("; ");
  return `${names[entry.seat] ?? `seat ${entry.seat + 1}`}: ${entry.action}`;
}

/** Everything the table page holds; one at a time. */
let table = null;

function route() {
  const match = location.hash.match(/^#\/table\/([^?]+)(\?watch)?/);
  return match ? {page: "table", id: decodeURIComponent(match[1]), watch: !!match[2]} : {page: "lobby"};
}

function setTitle(text) { $("title").textContent = text; document.title = `${text} · cardgames`; }
function setStatus(text, bad = false) { $("status").textContent = text; $("status").classList.toggle("bad", bad); }

async function showTable(id, watch) {
  if (table) table.close();
  const saved = watch ? null : store.get(seatKey(id));
  let info;
  try { info = await api("GET", `/api/tables/${encodeURIComponent(id)}`); }
  catch (error) {
    $("main").replaceChildren(h("div", {class: "panel"}, h("p", {}, error.message), h("a", {href: "#/"}, "Back to the lobby")));
    return;
  }
  const module = await gameModule(info.game);
  table = new Table(info, module, saved);
  table.start();
}

/** A game's web module (`games/<game>/<game>.js`, its stylesheet linked when it has one), or
 *  GENERIC for a game without one; loaded once. */
function gameModule(game) {
  if (!gameModule.loaded.has(game)) gameModule.loaded.set(game, loadGameModule(game));
  return gameModule.loaded.get(game);
}
gameModule.loaded = new Map();

async function loadGameModule(game) {
  const folder = `games/${encodeURIComponent(game)}/`;
  const script = `./${folder}${encodeURIComponent(game)}.js`;
  const style = `${folder}${encodeURIComponent(game)}.css`;
  try {
    const [found, styled] = await Promise.all([fetch(script, {method: "HEAD"}), fetch(style, {method: "HEAD"})]);
    if (!found.ok) return GENERIC;
    if (styled.ok) document.head.append(h("link", {rel: "stylesheet", href: style, dataset: {game}}));
    return await import(script);
  } catch (error) {
    toast(`the web table of ${game} failed to load: ${error.message}`);
    return GENERIC;
  }
}

/** The table of a game without a web module of its own: the view's fields as the server sends
 *  them, and a button for each legal move (every move is also typed with `:`). */
const GENERIC = {
  describe(view) { return `move ${view?.history?.length ?? 0}`; },
  render(root, message, ui) {
    const fields = Object.entries(message.view || {}).filter(([name]) => name !== "history");
    root.append(h("dl", {class: "generic-view"}, fields.map(([name, value]) => [
      h("dt", {}, name.replaceAll("_", " ")), h("dd", {}, JSON.stringify(value))])),
    h("div", {class: "row generic-moves"}, ui.canAct ? ui.legal.map((a) => ui.button(a.notation, () => ui.act(a.id))) : null));
  },
  summary() { return null; },
};

class Table {
  constructor(info, module, saved) {
    this.info = info;
    this.module = module;
    this.saved = saved;            // {seat, token} when this browser holds a seat here
    this.message = null;           // the latest view message
    this.log = [];
    this.notes = {};
    this.chat = [];
    this.hint = null;
    this.selected = null;
    this.gameOver = null;
    this.replayAt = null;          // a move number while replaying
    this.replayViews = {};
    this.partnerViews = {};        // another seat's view of a finished game's positions
    this.shownSummaries = new Set();
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    this.build();
  }

  get id() { return this.info.table; }
  get password() { return sessionStorage.getItem(`cardgames.password.${this.id}`); }

  build() {
    this.board = h("div", {class: "board", id: "board"});
    this.moveBox = h("input", {type: "text", class: "movebox", id: "movebox", list: "legal-list",
      placeholder: "type a move (:)", "aria-label": "type a move", autocomplete: "off"});
    this.legalList = h("datalist", {id: "legal-list"});
    this.hintBox = h("div", {id: "hint"});
    this.actionsBox = h("div", {class: "actions row", id: "actions"});
    this.logList = h("ol", {class: "log", id: "log"});
    this.chatLines = h("div", {class: "chat-lines", id: "chat-lines"});
    this.chatInput = h("input", {type: "text", id: "chat-input", maxlength: 500, placeholder: "say something (/)",
      "aria-label": "chat", autocomplete: "off"});
    this.summaryBox = h("div", {id: "summary"});
    this.lastMoveBox = h("p", {class: "last-move", id: "last-move", "aria-live": "polite"});
    this.seatsBox = h("div", {id: "seats"});
    const moveForm = h("form", {on: {submit: (e) => {
      e.preventDefault();
      const text = this.moveBox.value.trim();
      if (text) { this.act(text); this.moveBox.value = ""; this.moveBox.blur(); }
    }}}, this.moveBox, this.legalList);
    const chatForm = h("form", {class: "row", on: {submit: (e) => {
      e.preventDefault();
      const text = this.chatInput.value.trim();
      if (text) this.send({type: "chat", text});
      this.chatInput.value = "";
    }}}, this.chatInput, h("button", {}, "Say"));
    const share = h("button", {type: "button", title: "Copy this table's link", on: {click: () => {
      const link = `${location.origin}/#/table/${this.id}`;
      navigator.clipboard?.writeText(link).then(() => toast("Link copied: send it to your friends"),
        () => ask("The table's link", [{name: "link", label: "", value: link}]));
    }}}, "Copy link");
    $("main").replaceChildren(h("div", {class: "table"},
      h("div", {}, this.seatsBox, this.lastMoveBox, this.hintBox, this.board, this.actionsBox, this.summaryBox),
      h("aside", {class: "side"},
        h("section", {class: "panel"}, h("h2", {}, "Moves"), this.logList, moveForm,
          h("div", {class: "replaybar", id: "replaybar"})),
        h("section", {class: "panel"}, h("h2", {}, "Chat"), this.chatLines, chatForm),
        h("section", {class: "panel row"}, share, h("a", {href: "#/"}, "Lobby")))));
  }

  start() {
    this.connect();
    this.render();
    // The bots' lines (a seat's hover) come with the lobby's catalogue.
    games().then(() => this.render(), () => {});
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    this.socket?.close();
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = this.socket = new WebSocket(`${scheme}://${location.host}/ws`);
    setStatus("connecting…");
    socket.onopen = () => {
      this.retry = 0;
      this.log = [];
      if (this.saved) this.send({type: "join", version: PROTOCOL, table: this.id, token: this.saved.token});
      else this.send({type: "spectate", version: PROTOCOL, table: this.id, password: this.password});
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = () => {
      clearInterval(this.pinger);
      if (this.closed) return;
      const wait = Math.min(10, 2 ** this.retry++) * 500;
      setStatus(`disconnected: again in ${Math.round(wait / 1000)} s`, true);
      setTimeout(() => this.connect(), wait);
    };
  }

  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    else toast("not connected: wait a moment");
  }

  receive(message) {
    if (message.type === "view_patch") {
      const view = patchedView(this.message, message);
      if (view === null) { this.send({type: "ask_view"}); return; }  // not the view held
      message = view;
    }
    switch (message.type) {
      case "welcome":
        this.info = message.table;
        setStatus(message.seat === null ? "watching" : `seat ${message.seat + 1}`);
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({type: "ping"}),
          Math.max(5, message.idle_timeout / 3) * 1000);
        break;
      case "view":
        // A game over before this page opened (a replay from the lobby): its result is shown
        // on the page, not on a board over it, so that the replay keys work at once.
        if (!this.message && message.status === "over") this.shownSummaries.add("final");
        this.log.splice(message.log_start, Infinity, ...message.log);
        if (this.message && message.move !== this.message.move) { this.hint = null; this.selected = null; }
        this.message = message;
        break;
      case "notes": this.notes = message.notes; break;
      case "chat": this.chat.push(message); this.renderChat(); return;
      case "hint": this.hint = message; break;
      case "table": this.info = message.table; break;
      case "game_over":
        this.gameOver = message;
        // The bots' reasons travel once the game is over (mid-game one might name a card its
        // reader may not see): each goes on its log entry, shown as "why?".
        for (const said of message.reasons || []) {
          if (this.log[said.move]) this.log[said.move].reason = said.reason;
        }
        if (this.message) this.fetchPartner(this.message.move).then(() => this.render());
        break;
      case "error":
        if (message.code === "forbidden" && this.saved && !this.message) {
          // This browser's token no longer opens a seat here: watch instead.
          store.drop(seatKey(this.id));
          this.saved = null;
          this.send({type: "spectate", table: this.id, password: this.password});
        } else if (message.code === "forbidden" && !this.message) {
          this.askPassword(message.message);
        } else toast(message.message);
        return;
      default: return;
    }
    this.render();
  }

  async askPassword(why) {
    const answer = await ask(why, [{name: "password", label: "Password", type: "password"}], "Watch");
    if (answer === null) { location.hash = "#/"; return; }
    sessionStorage.setItem(`cardgames.password.${this.id}`, answer.password);
    this.send({type: "spectate", table: this.id, password: answer.password});
  }

  act(action) {
    if (this.replayAt !== null || !this.message) return;
    this.send({type: "act", action, move: this.message.move});
  }

  ui(message) {
    const replay = this.replayAt !== null;
    const legal = replay ? [] : message.legal;
    const table = this;
    return {
      h, legal, replay, info: this.info,
      canAct: legal.length > 0,
      seat: message.seat, names: message.players,
      selected: this.selected,
      hint: replay ? null : this.hint,
      gameOver: this.gameOver,
      lastMove: this.lastEntry(),
      partner: this.gameOver ? this.partnerViews[replay ? this.replayAt : message.move]?.view ?? null : null,
      narrow: window.matchMedia("(max-width: 640px)").matches,
      act: (action) => this.act(action),
      find: (test) => legal.filter((a) => typeof test === "function" ? test(a) : test.test(a.notation)),
      select: (key) => { table.selected = key === table.selected ? null : key; table.render(); },
      seatTitle: (seat) => this.seatTitle(seat),
      noteFor: (key) => table.notes[key] || "",
      openNote: (key) => table.openNote(key),
      download,
      button: (label, run, options = {}) => h("button", {
        type: "button", class: options.cls, title: options.title, disabled: options.disabled,
        dataset: options.key ? {key: options.key} : {}, on: {click: run}},
        label, options.key ? h("kbd", {}, options.key) : null),
    };
  }

  /** What a seat's name says on hover: for a bot, which bot it is and how it plays (from the
   *  lobby's list of bots), e.g. "a bot: hard — H-Group level 5, …"; "" for a person. */
  seatTitle(seat) {
    const row = this.info.seats?.[seat];
    if (!row || row.kind !== "bot" || !row.bot) return "";
    const entry = catalogue?.games.find((g) => g.name === this.info.game);
    const choice = entry?.bot_choices?.find((c) => c.name === row.bot || c.means === row.bot);
    const line = choice?.line || BOT_HELP[row.bot] || "";
    return `a bot: ${row.bot}${line ? ` — ${line}` : ""}`;
  }

  /** The log entry of the move that led to the position shown ({seat, action, events}). */
  lastEntry() {
    const at = this.replayAt ?? this.log.length;
    return at > 0 ? this.log[at - 1] ?? null : null;
  }

  async openNote(key) {
    if (this.message?.seat === null || this.message?.seat === undefined) { toast("notes are for seats"); return; }
    const answer = await ask("Note on this card", [{name: "text", label: "", value: this.notes[key] || "", max: 200}], "Save");
    if (answer !== null) this.send({type: "note", card: String(key), text: answer.text.trim()});
  }

  render() {
    const message = this.replayAt !== null ? this.replayViews[this.replayAt] : this.message;
    this.renderSeats();
    this.renderLog();
    this.renderChat();
    if (!message || message.status === "waiting") {
      this.board.replaceChildren(h("p", {}, this.info.status === "waiting"
        ? "Waiting for every seat to be taken." : "Loading the table…"));
      setTitle(this.info.name);
      return;
    }
    // The table's own name where it has one; the default ("<Game> table") would repeat the game.
    const status = this.module.describe(message.view);
    const game = status.split(" ")[0];
    setTitle(this.info.name === `${game} table` ? status : `${this.info.name} · ${status}`);
    const ui = this.ui(message);
    this.board.replaceChildren();
    this.board.dataset.move = String(message.move);
    try { this.module.render(this.board, message, ui); }
    catch (error) { this.board.append(h("p", {}, `The table could not be drawn: ${error.message}`)); console.error(error); }
    this.renderLastMove();
    this.renderActions(message, ui);
    this.renderHint(ui);
    this.renderSummary(message, ui);
    this.renderReplayBar();
  }

  renderSeats() {
    const info = this.info;
    if (info.status !== "waiting") { this.seatsBox.replaceChildren(); return; }
    const mine = this.saved?.seat;
    const everyone = info.seats.every((s) => s.kind !== "open");
    this.seatsBox.replaceChildren(h("section", {class: "panel"},
      h("h2", {}, `${info.name}: waiting for players`),
      h("ul", {class: "seats-waiting"}, info.seats.map((s) => h("li", {},
        `Seat ${s.seat + 1}: `, s.kind === "open" ? h("em", {}, "open ") : s.name,
        s.kind === "bot" ? h("span", {title: this.seatTitle(s.seat)}, ` (${botWord(s)})`) : "",
        s.seat === mine ? " (you)" : "",
        s.kind === "open" && mine === undefined
          ? h("button", {class: "primary", dataset: {seat: s.seat}, on: {click: () => this.takeSeat(s.seat)}}, "Take this seat")
          : null))),
      h("div", {class: "row"},
        mine !== undefined && everyone ? h("button", {class: "primary", on: {click: () => this.startGame()}}, "Start") : null,
        mine !== undefined ? h("button", {on: {click: () => this.leaveSeat()}}, "Leave the seat") : null,
        h("span", {class: "quiet"}, "Send this page's link to the people you play with."))));
  }

  async takeSeat(seat) {
    const answer = await ask("Take the seat", [{name: "name", label: "Your name", value: myName(), max: 40},
      ...(this.info.private && !this.password ? [{name: "password", label: "Password", type: "password"}] : [])], "Sit");
    if (!answer || !answer.name.trim()) return;
    store.set("cardgames.name", answer.name.trim());
    const password = answer.password || this.password;
    try {
      const taken = await api("POST", `/api/tables/${this.id}/seats`, {name: answer.name.trim(), seat, password});
      if (password) sessionStorage.setItem(`cardgames.password.${this.id}`, password);
      store.set(seatKey(this.id), {seat: taken.seat, token: taken.token});
      this.saved = {seat: taken.seat, token: taken.token};
      this.socket.close();  // reconnects as the seat
    } catch (error) { toast(error.message); }
  }

  async startGame() {
    try { this.info = await api("POST", `/api/tables/${this.id}/start`, {token: this.saved.token}); }
    catch (error) { toast(error.message); }
  }

  async leaveSeat() {
    try {
      this.info = await api("POST", `/api/tables/${this.id}/leave`, {token: this.saved.token});
      store.drop(seatKey(this.id));
      this.saved = null;
      this.socket.close();
    } catch (error) { toast(error.message); }
  }

  renderActions(message, ui) {
    const row = [];
    if (ui.canAct) row.push(h("strong", {}, "Your turn"));
    else if (message.status === "playing" && !ui.replay)
      row.push(h("span", {class: "quiet"}, `${message.players[message.to_move] ?? "…"} to move`));
    if (ui.canAct && this.info.hints) row.push(ui.button("Hint", () => this.send({type: "hint"}), {key: "h", title: "Ask the bot for advice"}));
    if (this.selected !== null && message.seat !== null && !ui.replay)
      row.push(ui.button("Note", () => this.openNote(this.selected), {key: "n", title: "Write a note on the selected card"}));
    if (this.gameOver && this.replayAt === null)
      row.push(h("button", {type: "button", id: "replay", on: {click: () => this.replay(0)}}, "Replay move by move"));
    this.actionsBox.replaceChildren(...row);
    this.legalList.replaceChildren(...ui.legal.map((a) => h("option", {value: a.notation})));
    this.moveBox.disabled = !ui.canAct;
  }

  renderHint(ui) {
    if (!ui.hint) { this.hintBox.replaceChildren(); this.shownHint = null; return; }
    this.hintBox.replaceChildren(h("div", {class: "hint", id: "hint-text"},
      h("strong", {}, `Hint: ${ui.hint.action.notation}`), " — ", ui.hint.reason, " ",
      ui.button("Do it", () => this.act(ui.hint.action.id))));
    if (this.shownHint !== ui.hint) {  // a new hint: bring it into sight (a phone scrolls)
      this.shownHint = ui.hint;
      this.hintBox.scrollIntoView({block: "nearest"});
    }
  }

  renderSummary(message, ui) {
    const live = !ui.replay;
    const over = this.gameOver && live;
    const make = () => {
      const element = this.module.summary(message, ui) || (over ? this.finalBox(message) : null);
      if (element && over && element.dataset.key === "final") element.append(this.afterGame());
      return element;
    };
    const element = make();
    const key = element?.dataset.key || (over ? "final" : null);
    // Once on the page (#final): on a board over the table, else under the table.
    const boxed = (inner) => h("div", {class: "panel summary", id: "final"}, inner);
    let onBoard = false;
    if (element && key && live && !this.shownSummaries.has(key)) {
      // A round's end or the game's: a board on top of the table, closed by the player.
      this.shownSummaries.add(key);
      this.showBoard(boxed(make()), key === "final" || !!message.view?.is_over, key);
      onBoard = true;
    } else if (element && key && live && $("board-dialog").open && this.boardKey === key) {
      this.showBoard(boxed(make()), key === "final" || !!message.view?.is_over, key);  // the record came
      onBoard = true;
    }
    this.summaryBox.replaceChildren(...(element && !onBoard ? [boxed(element)] : []));
  }

  /** The end of a game whose module has no summary: the result and the scores. */
  finalBox(message) {
    const scores = this.gameOver.scores.map((s, i) => `${message.players[i]}: ${s}`).join(" · ");
    return h("div", {dataset: {key: "final"}}, h("h2", {}, "Game over"),
      h("p", {class: "winner"}, withNames(this.gameOver.result, message.players, this.module.seatPattern)),
      h("p", {}, scores));
  }

  /** What every finished game offers: its record to save, a replay. */
  afterGame() {
    const record = this.gameOver?.record;
    return h("p", {class: "row after-game"},
      this.saved ? h("button", {type: "button", class: "primary play-again", on: {click: () => this.playAgain()}},
        "Play again") : null,
      record ? h("button", {type: "button", class: "save-record", on: {click: () =>
        download(`${this.info.game}-record.json`, record)}}, "Save the record (cardgames replay FILE)") : null);
  }

  /** A new table like this one (its game, options, hints and bots; each person's seat open
   *  again, this browser's taken back), announced in this table's chat for the others. */
  async playAgain() {
    const info = this.info;
    const password = this.password;
    try {
      const next = await api("POST", "/api/tables", {game: info.game, options: info.options,
        seats: info.seats.map((s) => ({bot: s.kind === "bot" ? s.bot : null})),
        password, name: info.name, hints: info.hints, autostart: true});
      if (password) sessionStorage.setItem(`cardgames.password.${next.table}`, password);
      const mine = info.seats[this.saved.seat];
      const taken = await api("POST", `/api/tables/${next.table}/seats`,
        {name: mine?.name || myName(), seat: this.saved.seat, password});
      store.set(seatKey(next.table), {seat: taken.seat, token: taken.token});
      if (info.seats.some((s) => s.kind === "person" && s.seat !== this.saved.seat))
        this.send({type: "chat", text: `${PLAY_AGAIN} #/table/${next.table}`});
      $("board-dialog").open && $("board-dialog").close();
      location.hash = `#/table/${encodeURIComponent(next.table)}`;
    } catch (error) { toast(error.message); }
  }

  showBoard(element, final, key) {
    const dialog = $("board-dialog");
    if (!dialog || !element) return;
    this.boardKey = key;
    dialog.replaceChildren(h("form", {method: "dialog"}, element,
      h("p", {class: "row"}, h("button", {class: "primary", id: "board-close", value: "close"},
        final ? "Close" : "Next round"))));
    if (dialog.open) dialog.close();
    // Closed, the board's summary goes under the table (renderSummary keeps it off the page
    // while the board shows it).
    dialog.onclose = () => {
      if (dialog.open || this.boardKey !== key) return;  // shown again meanwhile
      dialog.replaceChildren();
      if (!this.closed) this.render();
    };
    dialog.showModal();
    dialog.querySelector("#board-close").focus();
  }

  renderLog() {
    const at = this.replayAt;
    const names = this.message?.players || this.info.seats.map((s) => s.name);
    const pattern = this.module.seatPattern;
    let current = null;
    this.logList.replaceChildren(...this.log.map((entry, number) => {
      const item = h("li", {
        class: at !== null && number === at - 1 ? "current" : null,
        "aria-current": at !== null && number === at - 1 ? "step" : null,
        title: `${names[entry.seat] ?? ""}: ${entry.action}`,
        dataset: {move: String(number + 1)},
        on: this.gameOver ? {click: () => this.replay(number + 1)} : {}},
        entryText(entry, names, pattern),
        entry.reason ? h("details", {class: "why", on: {click: (event) => event.stopPropagation()}},
          h("summary", {}, "why?"), h("span", {}, entry.reason)) : null);
      if (item.classList.contains("current")) current = item;
      return item;
    }));
    if (current) current.scrollIntoView({block: "nearest"});
    else if (at === null) this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** The move just made (in a replay: the move that led to the position shown), in words. */
  renderLastMove() {
    const at = this.replayAt ?? this.log.length;
    const entry = at > 0 ? this.log[at - 1] : null;
    if (!entry || !this.message) { this.lastMoveBox.replaceChildren(); return; }
    const names = this.message.players;
    this.lastMoveBox.replaceChildren(h("span", {class: "label"}, this.replayAt === null ? "Last move" : `Move ${at}`),
      " ", entryText(entry, names, this.module.seatPattern));
  }

  renderChat() {
    const stick = this.chatLines.scrollTop + this.chatLines.clientHeight >= this.chatLines.scrollHeight - 4;
    this.chatLines.replaceChildren(...this.chat.map((line) => h("p", {},
      h("strong", {}, line.name), ": ", chatText(line.text))));
    if (stick) this.chatLines.scrollTop = this.chatLines.scrollHeight;
  }

  // -- replay of a finished game: every position as the spectators' view, from the server
  async replay(move) {
    if (!this.gameOver) return;
    const last = this.message.move;
    move = Math.max(0, Math.min(last, move));
    if (!this.replayViews[move]) {
      try {
        // A spectator replays the spectators' view (every hand), a seat its own.
        const query = new URLSearchParams(this.message.seat === null ? {spectator: "true"}
          : {seat: this.message.seat});
        // A private table's password in a header: an address is written in access logs.
        const headers = this.password ? {"X-Table-Password": this.password} : {};
        this.replayViews[move] = await api("GET", `/api/tables/${this.id}/moves/${move}?${query}`,
                                           undefined, headers);
      } catch (error) { toast(error.message); return; }
    }
    this.replayAt = move === last ? null : move;
    this.selected = null;
    await this.fetchPartner(move);
    this.render();
  }

  /** Once the game is over nothing is secret: another seat's view of position `move` (the
   *  viewer's own cards are in it, which a game may show: ui.partner). */
  async fetchPartner(move) {
    const seat = this.message?.seat;
    const count = this.message?.players?.length ?? 0;
    if (!this.gameOver || seat === null || seat === undefined || count < 2 || this.partnerViews[move]) return;
    try {
      const query = new URLSearchParams({seat: (seat + 1) % count});
      const headers = this.password ? {"X-Table-Password": this.password} : {};
      this.partnerViews[move] = await api("GET", `/api/tables/${this.id}/moves/${move}?${query}`,
                                          undefined, headers);
    } catch { /* the own cards stay hidden: nothing else depends on them */ }
  }

  renderReplayBar() {
    const bar = $("replaybar");
    if (!bar) return;
    if (!this.gameOver) { bar.replaceChildren(); return; }
    const at = this.replayAt ?? this.message.move;
    bar.replaceChildren(
      h("button", {type: "button", title: "First move (Home)", on: {click: () => this.replay(0)}}, "«"),
      h("button", {type: "button", title: "Back (←)", id: "replay-back", on: {click: () => this.replay(at - 1)}}, "◀"),
      h("span", {}, `move ${at} / ${this.message.move}`),
      h("button", {type: "button", title: "Forward (→)", id: "replay-forward", on: {click: () => this.replay(at + 1)}}, "▶"),
      h("button", {type: "button", title: "The end (End)", on: {click: () => this.replay(this.message.move)}}, "»"));
  }

  key(event) {
    const k = event.key;
    const gameOver = !!this.gameOver;
    if (k === "Escape") { this.selected = null; this.render(); return true; }
    if (k === "/") { this.chatInput.focus(); return true; }
    if (k === ":") { this.moveBox.focus(); return true; }
    if (gameOver && k === "ArrowLeft") { this.replay((this.replayAt ?? this.message.move) - 1); return true; }
    if (gameOver && k === "ArrowRight") { this.replay((this.replayAt ?? this.message.move) + 1); return true; }
    if (gameOver && k === "Home") { this.replay(0); return true; }
    if (gameOver && k === "End") { this.replay(this.message.move); return true; }
    const button = [...document.querySelectorAll("#main button[data-key]")].find((b) => b.dataset.key === k && !b.disabled);
    if (button) { button.click(); return true; }
    return false;
  }
}

const PLAY_AGAIN = "Play again at";

/** A chat line's text, its table links ("#/table/ID", as "Play again" sends) as links. */
// -- views as patches (protocol version 2, docs/server-protocol.md: view_patch) ----------------
const PROTOCOL = 2;
const NOT_IN_DOCUMENT = ["type", "version", "ref", "log_start", "log"];

/** The whole `view` message a `view_patch` makes of the last one held (`last`), or null when
 *  the patch is for another view (then ask for a whole one). Written for any game. */
function patchedView(last, patch) {
  if (!last || last.move !== patch.base) return null;
  const doc = {};
  for (const [key, value] of Object.entries(last)) if (!NOT_IN_DOCUMENT.includes(key)) doc[key] = value;
  if (patch.history.length || patch.history_start) {
    const history = last.view?.history;
    if (!Array.isArray(history) || history.length !== patch.history_start) return null;
    doc.view = {...last.view, history: history.concat(patch.history)};
  }
  // The lists patched item by item are objects keyed by index while the patch applies.
  const lists = patch.lists ?? [];
  let next = doc;
  for (const path of lists) {
    next = atPath(next, path, (items) => Array.isArray(items) ? {...items} : undefined);
    if (next === undefined) return null;  // no list there in the view held
  }
  next = mergePatch(next, patch.patch);
  for (const path of patch.nulls) next = withNull(next, path);
  for (const path of [...lists].reverse()) next = atPath(next, path, (items) => Array.from({length: Object.keys(items).length}, (_, i) => items[i]));
  return {...next, type: "view", version: patch.version, ref: patch.ref, log_start: patch.log_start, log: patch.log};
}

/** `target` with the value at `path` changed by `change` (the objects on the way copied);
 *  undefined where the path is not there. */
function atPath(target, [head, ...rest], change) {
  if (target === undefined || target === null || typeof target !== "object" || !(head in target)) return undefined;
  const value = rest.length ? atPath(target[head], rest, change) : change(target[head]);
  return value === undefined ? undefined : {...target, [head]: value};
}

/** RFC 7386: `patch` merged into `target` (a copy; null deletes a key, a list replaces). */
function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const result = target !== null && typeof target === "object" && !Array.isArray(target) ? {...target} : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

function withNull(target, [head, ...rest]) {
  const result = target !== null && typeof target === "object" && !Array.isArray(target) ? {...target} : {};
  result[head] = rest.length ? withNull(result[head], rest) : null;
  return result;
}

function chatText(text) {
  const parts = text.split(/(#\/table\/[A-Za-z0-9_-]+)/);
  return parts.map((part, i) => i % 2 ? h("a", {href: part, class: "table-link"}, "this link") : part);
}

function download(name, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], {type: "application/json"}));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function showKeys() {
  const keys = [["?", "these keys"], ["/", "chat"], [":", "type a move (every legal move is offered)"],
    ["h", "hint (tables with hints)"], ["n", "note on the selected card"], ["Esc", "unselect, close"],
    ["← → Home End", "replay a finished game"]];
  const module = table && route().page === "table" ? table.module : null;
  // The game's own keys, whether or not their buttons show now (a module's `keys`), then the
  // buttons on the table now with a key.
  for (const [k, what] of module?.keys || []) keys.push([k, what]);
  const listed = new Set(keys.map(([k]) => k));
  for (const b of document.querySelectorAll("#main button[data-key]")) {
    if (listed.has(b.dataset.key)) continue;
    listed.add(b.dataset.key);
    keys.push([b.dataset.key, b.title || b.firstChild?.textContent]);
  }
  const dialog = $("dialog"), form = $("dialog-form");
  form.replaceChildren(h("h2", {}, "Keys"), h("table", {class: "keys"},
    keys.map(([k, what]) => h("tr", {}, h("td", {}, h("kbd", {class: "keybadge"}, k)), h("td", {}, what)))),
    module?.rules ? h("section", {class: "rules-summary"}, h("h2", {}, "The rules in short"),
      module.rules.map((line) => h("p", {}, line))) : null,
    h("button", {value: "cancel", class: "primary"}, "Close"));
  dialog.onclose = null;
  dialog.showModal();
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || $("dialog").open || $("board-dialog").open) return;
  const typing = event.target.closest?.("input, textarea, select");
  if (typing) { if (event.key === "Escape") event.target.blur(); return; }
  if (event.key === "?") { showKeys(); event.preventDefault(); return; }
  if (table && route().page === "table" && table.key(event)) event.preventDefault();
});

$("keys-button").addEventListener("click", showKeys);

async function go() {
  const where = route();
  if (where.page === "table") {
    clearInterval(lobbyTimer);
    await showTable(where.id, where.watch);
  } else {
    if (table) { table.close(); table = null; }
    await showLobby();
  }
}

window.addEventListener("hashchange", go);
go();

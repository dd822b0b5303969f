/**
 * The web table: the lobby, the WebSocket to a table and the table's chrome (move log, chat,
 * hint, notes, summaries, replay, keys). Plain ES modules served by the package: no build step,
 * nothing fetched from anywhere but the server that served this page.
 *
 * ## A game module: `games/<game>.js` (and optionally `games/<game>.css`, linked when present)
 *
 * The shell imports `./games/<game>.js` for a table of game `<game>` (the game's registry name,
 * TableInfo.game: "hanabi", "koikoi", "ikebana") and calls:
 *
 *   export function render(root, message, ui)
 *     Fill `root` (an empty HTMLElement; the shell empties it before each call) with the table.
 *     `message` is the server's latest `view` message (docs/server-protocol.md):
 *       message.view    seat_view(state, seat) JSON for a seat, spectator_view(state) JSON for a
 *                       spectator (src/cardgames/server/views.py: cards are notation strings,
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
 *     Cards are keyed by a string the game chooses (Hanabi: String(order)); a note is kept per
 *     key by the server, for the seat.
 *   export function describe(view) -> string
 *     A one-line status for the title bar ("Score 12 · 5 clues · 2 fuses left · 18 in deck").
 *   export function summary(message, ui) -> HTMLElement | null
 *     A round or final summary for `message` (a `view` message; ui.gameOver holds the
 *     `game_over` message once the game ends), or null. The shell shows the element in its
 *     summary panel; an element with `dataset.key` set pops up once per distinct key (a
 *     round's end), and the final one pops up when the game ends.
 *
 * Keys: the shell owns `?` (keys help), `/` (chat), `:` (type a move), `h` (hint), `n` (note
 * on the selected card), `Escape` (close, unselect), ArrowLeft/ArrowRight/Home/End (replay).
 * Modules use any other single characters with ui.button(..., {key}) (digits and letters:
 * "1".."5" to select slots, "p" play, "d" discard, ...); the key help lists every button key.
 * Every legal action must also be reachable by mouse and touch; the `:` box (type a move,
 * with the legal notations offered) reaches every action by keyboard in any game.
 */

// @ts-check
// The client's one shared state object (every surface reads it; app.js and the table's modules change it).

/** @typedef {import("./api_types").JsonObject} JsonObject */

/**
 * Companion mode: the faces being typed for an action the server asked dice for.
 * @typedef {{ action: string, count: number, purpose: string, given: number[], picked: number[], preview: JsonObject[] }} Dice
 */

/**
 * The hint panel's state for one version: asking, or the server's answer (issue 44).
 * @typedef {{ version: number, loading?: boolean, list?: JsonObject[], status?: string }} Hints
 */

/**
 * A board pick waiting for its confirmation (issue 25): what was tapped, the options naming it, the space lit.
 * @typedef {{ version: number, target: string, options: string[], space: string | null }} Chosen
 */

export const S = {
  /** @type {import("./api_types").Catalog | null} */
  catalog: null,
  /** @type {string | null} */
  tableId: null,
  /** @type {string | null} */
  token: null,
  /** @type {import("./api_types").You | null} */
  you: null,
  /** @type {import("./api_types").TableView | null} */
  view: null, // the newest view from the server
  /** @type {import("./api_types").TableView | null} */
  shown: null, // the view the board shows (an older one while a playback runs)
  /** @type {import("./api_types").EventView[]} */
  log: [], // events, log[0] is event number logFirst
  logFirst: 0,
  /** @type {import("./api.js").TableSocket | null} */
  socket: null,
  /** @type {import("./board.js").BoardView | null} */
  board: null,
  /** @type {string | null} */
  boardKey: null,
  /** @type {Dice | null} */
  dice: null, // companion mode: {action, count, purpose, given: [], picked: [], preview: []}
  /** @type {Set<string>} */
  seenStory: new Set(),
  dismissedEnd: false,
  /** @type {Hints | null} */
  hints: null,
  /** @type {{ kind: "place", token: string } | null} */
  mode: null, // {kind: "place", token} while placing a party item
  /** @type {number | null} */
  lastMine: null, // log length when this seat last answered a decision
  // (issue 49: the fields below were set without being listed here; listed so the type check knows them)
  /** @type {boolean | undefined} */
  online: undefined, // the table's socket is open (app.js)
  /** @type {boolean | undefined} */
  keepFocus: undefined, // the choices keep the focus after an action until the player moves it elsewhere
  /** @type {Chosen | null} */
  chosen: null, // a board pick waiting for its confirmation: {version, target, options, space} (decision.js)
  /** @type {string | null} */
  revealed: null, // "mouse:round" the board last brought into view (table.js)
  /** @type {boolean | undefined} */
  detailsDefault: undefined, // the "Details" default of the last view drawn (table.js)
};

// @ts-check
// The client's one shared state object (every surface reads it; app.js and the table's modules change it).

export const S = {
  catalog: null,
  tableId: null,
  token: null,
  /** @type {import("./api_types").You | null} */
  you: null,
  /** @type {import("./api_types").TableView | null} */
  view: null, // the newest view from the server
  /** @type {import("./api_types").TableView | null} */
  shown: null, // the view the board shows (an older one while a playback runs)
  log: [], // events, log[0] is event number logFirst
  logFirst: 0,
  socket: null,
  board: null,
  boardKey: null,
  dice: null, // companion mode: {action, count, purpose, given: [], picked: [], preview: []}
  seenStory: new Set(),
  dismissedEnd: false,
  hints: null,
  mode: null, // {kind: "place", token} while placing a party item
  lastMine: null, // log length when this seat last answered a decision
  // (issue 49: the fields below were set without being listed here; listed so the type check knows them)
  online: undefined, // the table's socket is open (app.js)
  keepFocus: undefined, // the choices keep the focus after an action until the player moves it elsewhere
  chosen: null, // a board pick waiting for its confirmation: {version, target, options, space} (decision.js)
  revealed: null, // "mouse:round" the board last brought into view (table.js)
  detailsDefault: undefined, // the "Details" default of the last view drawn (table.js)
};

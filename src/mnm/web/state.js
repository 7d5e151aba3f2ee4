// @ts-check
// The client's one shared state object (every surface reads it; app.js changes it).

export const S = {
  catalog: null,
  tableId: null,
  token: null,
  you: null,
  view: null, // the newest view from the server
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
};

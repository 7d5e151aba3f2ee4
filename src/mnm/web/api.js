// @ts-check
// HTTP and WebSocket access to the server. Seat tokens go in a header or the hello message, never in URLs.

/** @typedef {import("./api_types").ErrorAnswer} ErrorAnswer */
/** @typedef {import("./api_types").JsonObject} JsonObject */

/** A refused request: ``data`` is the server's answer (its ``error`` code the key of the message to show),
 * ``status`` the HTTP status.
 * @typedef {Error & { data: ErrorAnswer | { error: string, message: string }, status: number }} HttpError */

/** A request's body, as the server's model for that route has it (api_types.d.ts, from its OpenAPI).
 * @template {keyof import("./api_types").Endpoints} K
 * @typedef {import("./api_types").Body<K>} Body */

/**
 * One JSON request. Throws an ``HttpError`` when the server refuses it.
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {string} path
 * @param {object} [body] the JSON body; none when undefined
 * @param {string | null} [token] the seat's token (X-Seat-Token)
 * @param {Record<string, string>} [extra] more headers (the workshop's X-Editor-Token)
 * @returns {Promise<any>} the answer (its shape: ``Reply<route>`` in api_types.d.ts)
 */
export async function http(method, path, body, token, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = { error: "bad_response", message: `HTTP ${response.status}` };
  }
  if (!response.ok) {
    const err = /** @type {HttpError} */ (new Error(data.message || `HTTP ${response.status}`));
    err.data = data;
    err.status = response.status;
    throw err;
  }
  return data;
}

/**
 * What a table's socket tells its page (the messages' shapes: mnm.server.shapes, in api_types.d.ts).
 * @typedef {object} TableHandlers
 * @property {(you: import("./api_types").You, view: import("./api_types").TableView) => void} onState
 * @property {(msg: import("./api_types").UpdateMessage) => void} onUpdate
 * @property {(msg: JsonObject) => void} onError
 * @property {(connected: boolean) => void} onStatus
 * @property {(code: number) => void} onFatal  4403 (bad token) or 4404 (no such table): no reconnecting
 * @property {(msg: JsonObject) => void} [onKeep]
 * @property {(msg: JsonObject) => void} [onContinued]
 */

// A table connection that reconnects by itself. Callbacks: onState(you, view), onUpdate(msg), onError(msg),
// onStatus(connected: boolean).
export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string | null} token
   * @param {TableHandlers} handlers
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.ref = 0;
    this.waiting = new Map();
    this.closed = false;
    this.delay = 500;
    /** The view of the last state or update received (before the page's playback shows it): what a delta applies to.
     * @type {import("./api_types").TableView | null} */
    this.view = null;
    this.syncing = false; // a sync was asked and its state has not come yet
    this.behind = -1; // the highest version dropped while syncing (the state may be older: ask again)
    this.connect();
  }

  /** Ask for the whole table again (once until it comes). */
  resync() {
    if (this.syncing) return;
    this.syncing = true;
    this.send({ type: "sync" });
  }

  /**
   * Issue 50: an update as a delta (``base``, ``patch``, ``removed``) made whole again from the last view, when
   * that view is the delta's ``base``; otherwise null, and a sync is asked.
   * @param {import("./api_types").DeltaMessage} msg
   * @returns {import("./api_types").UpdateMessage | null}
   */
  rebuild(msg) {
    const last = this.view;
    if (!last || last.version !== msg.base || this.syncing) {
      if (last && msg.version <= last.version) return null; // old news (it came before the state now held)
      this.behind = Math.max(this.behind, msg.version);
      this.resync();
      return null;
    }
    const view = /** @type {import("./api_types").TableView & Record<string, unknown>} */ ({ ...last, ...msg.patch });
    for (const key of msg.removed) delete view[key];
    const { type, kind, action, seat, version, first_event, events } = msg;
    return { type, kind, action, seat, version, first_event, events, view };
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.view = null; // a new socket starts from its state message
      this.syncing = false;
      this.behind = -1;
      ws.send(JSON.stringify({ type: "hello", token: this.token || null, deltas: true }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        this.delay = 500;
        const view = { ...msg.view };
        delete view.log; // an update's view has no log (its events extend the page's)
        delete view.log_first;
        this.view = view;
        this.syncing = false;
        if (this.behind > view.version) this.resync(); // an update dropped while syncing is newer than this state
        this.behind = -1;
        this.handlers.onStatus(true);
        this.handlers.onState(msg.you, msg.view);
      } else if (msg.type === "update") {
        const update = "base" in msg ? this.rebuild(msg) : msg;
        if (!update) return;
        if (this.view && update.version <= this.view.version) return; // old news
        this.view = update.view;
        this.handlers.onUpdate(update);
      } else if (msg.type === "keep") {
        if (this.handlers.onKeep) this.handlers.onKeep(msg);
      } else if (msg.type === "continued") {
        if (this.handlers.onContinued) this.handlers.onContinued(msg);
      } else if (msg.type === "reload") {
        this.resync();
      } else if (msg.type === "ack" || msg.type === "error") {
        const pending = msg.ref != null ? this.waiting.get(msg.ref) : undefined;
        if (pending) {
          this.waiting.delete(msg.ref);
          pending(msg);
        } else if (msg.type === "error") {
          this.handlers.onError(msg);
        }
      }
    };
    ws.onclose = (ev) => {
      this.handlers.onStatus(false);
      for (const pending of this.waiting.values()) pending({ type: "error", error: "offline", message: "offline" });
      this.waiting.clear();
      if (this.closed || ev.code === 4403 || ev.code === 4404) {
        if (ev.code === 4403 || ev.code === 4404) this.handlers.onFatal(ev.code);
        return;
      }
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  // Send and wait for the matching ack or error.
  request(message) {
    return new Promise((resolve) => {
      const ref = ++this.ref;
      this.waiting.set(ref, resolve);
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        this.waiting.delete(ref);
        resolve({ type: "error", error: "offline", message: "offline" });
        return;
      }
      this.ws.send(JSON.stringify({ ...message, ref }));
    });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}

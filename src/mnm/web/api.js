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
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
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
        this.handlers.onStatus(true);
        this.handlers.onState(msg.you, msg.view);
      } else if (msg.type === "update") {
        this.handlers.onUpdate(msg);
      } else if (msg.type === "keep") {
        if (this.handlers.onKeep) this.handlers.onKeep(msg);
      } else if (msg.type === "continued") {
        if (this.handlers.onContinued) this.handlers.onContinued(msg);
      } else if (msg.type === "reload") {
        this.send({ type: "sync" });
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

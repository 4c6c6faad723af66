// @ts-check
// The room socket (docs/PROTOCOL.md "WebSocket"): hello with a seat token or as a spectator,
// reconnection that never gives up, a heartbeat, and actions that keep their cid.
//
//   const sock = new RoomSocket(code, token, {onView, onAck, onError, onPresence,
//                                             onRematch, onBadToken, onConnection});
//   sock.start(); sock.send(action) -> cid | null; sock.stop(); sock.restart();
//
// Heartbeat: a `ping` whenever the socket was quiet for PING_MS; nothing heard (no pong, no
// view) for SILENCE_MS means the link is dead even if the socket looks open: it is closed,
// `onConnection(false)` fires and the socket reconnects. The window's `offline` event does the
// same at once. Back-off 0.5–8 s with jitter; an instant retry on visibilitychange, pageshow
// and online.
// Actions: one in flight while the link is up (send() returns null meanwhile); while it is
// down, actions queue in order, each with its cid, and go one by one once views flow again
// (also after an `unavailable` error); the server applies a cid at most once.

const PING_MS = 1500;
const SILENCE_MS = 3500; // nothing heard for this long: the link is dead (UX §1.6: < 5 s)
const MIN_DELAY = 500;
const MAX_DELAY = 8000;
const ACK_PATIENCE_MS = 8000;
const CONNECT_PATIENCE_MS = 10000;

let cidCounter = 0;

function newCid() {
  cidCounter += 1;
  const rand = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `c-${Date.now().toString(36)}-${cidCounter}-${rand}`;
}

export class RoomSocket {
  /**
   * @param {string} code
   * @param {string | null | undefined} token
   * @param {SocketHandlers} handlers
   */
  constructor(code, token, handlers) {
    this.code = code;
    this.token = token || null;
    this.on = handlers;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.live = false; // a view arrived on the current connection
    this.stopped = true;
    this.attempt = 0;
    /** @type {number | null} */
    this.timer = null;
    /** @type {number | null} */
    this.pingTimer = null;
    /** @type {number | null} */
    this.retryTimer = null;
    this.lastHeard = 0;
    /** @type {{cid: string, action: Action, sent: boolean, at: number}[]} */
    this.queue = []; // [{cid, action, sent, at}], the head is in flight
    this.wake = () => {
      if (document.visibilityState !== "hidden") this.reconnectNow();
    };
    this.lost = () => this.dead();
  }

  /** The action in flight (the head of the queue), or null. */
  get pending() {
    return this.queue[0] ?? null;
  }

  start() {
    this.stopped = false;
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("pageshow", this.wake);
    window.addEventListener("online", this.wake);
    window.addEventListener("offline", this.lost);
    this.connect();
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("pageshow", this.wake);
    window.removeEventListener("online", this.wake);
    window.removeEventListener("offline", this.lost);
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close(1000);
    }
    this.ws = null;
    this.setLive(false);
  }

  get busy() {
    return this.queue.length > 0 || !this.live;
  }

  /** Sends an action (one element of view.legal, verbatim). Online: null while one is in
   * flight. Offline: queued behind the others, sent in order on return.
   * @param {Action} action
   * @returns {string | null} its cid
   */
  send(action) {
    if (this.live && this.queue.length) return null;
    const entry = { cid: newCid(), action, sent: false, at: Date.now() };
    this.queue.push(entry);
    this.flush();
    return entry.cid;
  }

  /** Closes and opens the socket again (a fresh hello: the server marks an away seat back). */
  restart() {
    if (this.stopped) return;
    this.drop();
    this.attempt = 0;
    this.connect();
  }

  flush() {
    const p = this.pending;
    if (!p || p.sent || !this.live) return;
    p.sent = this.raw({ type: "act", cid: p.cid, action: p.action });
    if (!p.sent) return;
    // No ack for a long while on a live socket: send the same cid again (applied at most once).
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.pending !== p) return;
      p.sent = false;
      this.flush();
    }, ACK_PATIENCE_MS);
  }

  /** @param {ClientMessage} message */
  raw(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    } catch {
      this.schedule();
      return;
    }
    this.ws = ws;
    // A connect that hangs (a black-holed network) is given up after a while and retried.
    const giveUp = setTimeout(() => {
      if (ws.readyState === WebSocket.CONNECTING) ws.close();
    }, CONNECT_PATIENCE_MS);
    ws.onopen = () => {
      clearTimeout(giveUp);
      this.lastHeard = Date.now();
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.tick(), PING_MS / 3);
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => this.closed(ws, event.code);
    ws.onerror = () => {}; // onclose follows
  }

  tick() {
    const quiet = Date.now() - this.lastHeard;
    if (quiet > SILENCE_MS) {
      this.dead();
      return;
    }
    if (quiet >= PING_MS - 100) this.raw({ type: "ping" });
  }

  /** The link is dead (no pong, or the window went offline): say so now and reconnect. */
  dead() {
    if (this.stopped || !this.ws) return;
    this.drop(true);
    this.schedule();
  }

  /** Closes the socket without waiting for it; `dead`: the link is known to be gone (no
   * pong, or offline), so the page may say so at once. */
  drop(dead = false) {
    clearInterval(this.pingTimer);
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      old.onclose = null;
      old.onmessage = null;
      old.close();
    }
    for (const entry of this.queue) entry.sent = false;
    this.setLive(false, dead);
  }

  /** @param {string} text */
  receive(text) {
    this.lastHeard = Date.now();
    /** @type {any} a ServerMessage, as the wire gave it: each handler takes its own type */
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    const handler = {
      view: () => this.gotView(msg),
      ack: () => this.gotAck(msg),
      error: () => this.gotError(msg),
      presence: () => this.on.onPresence?.(msg),
      rematch: () => this.on.onRematch?.(msg),
    }[msg.type];
    handler?.();
  }

  /** @param {ViewMessage} msg */
  gotView(msg) {
    this.attempt = 0;
    this.setLive(true);
    this.on.onView?.(msg);
    this.flush();
  }

  /** @param {AckMessage} msg */
  gotAck(msg) {
    if (this.pending && this.pending.cid === msg.cid) {
      this.queue.shift();
      clearTimeout(this.retryTimer);
      this.flush();
    }
    this.on.onAck?.(msg);
  }

  /** @param {ErrorMessage} msg */
  gotError(msg) {
    if (msg.code === "bad_token") {
      this.stop();
      this.on.onBadToken?.();
      return;
    }
    const mine = this.pending && this.pending.cid === msg.cid;
    if (mine && msg.code === "unavailable") {
      // Keep the cid; send again with the next view, or after a pause if none comes.
      this.pending.sent = false;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => this.flush(), 2000 + Math.random() * 2000);
    } else if (mine) {
      this.queue.shift();
      this.flush();
    }
    this.on.onError?.(msg);
  }

  /**
   * @param {WebSocket} ws
   * @param {number} code
   */
  closed(ws, code) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    this.setLive(false);
    for (const entry of this.queue) entry.sent = false;
    if (code === 4401 || code === 4404) {
      this.stop();
      if (code === 4401) this.on.onBadToken?.();
      else this.on.onGone?.();
      return;
    }
    this.schedule();
  }

  schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const ceiling = Math.min(MAX_DELAY, MIN_DELAY * 2 ** this.attempt);
    const delay = Math.max(MIN_DELAY, ceiling * (0.5 + Math.random() * 0.5));
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  reconnectNow() {
    if (this.stopped) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && Date.now() - this.lastHeard < SILENCE_MS) {
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    if (this.ws) this.drop();
    this.attempt = 0;
    this.connect();
  }

  /**
   * @param {boolean} live
   * @param {boolean} [dead]
   */
  setLive(live, dead = false) {
    if (this.live === live) return;
    this.live = live;
    this.on.onConnection?.(live, dead);
  }
}

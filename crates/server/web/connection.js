// The game's WebSocket (docs/protocol.md §3): `hello` with the seat and `since`, reconnection
// with back-off (0.5 s doubling to 8 s), a full resync on a gap, keep-alive pings, and the
// dispatch of the server's messages by `type`. It knows nothing of the game itself.
//
// Staying connected (§3.5): the page pings every `keepalive` ms (the server's idle timeout is
// longer), so an open page is never closed as idle, even while it waits minutes for the
// opponent. A ping unanswered by the next one means the socket died without a close event (a
// laptop that slept, a network that changed): it is dropped and opened again. When the page
// comes back (shown again, or the network back), a waiting reconnection happens at once and an
// open socket is probed. A socket the server closed (idle, shutting down, too many messages)
// reconnects like any drop.

export const PROTOCOL = 2;

const FIRST_BACKOFF = 500;
const MAX_BACKOFF = 8000;
/** The keep-alive when the page does not say (`data-keepalive`). */
export const PING_EVERY = 25000;
/** How long a probe waits for an answer when the page comes back. */
const PROBE_WAIT = 5000;

export class Connection {
  /**
   * @param {{id: string, seat: string, Socket: typeof WebSocket, keepalive?: number,
   *          since: () => ({epoch: number, ply: number} | null),
   *          handlers: Object<string, (msg: object) => void>,
   *          onOnline: (online: boolean) => void, onUnsent: () => void}} o
   *   the game id and seat secret (or ''); the socket class; the ping interval in ms (default
   *   PING_EVERY); the last event applied (null before the first state); one handler per
   *   message type (others, and `pong`, are dropped); told
   *   when the connection comes up (at its first message) or goes down, and when a message
   *   could not be sent
   */
  constructor({ id, seat, Socket, keepalive, since, handlers, onOnline, onUnsent }) {
    Object.assign(this, { id, seat, Socket, since, handlers, onOnline, onUnsent });
    this.keepaliveMs = keepalive > 0 ? keepalive : PING_EVERY;
    this.ws = null;
    this.online = false;
    this.backoff = FIRST_BACKOFF;
    this.wantFullState = false;
    /** Whether the last ping is still unanswered (nothing came since). */
    this.awaiting = false;
    /** The pending reconnection's timer. */
    this.timer = null;
  }

  start() {
    this.connect();
    setInterval(() => this.keepalive(), this.keepaliveMs);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.wake();
    });
    window.addEventListener('online', () => this.wake());
  }

  /** Pings an open socket; one that did not answer the last ping is dropped and reopened. */
  keepalive() {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1) return;
    if (this.awaiting) {
      this.reopen();
      return;
    }
    this.ping(ws);
  }

  ping(ws) {
    this.awaiting = true;
    ws.send(JSON.stringify({ type: 'ping' }));
  }

  /** The page is back: reconnect now if waiting to, or make sure the open socket still lives. */
  wake() {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.backoff = FIRST_BACKOFF;
      this.connect();
      return;
    }
    const ws = this.ws;
    if (!ws || ws.readyState !== 1) return;
    this.ping(ws);
    setTimeout(() => {
      if (this.ws === ws && this.awaiting) this.reopen();
    }, PROBE_WAIT);
  }

  /** Drops a socket that stopped answering and opens another at once. */
  reopen() {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    this.setOnline(false);
    this.backoff = FIRST_BACKOFF;
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${this.id}/ws`;
  }

  connect() {
    this.timer = null;
    this.awaiting = false;
    let ws;
    try {
      ws = new this.Socket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', protocol: PROTOCOL };
      if (this.seat) hello.seat = this.seat;
      const since = this.since();
      if (since && !this.wantFullState) hello.since = since;
      this.wantFullState = false;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (m) => {
      let msg;
      try {
        msg = JSON.parse(m.data);
      } catch {
        return;
      }
      if (this.ws !== ws) return;
      this.awaiting = false;
      if (!this.online) this.setOnline(true);
      this.backoff = FIRST_BACKOFF;
      if (Object.hasOwn(this.handlers, msg.type)) this.handlers[msg.type](msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setOnline(false);
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  scheduleReconnect() {
    const d = this.backoff;
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), d);
  }

  /** Drops the socket and asks for a full state (a gap in the events). */
  resync() {
    this.wantFullState = true;
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.onclose = null;
      ws.close();
      this.setOnline(false);
      this.backoff = FIRST_BACKOFF;
      this.scheduleReconnect();
    }
  }

  setOnline(on) {
    this.online = on;
    this.onOnline(on);
  }

  /** Sends `msg` if the socket is open; returns whether it was sent. */
  send(msg) {
    if (!this.ws || this.ws.readyState !== 1) {
      this.onUnsent();
      return false;
    }
    this.ws.send(JSON.stringify(msg));
    return true;
  }
}

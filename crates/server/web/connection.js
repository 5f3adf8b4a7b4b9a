// The game's WebSocket (docs/protocol.md §3): `hello` with the seat and `since`, reconnection
// with back-off (0.5 s doubling to 8 s), a full resync on a gap, keep-alive pings, and the
// dispatch of the server's messages by `type`. It knows nothing of the game itself.

export const PROTOCOL = 2;

const FIRST_BACKOFF = 500;
const MAX_BACKOFF = 8000;
const PING_EVERY = 25000;

export class Connection {
  /**
   * @param {{id: string, seat: string, Socket: typeof WebSocket,
   *          since: () => ({epoch: number, ply: number} | null),
   *          handlers: Object<string, (msg: object) => void>,
   *          onOnline: (online: boolean) => void, onUnsent: () => void}} o
   *   the game id and seat secret (or ''); the socket class; the last event applied (null before
   *   the first state); one handler per message type (others, and `pong`, are dropped); told
   *   when the connection comes up (at its first message) or goes down, and when a message
   *   could not be sent
   */
  constructor({ id, seat, Socket, since, handlers, onOnline, onUnsent }) {
    Object.assign(this, { id, seat, Socket, since, handlers, onOnline, onUnsent });
    this.ws = null;
    this.online = false;
    this.backoff = FIRST_BACKOFF;
    this.wantFullState = false;
  }

  start() {
    this.connect();
    setInterval(() => this.send({ type: 'ping' }), PING_EVERY);
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${this.id}/ws`;
  }

  connect() {
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
    setTimeout(() => this.connect(), d);
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

// A fake server for the dev harness: speaks docs/protocol.md from a recorded game
// (data/<variant>.json: the `game` object at ply 0, then one `move` event a ply, made from
// games.txt by the server's own views; UPDATE_DEV_DATA=1 cargo test -p mancala-server dev_data).
// Whatever move the client sends, the mock plays the recorded one (and logs both). The client's
// English messages come from data/messages-en.json (written by the same test), since there is no
// server to serve /en/messages.json. Nor is there `GET /api/trace`: the move dialogue then asks
// its questions without showing the move up to them. `?spectators=N` sets the watchers' count.

const q = new URLSearchParams(location.search);
const variant = q.get('variant') || 'bao-la-kiswahili';
const startPly = Number(q.get('ply') || 0);
const youParam = q.get('you') || 'south';
const you = youParam === 'spectator' ? null : youParam;
const mode = q.get('mode') || (you === 'both' ? 'local' : 'friend');
const auto = q.get('auto') === '1';
const log = (dir, m) => {
  const el = document.getElementById('mock-lines');
  if (el) el.textContent += `${dir} ${typeof m === 'string' ? m : JSON.stringify(m)}\n`.slice(0, 400);
};

const data = await (await fetch(`./data/${variant}.json`)).json();
const head = data[0];
const events = data.slice(1);
let ply = Math.min(startPly, events.length);
let epoch = 0;
let present = { south: true, north: true, spectators: Number(q.get('spectators') || 0) };
let sockets = [];

function current() {
  if (ply === 0) return { position: head.position, legal: head.legal, outcome: head.outcome };
  return events[ply - 1].after;
}

function seats() {
  const comp = mode === 'computer';
  const oppSide = you === 'north' ? 'south' : 'north';
  const s = {
    south: { kind: 'human', joined: true, connected: present.south },
    north: { kind: 'human', joined: true, connected: present.north },
  };
  if (comp) s[oppSide] = { kind: 'computer', level: 5, joined: true, connected: true };
  if (q.get('invite') === '1') s[oppSide].joined = false;
  return s;
}

function state() {
  const c = current();
  let legal = c.legal;
  if (q.get('legal')) legal = q.get('legal').split(',');
  return {
    type: 'state',
    protocol: 2,
    you,
    game: {
      id: 'dev12345', variant: head.variant, rules: 'rev 1', options: [],
      width: head.width, rows: head.rows, mode, seats: seats(),
      invite_url: q.get('invite') === '1' ? '/en/join/dev12345/inviteTokenXXXXXXXXXXX' : null,
      epoch, ply, start: head.start,
      moves: events.slice(0, ply).map((e) => ({ ply: e.ply, side: e.side, move: e.move })),
      last_move: ply ? (({ ply: p, side, move, trace, captures }) => ({ ply: p, side, move, trace, captures }))(events[ply - 1]) : null,
      position: c.position, legal, outcome: c.outcome,
      offers: { takeback: null, rematch: null }, rematch: null, thinking: false,
      spectators: present.spectators,
    },
  };
}

class MockSocket {
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    sockets.push(this);
    log('open', url);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    }, 80);
  }
  deliver(m) {
    if (this.readyState !== 1) return;
    log('S:', m.type === 'move' ? `move ${m.ply} ${m.move}` : m);
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(m) }), 0);
  }
  close() {
    this.readyState = 3;
    sockets = sockets.filter((s) => s !== this);
    setTimeout(() => this.onclose?.({}), 0);
  }
  send(text) {
    const m = JSON.parse(text);
    log('C:', m);
    if (m.type === 'hello') {
      if (m.since && m.since.epoch === epoch && m.since.ply <= ply) {
        for (const e of events.slice(m.since.ply, ply)) this.deliver(e);
        this.deliver({ type: 'presence', ...present });
        this.deliver({ type: 'offers', takeback: null, rematch: null });
      } else this.deliver(state());
    } else if (m.type === 'move') {
      if (m.ply !== ply + 1) return this.deliver({ type: 'error', code: 'stale_ply', message: `the next ply is ${ply + 1}`, ply: m.ply });
      playNext(m.move);
      this.deliver({ type: 'ack', ply: m.ply });
    } else if (m.type === 'ping') this.deliver({ type: 'pong' });
    else if (m.type === 'resign') broadcast({ type: 'end', outcome: { result: you === 'south' ? '0-1' : '1-0', winner: you === 'south' ? 'north' : 'south', reason: 'resignation', seeds: null } });
    else if (m.type === 'takeback') {
      ply = Math.max(0, ply - (mode === 'computer' ? 2 : 1));
      epoch += 1;
      broadcast(state());
    } else if (m.type === 'rematch') broadcast({ type: 'offers', takeback: null, rematch: you });
    else if (m.type === 'decline') broadcast({ type: 'offers', takeback: null, rematch: null });
  }
}

function broadcast(m) {
  for (const s of sockets) s.deliver(m);
}

function playNext(sent) {
  if (ply >= events.length) return;
  const e = events[ply];
  if (sent && sent !== e.move) log('mock', `client sent ${sent}; recorded move is ${e.move}`);
  ply += 1;
  broadcast(e);
  if (auto && ply < events.length && events[ply].side !== you && you !== 'both') setTimeout(() => playNext(null), 1500);
}

window.MancalaSocket = MockSocket;
window.MANCALA_MESSAGES_URL = './data/messages-en.json';
window.mockServer = { playNext, broadcast, state };
document.getElementById('mock-drop').onclick = () => sockets.slice().forEach((s) => s.close());
document.getElementById('mock-away').onclick = () => {
  const opp = you === 'north' ? 'south' : 'north';
  present = { ...present, [opp]: !present[opp] };
  broadcast({ type: 'presence', ...present });
};
document.getElementById('mock-offer').onclick = () => broadcast({ type: 'offers', takeback: you === 'north' ? 'south' : 'north', rematch: null });
document.getElementById('mock-resign').onclick = () => broadcast({ type: 'end', outcome: { result: you === 'north' ? '0-1' : '1-0', winner: you || 'south', reason: 'resignation', seeds: null } });
await import('../game.js');

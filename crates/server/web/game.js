// Mancala board client: the live game page (docs/protocol.md is the contract).
//
// The page holds <main id="game" data-id="GAMEID" data-lang="en" data-seat="SECRET-or-empty">
// with a server-rendered fallback <section id="static-board"> that this module hides.
//
// Stable hooks for end-to-end tests:
//   main#game[data-ply]        the ply of the last applied event (also #ply, as text)
//   main#game[data-epoch]      the epoch of the last applied event
//   main#game[data-busy]       "true" while an animation runs or a move is being sent
//   [data-pit="A3"]            every pit (SVG <g role="button" tabindex="0">), aria-label "A3, 4 seeds"
//   .playable, [data-playable="true"]  a pit that can start a legal move now
//   [data-choice]              the decision buttons of the move dialogue: "<" ">" "+" "stop" "c" "a",
//                              and "cancel"; the same choices also appear as arrows on the board
//                              (button: .choice-panel [data-choice]; arrow: .choice-arrow[data-choice])
//   #turn                      whose turn it is, or the result
//   #outcome                   empty and hidden while the game runs; the outcome text once it ended
//   #connection                "online" or "offline" (data-state likewise)
//   #status                    role=status line: errors and notes from the server
//   #last-move                 "Last move: A4<"
//   #move-list                 the moves in notation; .current marks the last one
//   #invite-url                read-only input with the invitation link (creator only, unused)
//   #private-url, #watch-url   the player's own link and the spectator link
//   #resign (then #resign-confirm / #resign-cancel), #takeback, #rematch, #flip
//   #takeback-accept, #takeback-decline, #rematch-accept, #rematch-decline (opponent's offer)
//   #anim-speed (select off|fast|normal|slow), #sound (checkbox)
//   #announcer                 aria-live="polite": each move and the end
// URL query ?anim=off forces animations off.

import { Board } from './board.js';
import { Dialogue, STOP, startPits, parseMove, firstSownPit, kichwaFor } from './moves.js';
import { animateTrace, SPEEDS } from './anim.js';
import { soundOn, setSound } from './sound.js';

const PROTOCOL = 1;
const SIDE_NAME = { south: 'South', north: 'North' };
const other = (s) => (s === 'south' ? 'north' : 'south');
const STORE_LABEL = { store: 'Store', captured: 'Captured', reserve: 'Reserve', to_place: 'To place' };

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

function animSetting() {
  const q = new URLSearchParams(location.search).get('anim');
  if (q && q in SPEEDS) return { value: q, forced: true };
  let v = null;
  try {
    v = localStorage.getItem('mancala.anim');
  } catch {
    v = null;
  }
  if (v && v in SPEEDS) return { value: v, forced: false };
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return { value: reduce ? 'off' : 'normal', forced: false };
}

class GameClient {
  constructor(main) {
    this.main = main;
    this.id = main.dataset.id;
    this.lang = main.dataset.lang || 'en';
    this.seat = main.dataset.seat || '';
    this.game = null;
    this.you = null;
    this.epoch = null;
    this.ply = 0;
    this.moves = [];
    this.position = null;
    this.legal = [];
    this.outcome = null;
    this.offers = { takeback: null, rematch: null };
    this.seats = null;
    this.thinking = false;
    this.lastMove = null;
    this.pending = null; // {ply, move} sent, not yet seen
    this.dialogue = null;
    this.queue = [];
    this.processing = false;
    this.animating = false;
    this.flipped = false;
    this.resignAsk = false;
    this.anim = animSetting();
    this.backoff = 500;
    this.online = false;
    this.wantFullState = false;
    this.ws = null;
    this.statusTimer = null;
    this.buildUi();
    this.connect();
    setInterval(() => this.send({ type: 'ping' }), 25000);
    window.addEventListener('resize', () => this.layout());
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.dialogue) this.cancelDialogue();
    });
  }

  // ---------------------------------------------------------------- UI skeleton

  buildUi() {
    const fallback = this.main.querySelector('#static-board');
    if (fallback) fallback.hidden = true;
    this.main.classList.add('live');
    this.el = {};
    const E = this.el;
    E.title = h('h1', { class: 'game-title', text: 'Mancala' });
    E.turn = h('p', { id: 'turn', class: 'turn', text: 'Connecting…' });
    E.outcome = h('p', { id: 'outcome', class: 'outcome', hidden: true });
    E.top = h('div', { class: 'player top' });
    E.bottom = h('div', { class: 'player bottom' });
    E.boardWrap = h('div', { class: 'board-wrap' });
    E.choices = h('div', { class: 'choice-panel', hidden: true, role: 'group', 'aria-label': 'Choose' });
    E.lastMove = h('p', { id: 'last-move', class: 'last-move' });
    E.thinking = h('p', { class: 'thinking', hidden: true, text: 'Computer is thinking…' });
    const boardArea = h(
      'section',
      { class: 'board-area', 'aria-label': 'Board' },
      h('div', { class: 'game-head' }, E.title, E.turn),
      E.outcome,
      E.top,
      E.boardWrap,
      E.bottom,
      E.choices,
      h('div', { class: 'under-board' }, E.lastMove, E.thinking),
    );

    E.connection = h('span', { id: 'connection', class: 'conn', 'data-state': 'offline', text: 'offline' });
    E.reconnecting = h('span', { class: 'reconnecting', text: ', reconnecting…', hidden: true });
    E.ply = h('span', { id: 'ply', text: '0' });
    E.status = h('p', { id: 'status', class: 'status', role: 'status' });
    E.offers = h('div', { class: 'offers', 'aria-live': 'polite' });

    E.resign = h('button', { id: 'resign', type: 'button', text: 'Resign', onclick: () => this.askResign() });
    E.takeback = h('button', { id: 'takeback', type: 'button', text: 'Takeback', onclick: () => this.send({ type: 'takeback' }) });
    E.rematch = h('button', { id: 'rematch', type: 'button', text: 'Rematch', onclick: () => this.send({ type: 'rematch' }) });
    E.flip = h('button', { id: 'flip', type: 'button', text: 'Flip board', 'aria-pressed': 'false', onclick: () => this.flip() });
    E.resignBox = h('div', { class: 'confirm', hidden: true });

    const speed = h('select', { id: 'anim-speed', disabled: this.anim.forced ? true : null });
    for (const v of ['off', 'fast', 'normal', 'slow']) {
      speed.append(h('option', { value: v, text: v[0].toUpperCase() + v.slice(1), selected: v === this.anim.value ? true : null }));
    }
    speed.addEventListener('change', () => {
      this.anim.value = speed.value;
      try {
        localStorage.setItem('mancala.anim', speed.value);
      } catch {
        /* ignore */
      }
    });
    const sound = h('input', { id: 'sound', type: 'checkbox', checked: soundOn() ? true : null });
    sound.addEventListener('change', () => setSound(sound.checked));

    E.moveList = h('div', { id: 'move-list', class: 'move-list' });
    E.record = h('a', { class: 'record-link', href: `/api/games/${this.id}/record`, download: `mancala-${this.id}.txt`, text: 'Download record' });
    E.invite = h('section', { id: 'invite', class: 'invite', hidden: true });
    E.share = h('details', { class: 'share' });
    E.rematchLink = h('p', { class: 'rematch-link', hidden: true });

    const side = h(
      'aside',
      { class: 'game-side' },
      h(
        'div',
        { class: 'side-block' },
        h('div', { class: 'status-row' }, h('span', { class: 'conn-wrap' }, E.connection, E.reconnecting), h('span', { class: 'ply-wrap' }, 'Ply ', E.ply)),
        E.status,
        E.invite,
        E.offers,
        E.rematchLink,
        h('div', { class: 'controls' }, E.resign, E.takeback, E.rematch, E.flip),
        E.resignBox,
        h('div', { class: 'settings' }, h('label', {}, 'Animation ', speed), h('label', { class: 'check' }, sound, ' Sound')),
      ),
      h('section', { class: 'side-block moves' }, h('h2', { text: 'Moves' }), E.moveList, E.record),
      h('div', { class: 'side-block' }, E.share),
    );
    E.announcer = h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite' });
    this.main.append(h('div', { class: 'game-layout' }, boardArea, side), E.announcer);
  }

  ensureBoard() {
    const g = this.game;
    if (this.board && this.board.rows === g.rows && this.board.width === g.width) return;
    this.el.boardWrap.textContent = '';
    this.board = new Board(this.el.boardWrap, {
      rows: g.rows,
      width: g.width,
      onPit: (p) => this.pitClicked(p),
      onChoice: (c) => this.choose(c),
    });
    this.el.boardWrap.dataset.rows = g.rows;
    this.el.boardWrap.dataset.width = g.width;
    this.layout(true);
  }

  bottomSide() {
    const own = this.you === 'north' ? 'north' : 'south';
    return this.flipped ? other(own) : own;
  }

  layout(force = false) {
    if (!this.board || !this.game) return;
    const cols = this.game.width + (this.game.rows === 2 ? 2 : 0);
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    // Turn the board a quarter on a portrait screen only where the pits would otherwise get too
    // small to touch (the 12- and 16-pit rows on a phone): a turned board puts the player's
    // rows on the left instead of in front of them, so an 8-pit board stays as it is, its
    // pits about 45 px wide on a 390 px phone.
    const portrait = vh > vw * 1.15 && vw / cols < 40;
    this.main.classList.toggle('portrait-board', portrait);
    this.main.classList.toggle('wide-board', this.game.width >= 12);
    this.main.style.setProperty('--stretch', this.game.width >= 12 ? '1.7' : '1');
    this.board.setView({ bottom: this.bottomSide(), portrait });
    if (force) this.board.build();
    this.renderPanels();
  }

  flip() {
    this.flipped = !this.flipped;
    this.el.flip.setAttribute('aria-pressed', String(this.flipped));
    this.layout();
    if (this.dialogue) this.showDialogue();
  }

  // ---------------------------------------------------------------- connection

  wsUrl() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${this.id}/ws`;
  }

  connect() {
    const Socket = window.MancalaSocket || WebSocket;
    let ws;
    try {
      ws = new Socket(this.wsUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', protocol: PROTOCOL };
      if (this.seat) hello.seat = this.seat;
      if (this.epoch !== null && !this.wantFullState) hello.since = { epoch: this.epoch, ply: this.ply };
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
      this.backoff = 500;
      this.receive(msg);
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
    this.backoff = Math.min(this.backoff * 2, 8000);
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
      this.backoff = 500;
      this.scheduleReconnect();
    }
  }

  setOnline(on) {
    this.online = on;
    const c = this.el.connection;
    c.textContent = on ? 'online' : 'offline';
    c.dataset.state = on ? 'online' : 'offline';
    this.el.reconnecting.hidden = on;
    if (!on) this.pending = null;
    this.refreshInput();
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== 1) {
      this.flash('Offline: not sent. Reconnecting…', true);
      return false;
    }
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // ---------------------------------------------------------------- messages

  receive(msg) {
    switch (msg.type) {
      case 'state':
      case 'move':
      case 'end':
        this.queue.push(msg);
        this.pump();
        break;
      case 'ack':
        // the move event may come after the ack: stay pending until it is applied
        if (this.pending && this.pending.ply === msg.ply && this.ply >= msg.ply) this.pending = null;
        if (this.el.status.textContent.startsWith('Sent ')) this.el.status.textContent = '';
        this.refreshInput();
        break;
      case 'error':
        this.onError(msg);
        break;
      case 'presence':
        if (this.seats) {
          if (this.seats.south) this.seats.south.connected = msg.south;
          if (this.seats.north) this.seats.north.connected = msg.north;
          for (const s of ['south', 'north']) if (msg[s] && this.seats[s]) this.seats[s].joined = true;
        }
        this.renderPanels();
        break;
      case 'offers':
        this.offers = { takeback: msg.takeback ?? null, rematch: msg.rematch ?? null };
        this.renderOffers();
        break;
      case 'rematch':
        this.goRematch(msg.id);
        break;
      case 'pong':
      default:
        break;
    }
  }

  onError(msg) {
    if (msg.ply !== undefined && this.pending && this.pending.ply === msg.ply) {
      this.pending = null;
      this.endDialogue();
    }
    const text = {
      not_your_turn: 'It is not your turn.',
      stale_ply: 'That move came too late: the position has changed.',
      not_player: 'You are watching this game.',
      game_over: 'The game is over.',
      store: 'The move could not be saved; try again.',
      nothing_to_take_back: 'There is no move of yours to take back.',
      no_offer: 'There is no offer to decline.',
    }[msg.code];
    this.flash(msg.message ? `${text ? `${text} ` : ''}(${msg.message})` : text || msg.code, true);
    this.refreshInput();
  }

  async pump() {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length) {
        const msg = this.queue.shift();
        if (msg.type === 'state') this.applyState(msg);
        else if (msg.type === 'move') await this.applyMove(msg, this.queue.length > 2);
        else if (msg.type === 'end') this.applyEnd(msg);
      }
    } finally {
      this.processing = false;
      this.refreshInput();
    }
  }

  applyState(msg) {
    const g = msg.game;
    if (msg.protocol !== undefined && msg.protocol !== PROTOCOL) {
      this.flash(`The server speaks protocol ${msg.protocol}; reload the page.`, true);
    }
    this.game = g;
    this.you = msg.you ?? null;
    this.epoch = g.epoch ?? 0;
    this.ply = g.ply ?? (g.moves || []).length;
    this.moves = (g.moves || []).slice();
    this.position = g.position;
    this.legal = g.legal || [];
    this.outcome = g.outcome || null;
    this.offers = g.offers || { takeback: null, rematch: null };
    this.seats = g.seats || null;
    this.thinking = !!g.thinking;
    this.pending = null;
    this.endDialogue();
    const last = this.moves[this.moves.length - 1];
    this.lastMove = last ? this.lastFromText(last.move, last.side) : null;
    this.el.title.textContent = g.name || g.variant;
    document.title = `${g.name || g.variant} · Mancala`;
    this.ensureBoard();
    this.board.render(this.position);
    this.board.setLastMove(this.lastMove);
    this.renderAll();
  }

  lastFromText(text, side) {
    const p = parseMove(text);
    if (!p) return null;
    const last = { pit: p.pit, text, side };
    const d = p.steps[0];
    if (this.game.rows === 4 && (d === '<' || d === '>')) last.towards = firstSownPit(p.pit, d, this.game.width);
    return last;
  }

  async applyMove(ev, hurry) {
    if (this.epoch === null) return; // no state yet
    if (ev.epoch !== this.epoch || ev.ply > this.ply + 1) {
      this.resync();
      return;
    }
    if (ev.ply <= this.ply) return; // already applied (a replay after reconnect)
    this.endDialogue();
    if (this.pending && this.pending.ply === ev.ply) this.pending = null;
    const ms = SPEEDS[this.anim.value] || 0;
    if (ms > 0 && !hurry && ev.trace && ev.trace.length) {
      this.animating = true;
      this.main.dataset.busy = 'true';
      this.el.turn.textContent = `${this.sideLabel(ev.side, true)} ${this.you === ev.side ? 'play' : 'plays'} ${ev.move}…`;
      this.el.turn.dataset.state = 'anim';
      this.board.setPlayable(new Set());
      this.board.setLastMove(null);
      const shown = this.shownCounts();
      try {
        await animateTrace(this.board, ev, ms, {
          adjust: (kind, side, delta) => {
            // a placed seed comes from the hand (Bao namua) or the reserve (Kimasai, Omweso set-up)
            if (kind === 'place') kind = this.position.hands ? 'hand' : 'store';
            shown[kind][side] += delta;
            this.renderPanels(shown);
            if (kind === 'store' && this.game.rows === 2) this.board.setStore(side, shown.store[side]);
          },
          housePit: (side) => this.position?.houses?.[side],
          cancelled: () => this.queue.length > 2,
        });
      } catch {
        /* cancelled: the final position is drawn below */
      }
      this.board.hideToken();
      this.animating = false;
    }
    const after = ev.after || {};
    this.ply = ev.ply;
    this.position = after.position || this.position;
    this.legal = after.legal || [];
    this.outcome = after.outcome || null;
    this.moves.push({ ply: ev.ply, side: ev.side, move: ev.move });
    this.lastMove = this.lastFromTrace(ev);
    // the computer thinks when it is its turn
    const turn = this.position.turn;
    this.thinking = !this.outcome && this.seats?.[turn]?.kind === 'computer';
    this.board.render(this.position);
    this.board.setLastMove(this.lastMove);
    this.announce(ev);
    this.renderAll();
  }

  lastFromTrace(ev) {
    const last = this.lastFromText(ev.move, ev.side) || { text: ev.move, side: ev.side };
    const t = ev.trace || [];
    const firstSow = t.find((e) => e.e === 'sow');
    const cap = t.find((e) => e.e === 'capture');
    if (cap && t.indexOf(cap) < t.indexOf(firstSow)) {
      // namua capture: the arrow shows where the captured seeds came in
      last.kichwa = cap.kichwa;
      last.kichwaTowards = firstSow && firstSow.pit !== cap.kichwa ? firstSow.pit : this.nextAlong(cap.kichwa, t);
      last.towards = null;
    } else if (firstSow && firstSow.pit !== last.pit) {
      last.towards = firstSow.pit;
    } else {
      const second = t.filter((e) => e.e === 'sow')[1];
      if (second) last.towards = second.pit;
    }
    return last;
  }

  nextAlong(kichwa, t) {
    const sows = t.filter((e) => e.e === 'sow');
    const i = sows.findIndex((e) => e.pit === kichwa);
    return i >= 0 && sows[i + 1] ? sows[i + 1].pit : null;
  }

  shownCounts() {
    const p = this.position;
    return {
      hand: { south: p.hands?.south ?? 0, north: p.hands?.north ?? 0 },
      store: { south: p.stores?.south ?? 0, north: p.stores?.north ?? 0 },
    };
  }

  applyEnd(msg) {
    this.outcome = msg.outcome;
    this.legal = [];
    this.thinking = false;
    this.endDialogue();
    this.announceText(`Game over. ${this.outcomeText()}`);
    this.renderAll();
  }

  goRematch(id) {
    const url = this.seat ? `/${this.lang}/g/${id}/${this.seat}` : `/${this.lang}/g/${id}`;
    this.el.rematchLink.hidden = false;
    this.el.rematchLink.textContent = '';
    this.el.rematchLink.append(h('a', { href: url, text: 'Go to the rematch' }));
    location.assign(url);
  }

  // ---------------------------------------------------------------- announcing

  announce(ev) {
    let text = ev.text;
    if (!text) {
      const who = this.sideLabel(ev.side, true);
      const caps = (ev.trace || []).filter((e) => e.e === 'capture' || e.e === 'remove' || e.e === 'take');
      const parts = caps.map((c) => `captured ${c.seeds} from ${c.from}`);
      text = `${who} played ${ev.move}${parts.length ? `, ${parts.join(', ')}` : ''}`;
      if ((ev.trace || []).some((e) => e.e === 'extra_turn')) text += ', and moves again';
    }
    if (this.outcome) text += `. Game over. ${this.outcomeText()}`;
    this.announceText(text);
  }

  announceText(text) {
    // replace the text so that screen readers read it even when it repeats
    this.el.announcer.textContent = '';
    setTimeout(() => {
      this.el.announcer.textContent = text;
    }, 30);
  }

  flash(text, isError = false) {
    const s = this.el.status;
    s.textContent = text;
    s.classList.toggle('error', isError);
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      s.textContent = '';
      s.classList.remove('error');
    }, 6000);
  }

  // ---------------------------------------------------------------- rendering

  renderAll() {
    this.main.dataset.ply = String(this.ply);
    this.main.dataset.epoch = String(this.epoch);
    this.el.ply.textContent = String(this.ply);
    this.renderTurn();
    this.renderPanels();
    this.renderMoves();
    this.renderOffers();
    this.renderInvite();
    this.renderControls();
    const lm = this.lastMove;
    this.el.lastMove.textContent = lm ? `Last move: ${lm.text}${lm.side ? ` (${SIDE_NAME[lm.side]})` : ''}` : '';
    if (this.game?.rematch) {
      const url = this.seat ? `/${this.lang}/g/${this.game.rematch}/${this.seat}` : `/${this.lang}/g/${this.game.rematch}`;
      this.el.rematchLink.hidden = false;
      this.el.rematchLink.textContent = '';
      this.el.rematchLink.append(h('a', { href: url, text: 'Go to the rematch' }));
    }
    this.refreshInput();
  }

  isPlayer() {
    return this.you === 'south' || this.you === 'north' || this.you === 'both';
  }

  sideLabel(side, forSentence = false) {
    const seat = this.seats?.[side];
    if (this.you === side) return forSentence ? 'You' : 'You';
    if (this.you === 'both' || !this.isPlayer()) {
      if (seat?.kind === 'computer') return `Computer level ${seat.level ?? '?'} (${SIDE_NAME[side]})`;
      return SIDE_NAME[side];
    }
    if (seat?.kind === 'computer') return `Computer level ${seat.level ?? '?'}`;
    return 'Opponent';
  }

  outcomeText() {
    const o = this.outcome;
    if (!o) return '';
    let lead = '';
    if (this.you === 'south' || this.you === 'north') {
      if (o.winner === this.you) lead = 'You win! ';
      else if (o.winner) lead = 'You lose. ';
      else lead = 'Draw. ';
    }
    return `${lead}${o.text || o.result || ''}`;
  }

  renderTurn() {
    const E = this.el;
    if (!this.position) return;
    if (this.outcome) {
      const o = this.outcome;
      const mine = this.you === 'south' || this.you === 'north';
      const head = mine && o.winner ? (o.winner === this.you ? 'You won' : 'You lost') : o.winner ? `${SIDE_NAME[o.winner]} won` : 'Draw';
      E.turn.textContent = `Game over: ${head} (${o.result || ''})`;
      E.turn.dataset.state = 'over';
      E.outcome.hidden = false;
      E.outcome.textContent = this.outcomeText();
      E.thinking.hidden = true;
      return;
    }
    E.outcome.hidden = true;
    E.outcome.textContent = '';
    const turn = this.position.turn;
    const prev = this.moves[this.moves.length - 1];
    const again = prev && prev.side === turn && this.game.rows === 2 ? ' again' : '';
    let text;
    if (this.you === 'both') text = `${SIDE_NAME[turn]} to move${again}`;
    else if (this.you === turn) text = `Your turn${again ? ': move again' : ''} (${SIDE_NAME[turn]})`;
    else if (this.isPlayer()) {
      const seat = this.seats?.[turn];
      text = seat?.kind === 'computer' ? `Computer's turn (${SIDE_NAME[turn]})` : `Opponent's turn (${SIDE_NAME[turn]})`;
    } else text = `${SIDE_NAME[turn]} to move${again}`;
    E.turn.textContent = text;
    E.turn.dataset.state = this.you === turn || this.you === 'both' ? 'you' : 'wait';
    E.thinking.hidden = !this.thinking;
  }

  renderPanels(shown = null) {
    if (!this.position || !this.board) return;
    const bottom = this.board.bottom;
    const top = other(bottom);
    const counts = shown || this.shownCounts();
    this.fillPanel(this.el.top, top, counts);
    this.fillPanel(this.el.bottom, bottom, counts);
  }

  fillPanel(panel, side, counts) {
    const p = this.position;
    const seat = this.seats?.[side];
    panel.textContent = '';
    panel.dataset.side = side;
    const toMove = !this.outcome && p.turn === side;
    panel.classList.toggle('to-move', toMove);
    const name = h('span', { class: 'name', text: this.sideLabel(side) });
    const sideTag = h('span', { class: 'side-tag', text: SIDE_NAME[side] });
    const head = h('div', { class: 'who' }, h('span', { class: `stone stone-${side}`, 'aria-hidden': 'true' }), name);
    if (this.sideLabel(side) !== SIDE_NAME[side]) head.append(sideTag);
    if (toMove) head.append(h('span', { class: 'to-move-tag', text: '▶ to move' }));
    panel.append(head);
    const facts = h('div', { class: 'facts' });
    if (p.hands && (p.hands.south > 0 || p.hands.north > 0 || this.animating)) facts.append(h('span', { class: 'fact hand', 'data-hand': side }, 'In hand ', h('b', { text: String(counts.hand[side]) })));
    if (p.stores && p.store_label) {
      facts.append(h('span', { class: 'fact store', 'data-store-count': side }, `${STORE_LABEL[p.store_label] || p.store_label} `, h('b', { text: String(counts.store[side]) })));
    }
    if (p.houses) {
      facts.append(h('span', { class: 'fact house' }, p.houses[side] ? `Nyumba ${p.houses[side]}` : 'No nyumba'));
    }
    // presence of a human opponent (or any human seat when watching)
    if (seat && seat.kind === 'human' && side !== this.you && this.you !== 'both') {
      let pres;
      if (seat.joined === false) pres = h('span', { class: 'presence waiting', text: 'waiting to join' });
      else if (seat.connected) pres = h('span', { class: 'presence on', text: 'connected' });
      else pres = h('span', { class: 'presence off', text: side === other(this.you) ? 'opponent disconnected' : 'disconnected' });
      facts.append(pres);
    }
    panel.append(facts);
  }

  renderMoves() {
    const list = this.el.moveList;
    list.textContent = '';
    let n = 0;
    let prevSide = null;
    const frag = document.createDocumentFragment();
    this.moves.forEach((m, i) => {
      if (m.side === 'south' && prevSide !== 'south') {
        n += 1;
        frag.append(h('span', { class: 'num', text: `${n}.` }));
      } else if (i === 0 && m.side === 'north') {
        n = 1;
        frag.append(h('span', { class: 'num', text: '1...' }));
      }
      const cur = i === this.moves.length - 1;
      frag.append(h('span', { class: `mv mv-${m.side}${cur ? ' current' : ''}`, 'data-ply': m.ply, title: `${SIDE_NAME[m.side]}, ply ${m.ply}`, text: m.move, 'aria-current': cur ? 'true' : null }));
      prevSide = m.side;
    });
    if (!this.moves.length) frag.append(h('span', { class: 'none', text: 'No moves yet.' }));
    if (this.outcome) frag.append(h('span', { class: 'result', text: this.outcome.result || '' }));
    list.append(frag);
    const cur = list.querySelector('.current');
    if (cur) list.scrollTop = list.scrollHeight;
  }

  renderOffers() {
    const box = this.el.offers;
    box.textContent = '';
    const you = this.you;
    const mine = (s) => s && (you === s || you === 'both');
    for (const kind of ['takeback', 'rematch']) {
      const s = this.offers?.[kind];
      if (!s) continue;
      const what = kind === 'takeback' ? 'a takeback' : 'a rematch';
      if (mine(s)) {
        box.append(h('p', { class: 'offer own', text: `You offered ${what}; waiting for the answer…` }));
      } else if (you === 'south' || you === 'north') {
        box.append(
          h(
            'div',
            { class: 'offer incoming', role: 'group' },
            h('p', { text: `Your opponent offers ${what}.` }),
            h('button', { id: `${kind}-accept`, type: 'button', class: 'primary', text: 'Accept', onclick: () => this.send({ type: kind }) }),
            h('button', { id: `${kind}-decline`, type: 'button', text: 'Decline', onclick: () => this.send({ type: 'decline' }) }),
          ),
        );
      } else {
        box.append(h('p', { class: 'offer', text: `${SIDE_NAME[s]} offers ${what}.` }));
      }
    }
    this.renderControls();
  }

  renderControls() {
    const E = this.el;
    const player = this.isPlayer();
    const over = !!this.outcome;
    E.resign.hidden = !player || over;
    E.takeback.hidden = !player || over;
    E.rematch.hidden = !player || !over;
    const ownMoves = this.moves.some((m) => m.side === this.you || (this.you === 'both' && m));
    E.takeback.disabled = !ownMoves || (this.offers?.takeback && this.offers.takeback === this.you);
    E.rematch.disabled = !!(this.offers?.rematch && this.offers.rematch === this.you) || !!this.game?.rematch;
    if (over || !player) this.hideResign();
  }

  askResign() {
    const box = this.el.resignBox;
    box.hidden = false;
    box.textContent = '';
    box.append(
      h('p', { text: 'Resign this game?' }),
      h('button', { id: 'resign-confirm', type: 'button', class: 'danger', text: 'Yes, resign', onclick: () => { this.send({ type: 'resign' }); this.hideResign(); } }),
      h('button', { id: 'resign-cancel', type: 'button', text: 'Cancel', onclick: () => this.hideResign() }),
    );
    box.querySelector('#resign-cancel').focus();
  }

  hideResign() {
    this.el.resignBox.hidden = true;
    this.el.resignBox.textContent = '';
  }

  renderInvite() {
    const g = this.game;
    const E = this.el;
    const abs = (u) => (u && u.startsWith('/') ? `${location.origin}${u}` : u);
    if (g.invite_url) {
      E.invite.hidden = false;
      E.invite.textContent = '';
      const input = h('input', { id: 'invite-url', type: 'text', readonly: true, value: abs(g.invite_url), 'aria-label': 'Invitation link' });
      E.invite.append(
        h('h2', { text: 'Invite a friend' }),
        h('p', { text: 'Send this link to your friend; the first person to open it plays you.' }),
        h('div', { class: 'copy-row' }, input, this.copyButton(input, 'copy-invite')),
      );
    } else {
      E.invite.hidden = true;
      E.invite.textContent = '';
    }
    if (!E.share.dataset.built) {
      E.share.dataset.built = '1';
      E.share.append(h('summary', { text: 'Links to this game' }));
      if (this.seat) {
        const priv = h('input', { id: 'private-url', type: 'text', readonly: true, value: `${location.origin}/${this.lang}/g/${this.id}/${this.seat}`, 'aria-label': 'Your private link' });
        E.share.append(
          h('p', { class: 'link-label', text: 'Your private link (keep it to yourself: it is your seat)' }),
          h('div', { class: 'copy-row' }, priv, this.copyButton(priv, 'copy-private')),
        );
      }
      const watch = h('input', { id: 'watch-url', type: 'text', readonly: true, value: `${location.origin}/${this.lang}/g/${this.id}`, 'aria-label': 'Spectator link' });
      E.share.append(h('p', { class: 'link-label', text: 'Spectator link (anyone can watch)' }), h('div', { class: 'copy-row' }, watch, this.copyButton(watch, 'copy-watch')));
      if (g.invite_url || this.seat) E.share.open = !g.invite_url && this.you !== 'both' && g.mode === 'friend' && !this.seats?.[other(this.you)]?.joined;
    }
  }

  copyButton(input, id) {
    return h('button', {
      id,
      type: 'button',
      class: 'copy',
      text: 'Copy',
      onclick: async (e) => {
        const b = e.currentTarget;
        try {
          await navigator.clipboard.writeText(input.value);
        } catch {
          input.select();
          document.execCommand?.('copy');
        }
        b.textContent = 'Copied';
        setTimeout(() => {
          b.textContent = 'Copy';
        }, 1500);
      },
    });
  }

  // ---------------------------------------------------------------- move input

  canMove() {
    if (!this.position || this.outcome || this.animating || this.pending || !this.online) return false;
    if (this.processing && this.queue.length) return false;
    const t = this.position.turn;
    return this.you === 'both' || this.you === t;
  }

  refreshInput() {
    if (!this.board || !this.position) return;
    const can = this.canMove();
    this.main.dataset.busy = this.animating || this.pending ? 'true' : 'false';
    this.board.svg.classList.toggle('inactive', !can);
    this.board.setPlayable(can ? startPits(this.legal) : new Set());
    if (!can && this.dialogue) this.endDialogue();
  }

  pitClicked(pit) {
    if (!this.canMove()) {
      if (this.isPlayer() && !this.outcome && !this.animating && !this.pending && this.position && this.you !== 'both' && this.you !== this.position.turn) {
        this.flash('Wait for your turn.');
      }
      return;
    }
    if (!startPits(this.legal).has(pit)) {
      this.flash(`${pit} cannot start a move now.`);
      return;
    }
    this.dialogue = new Dialogue(this.legal, pit);
    this.board.setSelected(pit);
    this.step();
  }

  step() {
    const r = this.dialogue.next();
    if ('done' in r) {
      if (r.done) this.sendMove(r.done);
      else this.endDialogue();
      return;
    }
    this.showDialogue(r);
  }

  choose(c) {
    if (c === 'cancel') {
      this.cancelDialogue();
      return;
    }
    if (!this.dialogue) return;
    this.dialogue.choose(c);
    this.step();
  }

  sendMove(text) {
    const ply = this.ply + 1;
    const pit = this.dialogue?.pit;
    const hadFocus = this.main.contains(document.activeElement);
    this.endDialogue(true);
    // keep keyboard users on the board
    if (pit && hadFocus) this.board.pits.get(pit)?.g.focus({ preventScroll: true });
    if (this.send({ type: 'move', ply, move: text })) {
      this.pending = { ply, move: text };
      this.flash(`Sent ${text}…`);
    }
    this.refreshInput();
  }

  cancelDialogue() {
    const pit = this.dialogue?.pit;
    this.endDialogue();
    if (pit) this.board.pits.get(pit)?.g.focus();
  }

  endDialogue(keepSelected = false) {
    this.dialogue = null;
    this.el.choices.hidden = true;
    this.el.choices.textContent = '';
    this.el.bottom.hidden = false;
    if (this.board) {
      this.board.clearChoiceArrows();
      if (!keepSelected) this.board.setSelected(null);
    }
  }

  describe(opt, k) {
    const d = this.dialogue;
    const side = this.position.turn;
    const W = this.game.width;
    const pit = d.pit;
    const namua = d.isNamuaCapture(this.position.hands?.[side] ?? 0) && k === 0;
    if (opt === '<' || opt === '>') {
      if (this.game.rows === 4 && namua) {
        const kichwa = kichwaFor(side, opt, W);
        const l = kichwa[0];
        const next = opt === '>' ? `${l}2` : `${l}${W - 1}`;
        const g = this.board.glyph(kichwa, next);
        return {
          label: `${g} Enter at ${kichwa} (${opt === '>' ? 'left' : 'right'} kichwa)`,
          long: `Captured seeds enter at ${kichwa}, the ${opt === '>' ? 'left' : 'right'} kichwa, and travel ${opt === '>' ? 'right' : 'left'}`,
          arrow: { from: kichwa, to: next },
        };
      }
      if (this.game.rows === 4) {
        const to = firstSownPit(pit, opt, W);
        const g = this.board.glyph(pit, to);
        return { label: `${g} Sow towards ${to}`, long: `Sow ${opt === '>' ? 'rightwards' : 'leftwards'} from ${pit}, first seed into ${to}`, arrow: { from: pit, to } };
      }
      return { label: opt === '>' ? 'Right →' : '← Left', long: opt === '>' ? 'rightwards' : 'leftwards' };
    }
    if (opt === '+') return { label: 'Safari: go on', long: 'Safari: go on sowing from the nyumba' };
    if (opt === STOP) return { label: 'Stop in the nyumba', long: 'Stop in the nyumba' };
    const lap = d.chosen.filter((x) => x === 'c' || x === 'a').length + 1;
    if (opt === 'c') return { label: `↻ Clockwise (choice ${lap})`, long: `Clockwise at choice ${lap}` };
    if (opt === 'a') return { label: `↺ Anticlockwise (choice ${lap})`, long: `Anticlockwise at choice ${lap}` };
    return { label: opt, long: opt };
  }

  showDialogue(r = null) {
    if (!this.dialogue) return;
    if (!r) {
      // redraw after a flip: recompute the pending step
      r = this.dialogue.next();
      if ('done' in r) return;
    }
    const box = this.el.choices;
    box.textContent = '';
    box.hidden = false;
    // the panel takes the place of the own player strip, so the board does not move
    this.el.bottom.hidden = true;
    const d = this.dialogue;
    const first = r.options[0];
    let prompt = `${d.pit}: choose`;
    if (first === '<' || first === '>') {
      const side = this.position.turn;
      prompt = d.isNamuaCapture(this.position.hands?.[side] ?? 0) && r.index === 0 ? `${d.pit} captures: where do the captured seeds enter?` : `${d.pit}: which way?`;
    } else if (r.options.includes('+')) prompt = `${d.pit}${d.chosen.join('')}: the move reaches your nyumba`;
    else if (first === 'c' || first === 'a') prompt = `${d.pit}${d.chosen.join('')}: which way does this lap go?`;
    box.append(h('p', { class: 'prompt', text: prompt }));
    const row = h('div', { class: 'choice-buttons' });
    const arrows = [];
    for (const o of r.options) {
      const desc = this.describe(o, r.index);
      row.append(h('button', { type: 'button', class: 'choice', 'data-choice': o, title: desc.long, 'aria-label': desc.long, text: desc.label, onclick: () => this.choose(o) }));
      if (desc.arrow) arrows.push({ choice: o, ...desc.arrow, label: desc.long });
    }
    row.append(h('button', { type: 'button', class: 'choice cancel', 'data-choice': 'cancel', text: 'Cancel', onclick: () => this.cancelDialogue() }));
    box.append(row);
    this.board.showChoiceArrows(arrows);
    row.querySelector('button').focus({ preventScroll: true });
  }
}

export function start(main = document.querySelector('main#game')) {
  if (!main) return null;
  const client = new GameClient(main);
  main.mancala = client;
  return client;
}

if (!window.MANCALA_NO_AUTOSTART) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => start());
  else start();
}

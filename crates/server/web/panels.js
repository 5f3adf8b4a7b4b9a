// What the page shows of the game beside the board: the turn line and the outcome, who watches,
// the two player strips (name, hand, store, nyumba, presence, and what the last move changed),
// what the last move did, the move list by move number with a legend of its marks, the
// connection line and the offline banner, the status line, a note next to a pit, and the
// aria-live announcements (each move, then whose turn it is, or the end).

import { has, list, t } from './i18n.js';
import { h, tNode } from './ui.js';
import { sideName, other } from './state.js';
import { symbolsOf } from './moves.js';

/** The legend's entries: a meaning of the move text's symbols, and how the legend shows them. */
const LEGEND = [
  ['direction', '< >'],
  ['safari', '…+'],
  ['place', '+…'],
  ['lap', 'c a'],
  ['takasa', '*'],
  ['takasia', '**'],
  ['win', '#'],
];

export class Panels {
  /**
   * @param {{main: HTMLElement, el: object, state: import('./state.js').GameState,
   *          view: {board: ?import('./board.js').Board, animating: boolean, online: boolean,
   *                 run: ?object, preview: ?object, shownCounts: () => object}}} o
   *   the page, its elements (ui.js), the game, and the live view (the board and its `bottom`
   *   side, whether an animation runs or a move is shown ahead of its decision, the hands and
   *   stores it counts, whether the page is online)
   */
  constructor({ main, el, state, view }) {
    Object.assign(this, { main, el, state, view });
    this.statusTimer = null;
    this.sentShown = false; // the status line says a move was sent
  }

  renderAll() {
    const s = this.state;
    const E = this.el;
    this.main.dataset.ply = String(s.ply);
    this.main.dataset.epoch = String(s.epoch);
    E.ply.textContent = String(s.ply);
    this.renderTurn();
    this.renderPanels();
    this.renderMoves();
    this.renderWatching();
    const lm = s.lastMove;
    E.lastMove.textContent = lm ? t('move-last', { move: lm.text, side: lm.side }) : '';
    const effect = lm ? effectSentence(lm) : '';
    E.lastEffect.textContent = effect;
    E.lastEffect.hidden = !effect;
    E.moveEntry.hidden = !s.isPlayer() || !!s.outcome;
  }

  /** Who watches: a spectator is told so, with how many watch; players see how many watch. */
  renderWatching() {
    const s = this.state;
    const w = this.el.watching;
    const count = s.spectators || 0;
    if (!s.position) return;
    if (!s.isPlayer()) {
      w.textContent = t('watching-you', { count: Math.max(count, 1) });
      w.hidden = false;
    } else {
      w.textContent = count > 0 ? t('watching-count', { count }) : '';
      w.hidden = count === 0;
    }
    w.dataset.count = String(count);
  }

  renderTurn() {
    const s = this.state;
    const E = this.el;
    if (!s.position) return;
    if (s.outcome) {
      const o = s.outcome;
      const mine = s.you === 'south' || s.you === 'north';
      const args = { result: o.result || '', winner: o.winner };
      let over;
      if (!o.winner) over = t('turn-over-draw', args);
      else if (!mine) over = t('turn-over-side-won', args);
      else if (o.winner === s.you) over = t('turn-over-you-won', args);
      else over = t('turn-over-you-lost', args);
      E.turn.textContent = over;
      E.turn.dataset.state = 'over';
      E.outcome.hidden = false;
      E.outcome.textContent = s.outcomeText();
      E.thinking.hidden = true;
      return;
    }
    E.outcome.hidden = true;
    E.outcome.textContent = '';
    if (!this.view.online) {
      // no "Your turn" while no move can be sent
      E.turn.textContent = t('turn-offline');
      E.turn.dataset.state = 'offline';
      E.thinking.hidden = true;
      return;
    }
    E.turn.textContent = this.turnText();
    E.turn.dataset.state = s.you === s.position.turn || s.you === 'both' ? 'you' : 'wait';
    E.thinking.hidden = !s.thinking;
  }

  /** Whose turn it is, for this viewer. */
  turnText() {
    const s = this.state;
    const turn = s.position.turn;
    const prev = s.moves[s.moves.length - 1];
    // the side that made the last move has the next one too (a Kalah extra turn)
    const again = !!prev && prev.side === turn;
    const args = { side: turn };
    let text;
    if (s.you === turn) text = again ? t('turn-you-again', args) : t('turn-you', args);
    else if (s.isPlayer() && s.you !== 'both') {
      const seat = s.seats?.[turn];
      text = seat?.kind === 'computer' ? t('turn-computer', args) : t('turn-opponent', args);
    } else text = again ? t('turn-side-again', args) : t('turn-side', args);
    return text;
  }

  /** The turn line while the move event `ev` is animated. */
  showPlaying(ev) {
    const s = this.state;
    const args = { move: ev.move, side: ev.side };
    let text;
    if (s.you === ev.side) text = t('turn-playing-you', args);
    else if (s.isPlayer() && s.you !== 'both') {
      text = s.seats?.[ev.side]?.kind === 'computer' ? t('turn-playing-computer', args) : t('turn-playing-opponent', args);
    } else text = t('turn-playing-side', args);
    this.el.turn.textContent = text;
    this.el.turn.dataset.state = 'anim';
  }

  /** The two player strips; `shown` = the hands and stores counted during an animation. */
  renderPanels(shown = null) {
    const board = this.view.board;
    if (!this.state.position || !board) return;
    const bottom = board.bottom;
    const counts = shown || this.view.shownCounts();
    const moving = !!shown || !!this.view.run || !!this.view.preview;
    this.fillPanel(this.el.top, other(bottom), counts, moving);
    this.fillPanel(this.el.bottom, bottom, counts, moving);
  }

  fillPanel(panel, side, counts, moving) {
    const s = this.state;
    const p = s.position;
    const seat = s.seats?.[side];
    panel.textContent = '';
    panel.dataset.side = side;
    const toMove = !s.outcome && p.turn === side;
    panel.classList.toggle('to-move', toMove);
    const label = s.sideLabel(side);
    const name = h('span', { class: 'name', text: label });
    if (seat?.kind === 'computer' && seat.level) name.title = t('level-choice', { level: seat.level, name: levelName(seat.level) });
    const head = h('div', { class: 'who' }, h('span', { class: `stone stone-${side}`, 'aria-hidden': 'true' }), name);
    const side_ = sideName(side);
    if (label !== side_) head.append(h('span', { class: 'side-tag', text: side_ }));
    if (toMove) head.append(h('span', { class: 'to-move-tag' }, h('span', { 'aria-hidden': 'true', text: '▶ ' }), t('panel-to-move')));
    panel.append(head);
    const facts = h('div', { class: 'facts' });
    const count = (n) => h('b', { text: String(n) });
    // what the last move changed, until the next one (not while a move is shown)
    const delta = moving ? null : s.lastMove?.delta;
    const change = (n) => (n ? h('span', { class: `delta ${n > 0 ? 'up' : 'down'}`, 'data-delta': String(n), text: t('panel-change', { change: n > 0 ? `+${n}` : `−${-n}` }) }) : null);
    if (p.hands && (p.hands.south > 0 || p.hands.north > 0 || this.view.animating)) {
      facts.append(h('span', { class: 'fact hand', 'data-hand': side }, tNode('panel-hand', { seeds: count(counts.hand[side]) }), change(delta?.hand[side])));
    }
    if (p.stores && p.store_label) {
      const field = has(`stores-${p.store_label}`) ? t(`stores-${p.store_label}`) : p.store_label;
      facts.append(h('span', { class: 'fact store', 'data-store-count': side }, tNode('panel-stores', { field, seeds: count(counts.store[side]) }), change(delta?.store[side])));
    }
    if (p.houses) {
      facts.append(h('span', { class: 'fact house' }, p.houses[side] ? t('panel-nyumba', { pit: p.houses[side] }) : t('panel-no-nyumba')));
    }
    // presence of a human opponent (or any human seat when watching)
    if (seat && seat.kind === 'human' && side !== s.you && s.you !== 'both') {
      let pres;
      if (seat.joined === false) pres = h('span', { class: 'presence waiting', text: t('panel-waiting') });
      else if (seat.connected) pres = h('span', { class: 'presence on', text: t('panel-connected') });
      else pres = h('span', { class: 'presence off', text: side === other(s.you) ? t('panel-opponent-disconnected') : t('panel-disconnected') });
      facts.append(pres);
    }
    panel.append(facts);
  }

  /**
   * The move list: one row per move number with South's turn and North's (a Kalah extra turn's
   * moves together in one turn), the current move marked, and a legend of the marks it uses.
   */
  renderMoves() {
    const s = this.state;
    const box = this.el.moveList;
    box.textContent = '';
    if (!s.moves.length) {
      box.append(h('p', { class: 'none', text: t('move-list-empty') }));
      this.renderLegend(new Set());
      return;
    }
    // turns: the moves one side makes in a row
    const turns = [];
    for (const m of s.moves) {
      const last = turns[turns.length - 1];
      if (last && last.side === m.side) last.moves.push(m);
      else turns.push({ side: m.side, moves: [m] });
    }
    const rows = [];
    for (const turn of turns) {
      const row = rows[rows.length - 1];
      if (row && turn.side === 'north' && !row.north) row.north = turn;
      else rows.push({ south: turn.side === 'south' ? turn : null, north: turn.side === 'north' ? turn : null });
    }
    const lastPly = s.moves[s.moves.length - 1].ply;
    const symbols = new Set();
    const cell = (turn, side) => {
      const td = h('td', { class: `side-${side}` });
      for (const m of turn?.moves || []) {
        for (const sym of symbolsOf(m.move)) symbols.add(sym);
        const cur = m.ply === lastPly;
        if (td.childNodes.length) td.append(' ');
        td.append(h('span', { class: `mv mv-${m.side}${cur ? ' current' : ''}`, 'data-ply': m.ply, title: t('move-list-title', { side: m.side, ply: m.ply }), text: m.move, 'aria-current': cur ? 'true' : null }));
      }
      return td;
    };
    const body = h('tbody');
    rows.forEach((row, i) => {
      const tr = h('tr', { 'data-turn': String(i + 1) }, h('th', { scope: 'row', class: 'num', text: `${i + 1}.` }), cell(row.south, 'south'), cell(row.north, 'north'));
      if (tr.querySelector('.current')) tr.classList.add('current-row');
      body.append(tr);
    });
    if (s.outcome) body.append(h('tr', { class: 'result' }, h('td', { colspan: '3', text: s.outcome.result || '' })));
    const head = h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'num', text: t('move-list-number') }), h('th', { scope: 'col', text: sideName('south') }), h('th', { scope: 'col', text: sideName('north') })));
    box.append(h('table', { class: 'move-table' }, head, body));
    const cur = box.querySelector('.current-row');
    if (cur) box.scrollTop = box.scrollHeight;
    this.renderLegend(symbols);
  }

  /** The legend of the marks the move list uses. */
  renderLegend(symbols) {
    const dl = this.el.legend;
    dl.textContent = '';
    for (const [key, shown] of LEGEND) {
      if (!symbols.has(key)) continue;
      dl.append(h('div', { class: 'legend-item', 'data-mark': key }, h('dt', { text: shown }), h('dd', { text: t(`legend-${key}`) })));
    }
    dl.hidden = !dl.childNodes.length;
  }

  showOnline(on) {
    const c = this.el.connection;
    c.textContent = on ? t('connection-online') : t('connection-offline');
    c.dataset.state = on ? 'online' : 'offline';
    this.el.reconnecting.hidden = on;
    // the banner once the connection is lost (not while the page first connects)
    if (on) this.wasOnline = true;
    this.el.offline.hidden = on || !this.wasOnline;
  }

  /** Says the move event `ev`, then whose turn it is (or the end, if it ended the game). */
  announce(ev) {
    let text = moveSentence(ev);
    if (this.state.outcome) text = `${text} ${t('announce-game-over')} ${this.state.outcomeText()}`;
    else text = `${text} ${t('announce-turn', { turn: this.turnText() })}`;
    this.announceText(text);
  }

  /** A note next to pit `pit` (why it cannot move), for a few seconds. */
  note(pit, text) {
    const n = this.el.pitNote;
    n.textContent = text;
    n.dataset.pit = pit;
    n.hidden = false;
    this.placeNote();
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => {
      n.hidden = true;
      n.textContent = '';
      delete n.dataset.pit;
    }, 4000);
  }

  /** Puts the pit note above its pit (below it for a pit near the top of the screen). */
  placeNote() {
    const n = this.el.pitNote;
    const board = this.view.board;
    if (n.hidden || !n.dataset.pit || !board) return;
    const pit = board.pitRect(n.dataset.pit);
    const area = this.el.boardArea.getBoundingClientRect();
    if (!pit) return;
    const cx = (pit.left + pit.right) / 2 - area.left;
    const w = n.offsetWidth;
    const hgt = n.offsetHeight;
    const left = Math.min(Math.max(0, cx - w / 2), Math.max(0, area.width - w));
    const above = pit.top - hgt - 10 >= 0;
    n.classList.toggle('below', !above);
    n.style.left = `${left}px`;
    n.style.top = above ? `${pit.top - area.top - hgt - 8}px` : `${pit.bottom - area.top + 8}px`;
    n.style.setProperty('--caret', `${cx - left}px`);
  }

  announceText(text) {
    // replace the text so that screen readers read it even when it repeats
    this.el.announcer.textContent = '';
    setTimeout(() => {
      this.el.announcer.textContent = text;
    }, 30);
  }

  /** A note or an error on the status line, for a few seconds. */
  flash(text, isError = false) {
    const s = this.el.status;
    s.textContent = text;
    s.removeAttribute('title');
    this.sentShown = false;
    s.classList.toggle('error', isError);
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      s.textContent = '';
      s.classList.remove('error');
    }, 6000);
  }

  /** Says on the status line that the move `move` was sent. */
  flashSent(move) {
    this.flash(t('status-sent', { move }));
    this.sentShown = true;
  }

  /** Clears the "Sent …" note once the move is acknowledged. */
  clearSent() {
    if (this.sentShown) this.el.status.textContent = '';
    this.sentShown = false;
  }

  /**
   * An `error` message from the server: said by its code in the page's language. The server's
   * own message (English, for developers) is kept in the title.
   */
  showError(msg) {
    const known = has(`client-error-${msg.code}`);
    this.flash(known ? t(`client-error-${msg.code}`) : t('client-error-unknown', { code: String(msg.code) }), true);
    if (msg.message) this.el.status.title = msg.message;
  }
}

/** A level's name ("strong"), or nothing for a level the messages do not know. */
function levelName(level) {
  return has(`level-name-${level}`) ? t(`level-name-${level}`) : '';
}

/**
 * The move event `ev` in words (docs/protocol.md §4.2): who played what, what it captured (its
 * `captures`), and that the mover moves again (the trace's `extra_turn`).
 */
export function moveSentence(ev) {
  const caps = ev.captures || [];
  const again = (ev.trace || []).some((e) => e.e === 'extra_turn');
  const args = { side: ev.side, move: ev.move };
  if (!caps.length) return again ? t('move-played-again', args) : t('move-played', args);
  args.captures = list(caps.map((c) => t('move-capture', { seeds: c.seeds, pit: c.from })));
  return again ? t('move-played-captured-again', args) : t('move-played-captured', args);
}

/**
 * What the last move did, under the board: what it captured and where the captured seeds were
 * sown from, a nyumba destroyed, a pit barred by takasia. Read from the move's trace; empty
 * when it did none of these.
 */
export function effectSentence(last) {
  const out = [];
  const items = [];
  for (const e of last.trace || []) {
    if (e.e === 'capture') items.push(t('effect-capture-sown', { seeds: e.seeds, pit: e.from, kichwa: e.kichwa }));
    else if (e.e === 'remove' || e.e === 'take') items.push(t('move-capture', { seeds: e.seeds, pit: e.from }));
  }
  if (items.length) out.push(t('effect-captured', { side: last.side, captures: list(items) }));
  for (const e of last.trace || []) {
    if (e.e === 'house_destroyed') out.push(t('effect-nyumba-destroyed', { side: e.side }));
    else if (e.e === 'takasia') out.push(t('effect-takasia', { pit: e.pit }));
  }
  return out.join(' ');
}

// What the page shows of the game beside the board: the turn line and the outcome, the two
// player strips (name, hand, store, nyumba, presence), the move list, the connection line, the
// status line and the aria-live announcements.

import { has, list, t } from './i18n.js';
import { h, tNode } from './ui.js';
import { sideName, other } from './state.js';

export class Panels {
  /**
   * @param {{main: HTMLElement, el: object, state: import('./state.js').GameState,
   *          view: {board: ?import('./board.js').Board, animating: boolean}}} o
   *   the page, its elements (ui.js), the game, and the board view (its `bottom` side, and
   *   whether an animation runs)
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
    const lm = s.lastMove;
    E.lastMove.textContent = lm ? t('move-last', { move: lm.text, side: lm.side }) : '';
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
    E.turn.textContent = text;
    E.turn.dataset.state = s.you === turn || s.you === 'both' ? 'you' : 'wait';
    E.thinking.hidden = !s.thinking;
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
    const counts = shown || this.state.shownCounts();
    this.fillPanel(this.el.top, other(bottom), counts);
    this.fillPanel(this.el.bottom, bottom, counts);
  }

  fillPanel(panel, side, counts) {
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
    if (p.hands && (p.hands.south > 0 || p.hands.north > 0 || this.view.animating)) {
      facts.append(h('span', { class: 'fact hand', 'data-hand': side }, tNode('panel-hand', { seeds: count(counts.hand[side]) })));
    }
    if (p.stores && p.store_label) {
      const field = has(`stores-${p.store_label}`) ? t(`stores-${p.store_label}`) : p.store_label;
      facts.append(h('span', { class: 'fact store', 'data-store-count': side }, tNode('panel-stores', { field, seeds: count(counts.store[side]) })));
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

  renderMoves() {
    const s = this.state;
    const list = this.el.moveList;
    list.textContent = '';
    let n = 0;
    let prevSide = null;
    const frag = document.createDocumentFragment();
    s.moves.forEach((m, i) => {
      if (m.side === 'south' && prevSide !== 'south') {
        n += 1;
        frag.append(h('span', { class: 'num', text: `${n}.` }));
      } else if (i === 0 && m.side === 'north') {
        n = 1;
        frag.append(h('span', { class: 'num', text: '1...' }));
      }
      const cur = i === s.moves.length - 1;
      frag.append(h('span', { class: `mv mv-${m.side}${cur ? ' current' : ''}`, 'data-ply': m.ply, title: t('move-list-title', { side: m.side, ply: m.ply }), text: m.move, 'aria-current': cur ? 'true' : null }));
      prevSide = m.side;
    });
    if (!s.moves.length) frag.append(h('span', { class: 'none', text: t('move-list-empty') }));
    if (s.outcome) frag.append(h('span', { class: 'result', text: s.outcome.result || '' }));
    list.append(frag);
    const cur = list.querySelector('.current');
    if (cur) list.scrollTop = list.scrollHeight;
  }

  showOnline(on) {
    const c = this.el.connection;
    c.textContent = on ? t('connection-online') : t('connection-offline');
    c.dataset.state = on ? 'online' : 'offline';
    this.el.reconnecting.hidden = on;
  }

  /** Says the move event `ev` (and the end, if it ended the game). */
  announce(ev) {
    let text = moveSentence(ev);
    if (this.state.outcome) text = `${text} ${t('announce-game-over')} ${this.state.outcomeText()}`;
    this.announceText(text);
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

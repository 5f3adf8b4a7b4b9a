// What the page shows of the game beside the board: the turn line and the outcome, the two
// player strips (name, hand, store, nyumba, presence), the move list, the connection line, the
// status line and the aria-live announcements.

import { h } from './ui.js';
import { SIDE_NAME, other } from './state.js';

const STORE_LABEL = { store: 'Store', captured: 'Captured', reserve: 'Reserve', to_place: 'To place' };

const ERROR_TEXT = {
  not_your_turn: 'It is not your turn.',
  stale_ply: 'That move came too late: the position has changed.',
  not_player: 'You are watching this game.',
  game_over: 'The game is over.',
  store: 'The move could not be saved; try again.',
  nothing_to_take_back: 'There is no move of yours to take back.',
  no_offer: 'There is no offer to decline.',
};

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
    E.lastMove.textContent = lm ? `Last move: ${lm.text}${lm.side ? ` (${SIDE_NAME[lm.side]})` : ''}` : '';
  }

  renderTurn() {
    const s = this.state;
    const E = this.el;
    if (!s.position) return;
    if (s.outcome) {
      const o = s.outcome;
      const mine = s.you === 'south' || s.you === 'north';
      const head = mine && o.winner ? (o.winner === s.you ? 'You won' : 'You lost') : o.winner ? `${SIDE_NAME[o.winner]} won` : 'Draw';
      E.turn.textContent = `Game over: ${head} (${o.result || ''})`;
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
    const again = prev && prev.side === turn ? ' again' : '';
    let text;
    if (s.you === 'both') text = `${SIDE_NAME[turn]} to move${again}`;
    else if (s.you === turn) text = `Your turn${again ? ': move again' : ''} (${SIDE_NAME[turn]})`;
    else if (s.isPlayer()) {
      const seat = s.seats?.[turn];
      text = seat?.kind === 'computer' ? `Computer's turn (${SIDE_NAME[turn]})` : `Opponent's turn (${SIDE_NAME[turn]})`;
    } else text = `${SIDE_NAME[turn]} to move${again}`;
    E.turn.textContent = text;
    E.turn.dataset.state = s.you === turn || s.you === 'both' ? 'you' : 'wait';
    E.thinking.hidden = !s.thinking;
  }

  /** The turn line while the move event `ev` is animated. */
  showPlaying(ev) {
    const s = this.state;
    this.el.turn.textContent = `${s.sideLabel(ev.side)} ${s.you === ev.side ? 'play' : 'plays'} ${ev.move}…`;
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
    const head = h('div', { class: 'who' }, h('span', { class: `stone stone-${side}`, 'aria-hidden': 'true' }), name);
    if (label !== SIDE_NAME[side]) head.append(h('span', { class: 'side-tag', text: SIDE_NAME[side] }));
    if (toMove) head.append(h('span', { class: 'to-move-tag', text: '▶ to move' }));
    panel.append(head);
    const facts = h('div', { class: 'facts' });
    if (p.hands && (p.hands.south > 0 || p.hands.north > 0 || this.view.animating)) facts.append(h('span', { class: 'fact hand', 'data-hand': side }, 'In hand ', h('b', { text: String(counts.hand[side]) })));
    if (p.stores && p.store_label) {
      facts.append(h('span', { class: 'fact store', 'data-store-count': side }, `${STORE_LABEL[p.store_label] || p.store_label} `, h('b', { text: String(counts.store[side]) })));
    }
    if (p.houses) {
      facts.append(h('span', { class: 'fact house' }, p.houses[side] ? `Nyumba ${p.houses[side]}` : 'No nyumba'));
    }
    // presence of a human opponent (or any human seat when watching)
    if (seat && seat.kind === 'human' && side !== s.you && s.you !== 'both') {
      let pres;
      if (seat.joined === false) pres = h('span', { class: 'presence waiting', text: 'waiting to join' });
      else if (seat.connected) pres = h('span', { class: 'presence on', text: 'connected' });
      else pres = h('span', { class: 'presence off', text: side === other(s.you) ? 'opponent disconnected' : 'disconnected' });
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
      frag.append(h('span', { class: `mv mv-${m.side}${cur ? ' current' : ''}`, 'data-ply': m.ply, title: `${SIDE_NAME[m.side]}, ply ${m.ply}`, text: m.move, 'aria-current': cur ? 'true' : null }));
      prevSide = m.side;
    });
    if (!s.moves.length) frag.append(h('span', { class: 'none', text: 'No moves yet.' }));
    if (s.outcome) frag.append(h('span', { class: 'result', text: s.outcome.result || '' }));
    list.append(frag);
    const cur = list.querySelector('.current');
    if (cur) list.scrollTop = list.scrollHeight;
  }

  showOnline(on) {
    const c = this.el.connection;
    c.textContent = on ? 'online' : 'offline';
    c.dataset.state = on ? 'online' : 'offline';
    this.el.reconnecting.hidden = on;
  }

  /** Says the move event `ev` (the server's sentence, else one made from the trace). */
  announce(ev) {
    let text = ev.text;
    if (!text) {
      const who = this.state.sideLabel(ev.side);
      const caps = (ev.trace || []).filter((e) => e.e === 'capture' || e.e === 'remove' || e.e === 'take');
      const parts = caps.map((c) => `captured ${c.seeds} from ${c.from}`);
      text = `${who} played ${ev.move}${parts.length ? `, ${parts.join(', ')}` : ''}`;
      if ((ev.trace || []).some((e) => e.e === 'extra_turn')) text += ', and moves again';
    }
    if (this.state.outcome) text += `. Game over. ${this.state.outcomeText()}`;
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
    s.classList.toggle('error', isError);
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      s.textContent = '';
      s.classList.remove('error');
    }, 6000);
  }

  /** Clears the "Sent …" note once the move is acknowledged. */
  clearSent() {
    if (this.el.status.textContent.startsWith('Sent ')) this.el.status.textContent = '';
  }

  /** An `error` message from the server. */
  showError(msg) {
    const text = ERROR_TEXT[msg.code];
    this.flash(msg.message ? `${text ? `${text} ` : ''}(${msg.message})` : text || msg.code, true);
  }
}

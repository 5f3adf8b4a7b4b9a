// The live game: applies the server's messages to the game state in order (a `move` waits for
// the animation of the one before), draws the board (board.js) and animates the traces
// (anim.js), lays the board out for the screen, and says when the player can move.

import { Board } from './board.js';
import { animateTrace, SPEEDS } from './anim.js';
import { startPits } from './moves.js';
import { PROTOCOL } from './connection.js';
import { t } from './i18n.js';
import { other } from './state.js';
import { Panels } from './panels.js';
import { Controls } from './controls.js';

export class LiveGame {
  /**
   * @param {{main: HTMLElement, el: object, state: import('./state.js').GameState,
   *          dialogue: import('./dialogue.js').MoveDialogue, anim: {value: string},
   *          links: {id: string, lang: string, seat: string},
   *          send: (msg: object) => boolean, resync: () => void}} o
   *   the page and its elements (ui.js), the game, the move dialogue (told of clicks on the
   *   board, ended when moving is no longer possible), the animation setting, what the links
   *   are made of, how to send a message and how to ask for a full state
   */
  constructor({ main, el, state, dialogue, anim, links, send, resync }) {
    Object.assign(this, { main, el, state, dialogue, anim, send, resync });
    this.board = null;
    this.queue = []; // state, move and end messages waiting their turn
    this.processing = false;
    this.animating = false;
    this.flipped = false;
    this.online = false;
    this.panels = new Panels({ main, el, state, view: this });
    this.controls = new Controls({ el, state, send, ...links });
    window.addEventListener('resize', () => this.layout());
  }

  // ---------------------------------------------------------------- messages

  /** A `state`, `move` or `end` message: applied after those before it. */
  enqueue(msg) {
    this.queue.push(msg);
    this.pump();
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
    if (msg.protocol !== undefined && msg.protocol !== PROTOCOL) {
      this.panels.flash(t('status-protocol'), true);
    }
    const s = this.state;
    s.load(msg);
    this.dialogue.end();
    const g = s.game;
    // the page's <title> is the server's, already in the page's language
    this.el.title.textContent = t(`game-${g.variant}`);
    this.ensureBoard();
    this.board.render(s.position);
    this.board.setLastMove(s.lastMove);
    this.renderAll();
  }

  async applyMove(ev, hurry) {
    const s = this.state;
    const place = s.placeOf(ev);
    if (place === 'gap') this.resync();
    if (place !== 'next') return;
    this.dialogue.end();
    s.clearPending(ev.ply);
    const ms = SPEEDS[this.anim.value] || 0;
    if (ms > 0 && !hurry && ev.trace && ev.trace.length) await this.animate(ev, ms);
    s.play(ev);
    this.board.render(s.position);
    this.board.setLastMove(s.lastMove);
    this.panels.announce(ev);
    this.renderAll();
  }

  async animate(ev, ms) {
    this.animating = true;
    this.main.dataset.busy = 'true';
    this.panels.showPlaying(ev);
    this.board.setPlayable(new Set());
    this.board.setLastMove(null);
    const shown = this.state.shownCounts();
    try {
      await animateTrace(this.board, ev, ms, {
        adjust: (kind, side, delta) => {
          // a placed seed comes from the hand (Bao namua) or the reserve (Kimasai, Omweso set-up)
          if (kind === 'place') kind = this.state.position.hands ? 'hand' : 'store';
          shown[kind][side] += delta;
          this.panels.renderPanels(shown);
          if (kind === 'store' && this.board.hasStores) this.board.setStore(side, shown.store[side]);
        },
        housePit: (side) => this.state.position?.houses?.[side],
        cancelled: () => this.queue.length > 2,
      });
    } catch {
      /* cancelled: the final position is drawn after */
    }
    this.board.hideToken();
    this.animating = false;
  }

  applyEnd(msg) {
    this.state.end(msg);
    this.dialogue.end();
    this.panels.announceText(`${t('announce-game-over')} ${this.state.outcomeText()}`);
    this.renderAll();
  }

  ack(msg) {
    this.state.ack(msg);
    this.panels.clearSent();
    this.refreshInput();
  }

  /** An `error` message: a refused move ends its dialogue. */
  refused(msg) {
    if (msg.ply !== undefined && this.state.clearPending(msg.ply)) this.dialogue.end();
    this.panels.showError(msg);
    this.refreshInput();
  }

  presence(msg) {
    this.state.presence(msg);
    this.panels.renderPanels();
  }

  offers(msg) {
    this.state.setOffers(msg);
    this.controls.renderOffers();
  }

  rematch(msg) {
    this.controls.goRematch(msg.id);
  }

  setOnline(on) {
    this.online = on;
    this.panels.showOnline(on);
    if (!on) this.state.pending = null;
    this.refreshInput();
  }

  sendMove(text) {
    const ply = this.state.ply + 1;
    if (this.send({ type: 'move', ply, move: text })) {
      this.state.pending = { ply, move: text };
      this.panels.flashSent(text);
    }
    this.refreshInput();
  }

  renderAll() {
    this.panels.renderAll();
    this.controls.renderAll();
    this.refreshInput();
  }

  // ---------------------------------------------------------------- input

  canMove() {
    const s = this.state;
    if (!s.position || s.outcome || this.animating || s.pending || !this.online) return false;
    if (this.processing && this.queue.length) return false;
    return s.hasTheMove();
  }

  /** A player who clicks while the opponent has the move. */
  waitsForTurn() {
    const s = this.state;
    return s.isPlayer() && !s.outcome && !this.animating && !s.pending && !!s.position && !s.hasTheMove();
  }

  refreshInput() {
    if (!this.board || !this.state.position) return;
    const can = this.canMove();
    this.main.dataset.busy = this.animating || this.state.pending ? 'true' : 'false';
    this.board.svg.classList.toggle('inactive', !can);
    this.board.setPlayable(can ? startPits(this.state.legal) : new Set());
    if (!can && this.dialogue.active) this.dialogue.end();
  }

  // ---------------------------------------------------------------- the board on the screen

  ensureBoard() {
    const { game: g, position } = this.state;
    // the stores at the ends of the rows: the position's stores field names Kalah's store
    const stores = position?.store_label === 'store';
    const b = this.board;
    if (b && b.rows === g.rows && b.width === g.width && b.hasStores === stores) return;
    this.el.boardWrap.textContent = '';
    this.board = new Board(this.el.boardWrap, {
      rows: g.rows,
      width: g.width,
      stores,
      onPit: (p) => this.dialogue.pitClicked(p),
      onChoice: (c) => this.dialogue.choose(c),
    });
    this.el.boardWrap.dataset.rows = g.rows;
    this.el.boardWrap.dataset.width = g.width;
    this.layout(true);
  }

  bottomSide() {
    const own = this.state.you === 'north' ? 'north' : 'south';
    return this.flipped ? other(own) : own;
  }

  layout(force = false) {
    const g = this.state.game;
    if (!this.board || !g) return;
    const cols = this.board.columns();
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    // Turn the board a quarter on a portrait screen only where the pits would otherwise get too
    // small to touch (the 12- and 16-pit rows on a phone): a turned board puts the player's
    // rows on the left instead of in front of them, so an 8-pit board stays as it is, its
    // pits about 45 px wide on a 390 px phone.
    const portrait = vh > vw * 1.15 && vw / cols < 40;
    this.main.classList.toggle('portrait-board', portrait);
    this.main.classList.toggle('wide-board', g.width >= 12);
    this.main.style.setProperty('--stretch', g.width >= 12 ? '1.7' : '1');
    this.board.setView({ bottom: this.bottomSide(), portrait });
    if (force) this.board.build();
    this.panels.renderPanels();
  }

  flip() {
    this.flipped = !this.flipped;
    this.el.flip.setAttribute('aria-pressed', String(this.flipped));
    this.layout();
    if (this.dialogue.active) this.dialogue.show();
  }
}

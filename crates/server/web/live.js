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
    window.addEventListener('resize', () => this.relayout());
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

  /**
   * Fits the board to the screen: the largest board that leaves on screen the lines above it
   * (site header, game title and turn) and, where its pits stay a finger's size, the player
   * strips or the move dialogue below it, with the page scrolled to the top; board.js draws it in
   * CSS px for that box.
   *
   * Turning a quarter. Every board but Kalah has four rows of 7 to 16 pits: across a phone's
   * 360-390 px, 8 to 16 columns leave pits of 21-44 px, the board a quarter of the screen's
   * height. Turned, the four rows share the width (some 85 px each) and the pits of a row share
   * the height: 45-66 px on rows of up to 8 and on Kalah (6 pits between two stores), 32-41 px on
   * rows of 12 and 16, the whole board on screen and filling most of it. So on a screen clearly
   * taller than wide the board is turned where that gives bigger pits and they would otherwise be
   * under 1.2 times a finger (44 px; 32 on rows of 12 and 16), or where it makes them a fifth
   * bigger; a tablet keeps the board the right way round.
   *
   * Which way. Turned, no row is nearest the player: each side's two rows run the whole height of
   * the screen. The player's rows go to the right, under the right thumb of most people holding a
   * phone, with their pit 1 at the bottom, the end nearest the hand. That is the picture turned
   * anticlockwise, the board seen from its right end: nothing is mirrored, sowing goes round the
   * same way as on the table, and the opponent faces the player from the left. The two strips
   * stand under the board in the same order, the opponent's left (style.css).
   */
  layout(force = false) {
    const g = this.state.game;
    if (!this.board || !g) return;
    const main = this.main;
    main.classList.toggle('wide-board', g.width >= 12);
    const vw = document.documentElement.clientWidth;
    const vh = this.viewHeight();
    const flat = this.fit(false, vh);
    let pick = flat;
    if (vh > vw * 1.15) {
      const turned = this.fit(true, vh);
      if (turned.pit > flat.pit && (flat.pit < 1.2 * this.touch() || turned.pit >= 1.2 * flat.pit)) pick = turned;
    }
    main.classList.toggle('portrait-board', pick.turned);
    const turnedBefore = this.board.portrait;
    this.board.setView({ bottom: this.bottomSide(), portrait: pick.turned, box: pick.box });
    // an open dialogue's buttons name screen directions (↓ A5): say them again once turned
    if (pick.turned !== turnedBefore && this.dialogue.active) this.dialogue.show();
    if (force) {
      this.board.build();
      // once the lines around the board have their text, measure again
      requestAnimationFrame(() => this.layout());
    }
    this.panels.renderPanels();
  }

  /**
   * The box for the board, turned or not, and the pits it gives: the width of the board's place,
   * and the height from its top to the bottom of the screen, less the strips that go below it
   * unless that makes the pits smaller than a finger (44 px; 32 on rows of 12 and 16).
   */
  fit(turned, vh) {
    const E = this.el;
    this.main.classList.toggle('portrait-board', turned);
    const wrap = E.boardWrap;
    const w = wrap.clientWidth;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    // under a turned board: the two strips, or the move dialogue in their place (two rows of
    // buttons, 7rem)
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const below = turned ? Math.max(E.top.offsetHeight, E.bottom.offsetHeight, 7 * rem) : E.bottom.offsetHeight;
    const gap = parseFloat(getComputedStyle(wrap.parentElement).rowGap) || 0;
    const room = vh - top - 2;
    const want = this.touch();
    const box = (h) => ({ w, h: Math.max(h, 120) });
    let best = { turned, box: box(room - below - 2 * gap), pit: 0 };
    best.pit = this.board.pitSize(best.box, turned);
    if (best.pit < want) {
      const all = { turned, box: box(room), pit: this.board.pitSize(box(room), turned) };
      if (all.pit > best.pit) best = all;
    }
    return best;
  }

  /** The pit size a finger wants, px: 44, or 32 on the rows of 12 and 16 pits (16 x 44 px do not
   *  fit a phone's height). */
  touch() {
    return this.state.game.width > 8 ? 32 : 44;
  }

  /**
   * The screen's height with a phone browser's bar shown (100svh): the board keeps its size while
   * the bar hides and shows as the page scrolls.
   */
  viewHeight() {
    if (!this.probe) {
      this.probe = document.createElement('div');
      this.probe.setAttribute('aria-hidden', 'true');
      this.probe.style.cssText = 'position:fixed;top:0;left:0;width:0;height:100vh;height:100svh;visibility:hidden;pointer-events:none';
      document.body.append(this.probe);
    }
    return this.probe.getBoundingClientRect().height || window.innerHeight;
  }

  /** A resize: one layout a frame. */
  relayout() {
    if (this.relayoutPending) return;
    this.relayoutPending = true;
    requestAnimationFrame(() => {
      this.relayoutPending = false;
      this.layout();
    });
  }

  flip() {
    this.flipped = !this.flipped;
    this.el.flip.setAttribute('aria-pressed', String(this.flipped));
    this.layout();
    if (this.dialogue.active) this.dialogue.show();
  }
}

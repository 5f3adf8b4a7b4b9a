// The live game: applies the server's messages to the game state in order (a `move` waits for
// the animation of the one before), draws the board (board.js) and animates the traces
// (anim.js), shows a move being chosen up to its next decision (preview.js) and continues that
// animation when the move's event comes, lays the board out for the screen, says when the
// player can move (and why not), and tells a player whose turn comes in another tab.

import { Board } from './board.js';
import { TraceAnimator, SPEEDS, sameEvent } from './anim.js';
import { startPits } from './moves.js';
import { Traces } from './preview.js';
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
    this.traces = new Traces();
    this.preview = null; // the move shown ahead of its decision: {animator, shown, events, cancelled}
    this.run = null; // the animation running now (a preview or a move event's)
    this.panels = new Panels({ main, el, state, view: this });
    this.controls = new Controls({ el, state, send, ...links });
    this.title = document.title; // the page's own title, without the turn
    this.wasMyTurn = null; // unknown until the first state
    window.addEventListener('resize', () => this.layout());
    // after layout(): what sits next to a pit follows it
    window.addEventListener('resize', () => this.afterLayout());
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
    this.dropPreview();
    s.load(msg);
    this.dialogue.end();
    const g = s.game;
    // the page's <title> is the server's, already in the page's language
    this.el.title.textContent = t(`game-${g.variant}`);
    this.ensureBoard();
    this.board.render(s.position);
    this.showLast();
    this.renderAll();
  }

  async applyMove(ev, hurry) {
    const s = this.state;
    const place = s.placeOf(ev);
    if (place === 'gap') this.resync();
    if (place !== 'next') return;
    // the move shown so far while it was chosen, if this is that move
    const shown = this.takePreview(ev);
    this.dialogue.end();
    s.clearPending(ev.ply);
    const ms = SPEEDS[this.anim.value] || 0;
    // the events shown before the decision are not played again
    if (shown) this.main.dataset.resumedAt = String(shown.animator.index);
    else delete this.main.dataset.resumedAt;
    if (ms > 0 && !hurry && ev.trace && ev.trace.length) await this.animate(ev, ms, shown);
    this.board.hideToken();
    s.play(ev);
    this.board.render(s.position);
    this.showLast();
    this.panels.announce(ev);
    this.renderAll();
  }

  /** Marks the last move on the board: its pit and arrow, and the pits it captured from. */
  showLast() {
    const last = this.state.lastMove;
    this.board.setLastMove(last);
    this.board.setCaptured((last?.captures || []).map((c) => c.from));
  }

  /** A new animation run of a move by `mover` from the position now on the board. */
  newRun(mover) {
    const run = { shown: this.state.shownCounts(), events: [], cancelled: false };
    run.animator = new TraceAnimator(this.board, mover, {
      adjust: (kind, side, delta) => {
        // a placed seed comes from the hand (Bao namua) or the reserve (Kimasai, Omweso set-up)
        if (kind === 'place') kind = this.state.position.hands ? 'hand' : 'store';
        run.shown[kind][side] += delta;
        this.panels.renderPanels(run.shown);
        if (kind === 'store' && this.board.hasStores) this.board.setStore(side, run.shown.store[side]);
      },
      housePit: (side) => this.state.position?.houses?.[side],
      cancelled: () => run.cancelled || this.queue.length > 2,
    });
    return run;
  }

  async animate(ev, ms, resumed = null) {
    this.animating = true;
    this.main.dataset.busy = 'true';
    this.panels.showPlaying(ev);
    this.board.setPlayable(new Set());
    const run = resumed || this.newRun(ev.side);
    this.run = run;
    if (!resumed) {
      this.board.setLastMove(null);
      this.board.setCaptured([]);
    }
    try {
      await run.animator.run(ev.trace, ms);
      await run.animator.finish(ms);
    } catch {
      /* cancelled: the final position is drawn after */
    }
    this.board.hideToken();
    this.run = null;
    this.animating = false;
  }

  // ---------------------------------------------------------------- the move being chosen

  /** The traces of the candidate moves `texts` from the position now (preview.js). */
  previewTraces(texts) {
    return this.traces.of(this.state.game, this.state.position, texts);
  }

  /**
   * Shows the move being chosen on the board up to event `upto` of `events` (the part every
   * candidate left shares), from where it was shown last; resolves to the pit the hand is over,
   * where the next decision arises. Rejects if the dialogue ended meanwhile.
   */
  async previewTo(events, upto) {
    let run = this.preview;
    if (!run) {
      run = this.newRun(this.state.position.turn);
      run.layer = this.board.layerArrows; // a new layer: the board was drawn anew
      this.preview = run;
      this.board.setLastMove(null);
      this.board.setCaptured([]);
      this.board.setPlayable(new Set());
    }
    run.events = events;
    if (run.animator.index >= upto) return run.animator.at;
    const ms = SPEEDS[this.anim.value] || 0;
    this.main.dataset.preview = 'running';
    this.run = run;
    try {
      await run.animator.run(events, ms, upto);
    } finally {
      if (this.run === run) this.run = null;
      if (this.preview === run) this.main.dataset.preview = 'asking';
    }
    return run.animator.at;
  }

  /** The board back to the position: the move being chosen is no longer shown. */
  clearPreview() {
    if (!this.dropPreview()) return;
    this.board.hideToken();
    this.board.render(this.state.position);
    this.showLast();
    this.panels.renderPanels();
    this.refreshInput();
  }

  /** Forgets the preview (the board is drawn anew after); returns whether there was one. */
  dropPreview() {
    const run = this.preview;
    if (!run) return false;
    run.cancelled = true;
    this.preview = null;
    delete this.main.dataset.preview;
    return true;
  }

  /**
   * The preview run, if move event `ev` is the move it showed (this page's own move, whose trace
   * begins with the events shown); else the preview is forgotten and null returned.
   */
  takePreview(ev) {
    const run = this.preview;
    if (!run) return null;
    this.preview = null;
    delete this.main.dataset.preview;
    const n = run.animator.index;
    const own = this.state.pending?.ply === ev.ply;
    const same = own && (ev.trace || []).length >= n && run.events.slice(0, n).every((e, i) => sameEvent(e, ev.trace[i]));
    if (!same) {
      run.cancelled = true;
      this.board.hideToken();
      this.board.render(this.state.position);
      return null;
    }
    return run;
  }

  /** The hands and stores beside the board, as counted by the animation running now. */
  shownCounts() {
    return (this.run || this.preview)?.shown || this.state.shownCounts();
  }

  afterLayout() {
    // a board drawn anew shows the position: put back the part of the move shown (a preview
    // still running goes on by itself)
    const run = this.preview;
    if (run && this.board && run.layer !== this.board.layerArrows && this.main.dataset.preview === 'asking') {
      const events = run.events;
      const n = run.animator.index;
      const again = this.newRun(this.state.position.turn);
      again.events = events;
      again.layer = this.board.layerArrows;
      this.preview = again;
      run.cancelled = true;
      this.board.render(this.state.position);
      again.animator.run(events, 0, n).catch(() => {});
      if (again.animator.hand > 0 && again.animator.at) this.board.tokenAt(again.animator.at, again.animator.hand, 0);
    }
    this.dialogue.replace();
    this.panels.placeNote();
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

  /** An `error` message: a refused move ends its dialogue, and what was shown of it. */
  refused(msg) {
    if (msg.ply !== undefined && this.state.clearPending(msg.ply)) {
      this.dialogue.end();
      this.clearPreview();
    }
    this.panels.showError(msg);
    this.refreshInput();
  }

  presence(msg) {
    this.state.presence(msg);
    this.panels.renderPanels();
    this.panels.renderWatching();
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
    if (!on) {
      this.state.pending = null;
      this.dialogue.end();
      this.clearPreview();
    }
    this.panels.renderTurn();
    this.refreshInput();
  }

  sendMove(text) {
    const ply = this.state.ply + 1;
    if (this.send({ type: 'move', ply, move: text })) {
      this.state.pending = { ply, move: text };
      this.panels.flashSent(text);
    } else {
      this.clearPreview();
    }
    this.refreshInput();
  }

  renderAll() {
    this.panels.renderAll();
    this.controls.renderAll();
    this.refreshInput();
  }

  // ---------------------------------------------------------------- attention

  /** Whether this page's player (of one side) has the move now. */
  myTurn() {
    const s = this.state;
    return !!s.position && !s.outcome && (s.you === 'south' || s.you === 'north') && s.you === s.position.turn;
  }

  /** The tab's title says when it is the player's turn; a notification too, if asked for. */
  attention() {
    const mine = this.myTurn();
    document.title = mine && this.online ? t('title-your-turn', { title: this.title }) : this.title;
    // the notification when the turn passes to the player (not again after a reconnection)
    if (mine && this.wasMyTurn === false) this.controls.notifyTurn(t(`game-${this.state.game.variant}`));
    if (this.state.position) this.wasMyTurn = mine;
  }

  // ---------------------------------------------------------------- input

  canMove() {
    return this.blocked() === null;
  }

  /**
   * Why this page cannot move now: 'spectator', 'over', 'offline', 'busy' (a move is animated
   * or being sent), 'turn' (the other side has the move), 'loading'; null when it can.
   */
  blocked() {
    const s = this.state;
    if (!s.position) return 'loading';
    if (!s.isPlayer()) return 'spectator';
    if (s.outcome) return 'over';
    if (!this.online) return 'offline';
    if (this.animating || s.pending || (this.processing && this.queue.length)) return 'busy';
    if (!s.hasTheMove()) return 'turn';
    return null;
  }

  refreshInput() {
    if (!this.board || !this.state.position) return;
    this.attention();
    const can = this.canMove();
    this.main.dataset.busy = this.animating || this.state.pending ? 'true' : 'false';
    this.board.svg.classList.toggle('inactive', !can);
    // while a move is shown up to its decision, the board is mid-move: no pit is marked playable
    this.board.setPlayable(can && !this.preview ? startPits(this.state.legal) : new Set());
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
    this.afterLayout();
  }
}

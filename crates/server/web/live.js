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
    // relayout() lays the board out, then what sits next to a pit follows it (afterLayout)
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
   *
   * A phone held sideways. Some 360-430 px high, the lines above a board (header, title and
   * turn, the opponent's strip) and the player's strip below leave four rows of 8 under 44 px
   * (43 px at 640x360), while the width is to spare. There the game's lines and both strips
   * stand in a narrow column beside the board (`strips-beside`), which gets the screen's height
   * below the one-line header: pits of some 50 px. Boards of 12 and 16 pits a row need the whole
   * width instead and keep the strips above and below; each way is measured, and the column is
   * taken where the pits would otherwise be under 1.2 times a finger and it makes them bigger, or
   * where the player's strip would not fit under the board and the column keeps a finger's pits.
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
    } else if (vw > vh * 1.15 && (flat.pit < 1.2 * this.touch() || flat.dropped)) {
      const beside = this.fit(false, vh, true);
      if (beside.pit > flat.pit || (flat.dropped && beside.pit >= this.touch())) pick = beside;
    }
    main.classList.toggle('portrait-board', pick.turned);
    main.classList.toggle('strips-beside', pick.beside);
    const turnedBefore = this.board.portrait;
    this.board.setView({ bottom: this.bottomSide(), portrait: pick.turned, box: pick.box });
    // an open dialogue's buttons name screen directions (↓ A5): say them again once turned
    if (pick.turned !== turnedBefore && this.dialogue.active) this.dialogue.replace();
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
   * unless that makes the pits smaller than a finger (44 px; 32 on rows of 12 and 16): then
   * `dropped`, they are left to scroll to. `beside`: the strips in a column beside the board (a
   * phone held sideways), none below it.
   */
  fit(turned, vh, beside = false) {
    const E = this.el;
    this.main.classList.toggle('portrait-board', turned);
    this.main.classList.toggle('strips-beside', beside);
    const wrap = E.boardWrap;
    const w = wrap.clientWidth;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    // under a turned board: the two strips, or the move dialogue in their place (two rows of
    // buttons, 7rem); nothing under a board with the strips beside it
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const strips = turned ? Math.max(E.top.offsetHeight, E.bottom.offsetHeight, 7 * rem) : E.bottom.offsetHeight;
    const below = beside ? 0 : strips;
    const gap = parseFloat(getComputedStyle(wrap.parentElement).rowGap) || 0;
    const room = vh - top - 2;
    const want = this.touch();
    const box = (h) => ({ w, h: Math.max(h, 120) });
    let best = { turned, beside, box: box(room - below - 2 * gap), pit: 0, dropped: false };
    best.pit = this.board.pitSize(best.box, turned);
    if (best.pit < want && below > 0) {
      const all = { turned, beside, box: box(room), pit: this.board.pitSize(box(room), turned), dropped: true };
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
      this.afterLayout();
    });
  }

  flip() {
    this.flipped = !this.flipped;
    this.el.flip.setAttribute('aria-pressed', String(this.flipped));
    this.layout();
    this.afterLayout();
  }
}

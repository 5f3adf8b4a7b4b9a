// The move dialogue on the page: a click on a pit (or Enter on it, or a typed move) opens it, and
// the choice panel (and the same choices as arrows on the board) narrows the server's complete
// legal move strings one decision at a time (moves.js): direction or kichwa, safari or stop, each
// Omweso lap. Before each decision the client asks the server what the candidates left would do
// (preview.js), shows the events they all share (the move up to the decision, on the board), and
// asks at the pit where the decision arises. Once one move is left it is played; its move event
// then shows only what was not shown yet (live.js).
//
// A click on a pit that cannot move says why, next to the pit, from what the data shows (not
// your turn, an empty pit, a takasia pit, watching); the rules are not worked out here.

import { t } from './i18n.js';
import { Dialogue, STOP, startPits, typedMatches, parseMove, pitSide } from './moves.js';
import { sharedLength, firstSown } from './preview.js';
import { h } from './ui.js';

/** The arrow keys and the screen direction each stands for (board.js `glyph`). */
const ARROW_KEYS = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };

export class MoveDialogue {
  /**
   * @param {{main: HTMLElement, el: object, state: import('./state.js').GameState,
   *          board: () => import('./board.js').Board, canMove: () => boolean,
   *          blocked: () => (string|null), note: (pit: string, text: string) => void,
   *          play: (move: string) => void,
   *          preview: {traces: (moves: string[]) => Promise<Map<string, object[]>>,
   *                    to: (events: object[], upto: number) => Promise<string|null>,
   *                    clear: () => void}}} o
   *   the page and its elements (ui.js: `choices`, `boardArea`, `moveInput`, `moveNote`), the
   *   game, the current board, whether a move can be made now and else why not (live.js
   *   `blocked`), a note next to a pit, what to do with the chosen move text, and the preview:
   *   the candidates' traces, the move shown on the board up to an event (resolving to the pit
   *   the hand is over), and the board back as it was
   */
  constructor({ main, el, state, board, canMove, blocked, note, play, preview }) {
    Object.assign(this, { main, el, state, board, canMove, blocked, note, play, preview });
    this.current = null; // the narrowing (moves.js Dialogue), while open
    this.seq = 0; // the step being prepared; an older one is dropped
    this.keys = new Map(); // arrow key -> choice, while choices are shown
    this.at = null; // the pit where the current decision arises
    document.addEventListener('keydown', (e) => this.keydown(e));
  }

  get active() {
    return !!this.current;
  }

  // ---------------------------------------------------------------- opening

  pitClicked(pit) {
    if (!this.canMove() || !startPits(this.state.legal).has(pit)) {
      this.note(pit, this.whyNot(pit));
      return;
    }
    this.open(pit);
  }

  /** Opens the dialogue on `pit` with the decisions `steps` taken; then `key` picks a choice. */
  open(pit, steps = [], key = null) {
    this.end();
    const d = new Dialogue(this.state.legal, pit);
    for (const s of steps) d.choose(s);
    if (d.empty) return false;
    this.current = d;
    this.board().setSelected(pit);
    this.step(key);
    return true;
  }

  /** Why `pit` cannot start a move now: said from the data, not from the rules. */
  whyNot(pit) {
    const blocked = this.blockedText(true);
    if (blocked !== null) return blocked;
    const p = this.state.position;
    if (pitSide(pit) !== p.turn) return t('note-other-side', { pit, side: p.turn });
    if ((p.pits?.[pit] ?? 0) === 0) return t('note-empty', { pit });
    if (p.takasia === pit) return t('note-takasia', { pit });
    return t('dialogue-not-playable', { pit });
  }

  // ---------------------------------------------------------------- typed moves

  /**
   * A typed move (the move box, Enter): a legal move it names is played; a pit, with decisions
   * or not, that starts legal moves opens the dialogue there. Returns whether it was taken.
   */
  typed(text) {
    const typed = text.trim();
    if (!typed) return false;
    if (!this.canMove()) {
      this.say(this.blockedText());
      return false;
    }
    const matches = typedMatches(this.state.legal, typed);
    if (matches.length === 1) {
      this.end();
      this.say('');
      this.play(matches[0]);
      return true;
    }
    const p = parseMove(typed);
    if (p && !p.place && !p.takasa && !p.win && this.open(p.pit, p.steps)) {
      this.say('');
      return true;
    }
    this.say(t('entry-no-move', { move: typed }));
    return false;
  }

  /** A typed pit and an arrow key: the dialogue on that pit, the choice the arrow points to. */
  typedArrow(text, key) {
    const p = parseMove(text.trim());
    if (!p || !this.canMove()) return false;
    return this.open(p.pit, p.steps, key);
  }

  /**
   * Why no move can be made now (live.js `blocked`), in words; null when one can. `atPit`: said
   * next to a pit that was clicked, where the other side's turn names a computer thinking.
   */
  blockedText(atPit = false) {
    const s = this.state;
    switch (this.blocked()) {
      case null:
        return null;
      case 'spectator':
        return t('note-spectator');
      case 'over':
        return t('note-game-over');
      case 'offline':
        return t('note-offline');
      case 'busy':
        return t('note-busy');
      case 'turn':
        return atPit && s.seats?.[s.position.turn]?.kind === 'computer' ? t('note-computer-turn') : t('dialogue-wait');
      default: // 'loading'
        return t('dialogue-wait');
    }
  }

  /** The line under the move box. */
  say(text) {
    if (this.el.moveNote) this.el.moveNote.textContent = text;
  }

  // ---------------------------------------------------------------- the steps

  async step(key = null) {
    const d = this.current;
    if (!d) return;
    const r = d.next();
    if ('done' in r) {
      if (r.done) this.finish(r.done);
      else this.end();
      return;
    }
    const seq = ++this.seq;
    this.hidePanel();
    const ask = await this.prepare(d, r);
    if (seq !== this.seq || this.current !== d) return;
    this.show(r, ask);
    if (key && this.keys.has(key)) this.choose(this.keys.get(key));
  }

  /**
   * The traces of the candidates left, the move shown on the board up to where they part, and
   * what each option does from there: {at, rest: {option: events after the shared part}}; null
   * when the server cannot be asked (the dialogue then asks without showing anything).
   */
  async prepare(d, r) {
    const texts = d.candidates.map((c) => c.text);
    let traces;
    try {
      traces = await this.preview.traces(texts);
    } catch {
      return null;
    }
    if (this.current !== d) return null;
    const shared = sharedLength(texts.map((m) => traces.get(m)));
    const rest = {};
    for (const o of r.options) {
      const c = d.with(o)[0];
      rest[o] = c ? traces.get(c.text).slice(shared) : [];
    }
    let at;
    try {
      at = await this.preview.to(traces.get(texts[0]), shared);
    } catch {
      return null; // ended meanwhile
    }
    return { at: at || d.pit, rest };
  }

  choose(c) {
    if (c === 'cancel') {
      this.cancel();
      return;
    }
    if (!this.current) return;
    this.current.choose(c);
    this.step();
  }

  finish(text) {
    const pit = this.current?.pit;
    const hadFocus = this.main.contains(document.activeElement) && document.activeElement !== this.el.moveInput;
    // the board keeps what was shown of the move until its move event continues it
    this.end(true, true);
    // keep keyboard users on the board
    if (pit && hadFocus) this.board().pits.get(pit)?.g.focus({ preventScroll: true });
    this.play(text);
  }

  cancel() {
    const pit = this.current?.pit;
    this.end();
    if (pit) this.board().pits.get(pit)?.g.focus();
  }

  /** Closes the dialogue; the board goes back to the position unless `keepPreview`. */
  end(keepSelected = false, keepPreview = false) {
    const was = !!this.current;
    this.current = null;
    this.seq += 1;
    this.hidePanel();
    const board = this.board();
    if (board && !keepSelected) board.setSelected(null);
    if (was && !keepPreview) this.preview.clear();
  }

  hidePanel() {
    this.shown = null;
    this.keys.clear();
    this.at = null;
    delete this.main.dataset.decisionAt;
    const box = this.el.choices;
    box.hidden = true;
    box.textContent = '';
    box.classList.remove('anchored', 'above', 'below', 'beside', 'caret-left');
    box.style.removeProperty('left');
    box.style.removeProperty('top');
    box.style.removeProperty('width');
    box.style.removeProperty('--caret');
    for (const e of this.covered()) e.classList.remove('covered');
    const board = this.board();
    if (board) {
      board.clearChoiceArrows();
      board.setDeciding(null);
    }
  }

  // ---------------------------------------------------------------- what the choices say

  /**
   * The button text, the long text and the board mark of option `opt` (the events `rest` it
   * leads to after the shared part, when known; `at`, the pit where the decision arises).
   */
  describe(opt, rest, at) {
    const d = this.current;
    const board = this.board();
    const first = rest?.[0];
    if (opt === '<' || opt === '>') {
      if (first?.e === 'capture') {
        // the captured seeds enter at a kichwa: `>` at the mover's left one, `<` at the right
        const kichwa = first.kichwa;
        const next = firstSown(rest, kichwa);
        const arrow = next ? { from: kichwa, to: next } : { from: at, to: kichwa };
        const args = { arrow: board.glyph(arrow.from, arrow.to), pit: kichwa };
        return opt === '>'
          ? { label: t('dialogue-kichwa-left', args), long: t('dialogue-kichwa-left-long', args), arrow }
          : { label: t('dialogue-kichwa-right', args), long: t('dialogue-kichwa-right-long', args), arrow };
      }
      const to = rest ? firstSown(rest) : null;
      if (to) {
        const args = { arrow: board.glyph(at, to), from: at, to };
        const long = opt === '>' ? t('dialogue-sow-right-long', args) : t('dialogue-sow-left-long', args);
        return { label: t('dialogue-sow-towards', args), long, arrow: { from: at, to } };
      }
      return opt === '>'
        ? { label: t('dialogue-right'), long: t('dialogue-right-long', { from: d.pit }) }
        : { label: t('dialogue-left'), long: t('dialogue-left-long', { from: d.pit }) };
    }
    const to = rest ? firstSown(rest) : null;
    const arrow = to && to !== at ? { from: at, to } : null;
    if (opt === '+') return { label: t('dialogue-safari'), long: t('dialogue-safari-long'), arrow };
    if (opt === STOP) {
      return { label: t('dialogue-stop'), long: t('dialogue-stop-long'), mark: rest ? { at, stop: true } : null };
    }
    const lap = d.chosen.filter((x) => x === 'c' || x === 'a').length + 1;
    if (opt === 'c') return { label: t('dialogue-clockwise', { lap }), long: t('dialogue-clockwise-long', { lap }), arrow };
    if (opt === 'a') return { label: t('dialogue-anticlockwise', { lap }), long: t('dialogue-anticlockwise-long', { lap }), arrow };
    return { label: opt, long: opt };
  }

  /** The question of step `r` (`ask`: what prepare() learnt, or null). */
  prompt(r, ask) {
    const d = this.current;
    const first = r.options[0];
    // the move so far in notation: the pit and the decisions taken
    const move = `${d.pit}${d.chosen.filter((c) => c !== STOP).join('')}`;
    if (first === '<' || first === '>') {
      const captures = ask && r.options.every((o) => ask.rest[o]?.[0]?.e === 'capture');
      return captures ? t('dialogue-prompt-kichwa', { pit: ask.at }) : t('dialogue-prompt-direction', { pit: ask?.at ?? d.pit });
    }
    if (r.options.includes('+')) return t('dialogue-prompt-nyumba', { move });
    if (first === 'c' || first === 'a') return t('dialogue-prompt-lap', { move });
    return t('dialogue-prompt', { move });
  }

  /** Shows step `r` of the dialogue, asked at the pit where it arises. */
  show(r, ask, focus = true) {
    if (!this.current) return;
    this.shown = { r, ask };
    const d = this.current;
    const at = ask?.at ?? d.pit;
    const box = this.el.choices;
    box.textContent = '';
    const row = h('div', { class: 'choice-buttons' });
    const marks = [];
    for (const o of r.options) {
      const desc = this.describe(o, ask?.rest[o], at);
      row.append(h('button', { type: 'button', class: 'choice', 'data-choice': o, title: desc.long, 'aria-label': desc.long, text: desc.label, onclick: () => this.choose(o) }));
      if (desc.arrow) marks.push({ choice: o, ...desc.arrow, label: desc.long });
      if (desc.mark) marks.push({ choice: o, ...desc.mark, label: desc.long });
    }
    row.append(h('button', { type: 'button', class: 'choice cancel', 'data-choice': 'cancel', text: t('dialogue-cancel'), onclick: () => this.cancel() }));
    box.append(h('p', { class: 'prompt', text: this.prompt(r, ask) }), row);
    box.hidden = false;
    const board = this.board();
    board.showChoiceArrows(marks);
    board.setDeciding(at);
    // an arrow key picks the choice whose arrow points that way on the screen
    this.keys.clear();
    const byGlyph = new Map();
    for (const m of marks) {
      if (m.stop) continue;
      const g = board.glyph(m.from, m.to);
      byGlyph.set(g, byGlyph.has(g) ? null : m.choice);
    }
    for (const [key, g] of Object.entries(ARROW_KEYS)) if (byGlyph.get(g)) this.keys.set(key, byGlyph.get(g));
    this.at = at;
    this.main.dataset.decisionAt = at;
    this.place(at);
    if (focus) row.querySelector('button').focus({ preventScroll: true });
  }

  /**
   * Puts the choice panel next to pit `at`: below the board under it when the pit is in the
   * board's lower half, above the board over it otherwise, beside it on a board turned a
   * quarter, in the column beside the board, level with it, where the strips stand there (a
   * phone held sideways); a caret points at the pit.
   */
  place(at) {
    const box = this.el.choices;
    const area = this.el.boardArea;
    // out of the flow before anything is measured: in flow it may push the board down
    box.classList.add('anchored');
    const pit = this.board().pitRect(at);
    const wrap = this.el.boardWrap.getBoundingClientRect();
    if (!pit || !area || !wrap.width) return;
    const base = area.getBoundingClientRect();
    const cx = (pit.left + pit.right) / 2 - base.left;
    const cy = (pit.top + pit.bottom) / 2 - base.top;
    const w = box.offsetWidth;
    const hgt = box.offsetHeight;
    const maxLeft = Math.max(0, base.width - w);
    if (this.main.classList.contains('portrait-board')) {
      // the board is turned: the panel goes over the other side's half, level with the pit
      box.classList.add('beside');
      const leftHalf = cx < (wrap.left + wrap.right) / 2 - base.left;
      const left = leftHalf ? pit.right - base.left + 10 : pit.left - base.left - w - 10;
      const top = Math.min(Math.max(0, cy - hgt / 2), Math.max(0, base.height - hgt));
      box.style.left = `${Math.min(Math.max(0, left), maxLeft)}px`;
      box.style.top = `${top}px`;
      box.style.setProperty('--caret', `${cy - top}px`);
      box.classList.toggle('caret-left', leftHalf);
      return;
    }
    if (this.main.classList.contains('strips-beside')) {
      // the board fills the screen's height: the panel goes in the column beside it, level with
      // the pit, over the strips (hidden meanwhile)
      box.classList.add('beside', 'caret-left');
      const left = wrap.right - base.left + 12;
      box.style.left = `${left}px`;
      box.style.width = `${Math.max(0, base.width - left)}px`;
      const high = box.offsetHeight;
      const top = Math.min(Math.max(wrap.top - base.top, cy - high / 2), Math.max(0, wrap.bottom - base.top - high));
      box.style.top = `${top}px`;
      box.style.setProperty('--caret', `${Math.min(Math.max(12, cy - top), high - 12)}px`);
      this.cover(box);
      return;
    }
    const lower = cy > (wrap.top + wrap.bottom) / 2 - base.top;
    const left = Math.min(Math.max(0, cx - w / 2), maxLeft);
    box.classList.add(lower ? 'below' : 'above');
    box.style.left = `${left}px`;
    box.style.top = lower ? `${wrap.bottom - base.top + 6}px` : `${wrap.top - base.top - hgt - 6}px`;
    box.style.setProperty('--caret', `${cx - left}px`);
    this.cover(box);
    box.scrollIntoView?.({ block: 'nearest' });
  }

  /** What the panel `box` lies over (a player strip, the lines under the board) is hidden meanwhile. */
  cover(box) {
    const over = box.getBoundingClientRect();
    for (const e of this.covered()) {
      const r = e.getBoundingClientRect();
      if (r.height && r.bottom > over.top && r.top < over.bottom && r.right > over.left && r.left < over.right) e.classList.add('covered');
    }
  }

  /** The parts of the board area the choice panel may lie over. */
  covered() {
    const E = this.el;
    return [E.top, E.bottom, E.underBoard, E.moveEntry, E.gameHead, E.notice].filter(Boolean);
  }

  /** Shows the choices again (after the board was drawn anew, or the page changed size). */
  replace() {
    if (!this.current || this.el.choices.hidden || !this.shown) return;
    const hadFocus = this.el.choices.contains(document.activeElement);
    const { r, ask } = this.shown;
    this.el.choices.classList.remove('anchored', 'above', 'below', 'beside', 'caret-left');
    for (const e of this.covered()) e.classList.remove('covered');
    this.show(r, ask, hadFocus);
  }

  // ---------------------------------------------------------------- keys

  keydown(e) {
    if (e.key === 'Escape' && this.current) {
      this.cancel();
      return;
    }
    // a choice's own character (< > + c a) picks it while it is asked
    const typedChoice = this.shown?.r.options.includes(e.key) && !e.altKey && !e.ctrlKey && !e.metaKey;
    if (this.current && typedChoice && !['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target?.tagName)) {
      e.preventDefault();
      this.choose(e.key);
      return;
    }
    if (!this.current || !this.keys.has(e.key) || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    // not while typing in a field
    const tag = e.target?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    e.preventDefault();
    this.choose(this.keys.get(e.key));
  }
}

// The move dialogue on the page: a click on a pit opens it, and the choice panel (and the same
// choices as arrows on the board) narrows the server's complete legal move strings one decision
// at a time (moves.js): direction or kichwa, safari or stop, each Omweso lap. Once one move is
// left it is played.

import { t } from './i18n.js';
import { Dialogue, STOP, startPits, firstSownPit, kichwaFor } from './moves.js';
import { h } from './ui.js';

export class MoveDialogue {
  /**
   * @param {{main: HTMLElement, el: object, state: import('./state.js').GameState,
   *          board: () => import('./board.js').Board, canMove: () => boolean,
   *          waitsForTurn: () => boolean, flash: (text: string) => void,
   *          play: (move: string) => void}} o
   *   the page and its elements (ui.js: `choices`, `bottom`), the game, the current board,
   *   whether a move can be made now or the player only waits for the turn, the status line,
   *   and what to do with the chosen move text
   */
  constructor({ main, el, state, board, canMove, waitsForTurn, flash, play }) {
    Object.assign(this, { main, el, state, board, canMove, waitsForTurn, flash, play });
    this.current = null; // the narrowing (moves.js Dialogue), while open
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.current) this.cancel();
    });
  }

  get active() {
    return !!this.current;
  }

  pitClicked(pit) {
    if (!this.canMove()) {
      if (this.waitsForTurn()) this.flash(t('dialogue-wait'));
      return;
    }
    if (!startPits(this.state.legal).has(pit)) {
      this.flash(t('dialogue-not-playable', { pit }));
      return;
    }
    this.current = new Dialogue(this.state.legal, pit);
    this.board().setSelected(pit);
    this.step();
  }

  step() {
    const r = this.current.next();
    if ('done' in r) {
      if (r.done) this.finish(r.done);
      else this.end();
      return;
    }
    this.show(r);
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
    const hadFocus = this.main.contains(document.activeElement);
    this.end(true);
    // keep keyboard users on the board
    if (pit && hadFocus) this.board().pits.get(pit)?.g.focus({ preventScroll: true });
    this.play(text);
  }

  cancel() {
    const pit = this.current?.pit;
    this.end();
    if (pit) this.board().pits.get(pit)?.g.focus();
  }

  end(keepSelected = false) {
    this.current = null;
    this.el.choices.hidden = true;
    this.el.choices.textContent = '';
    this.el.bottom.hidden = false;
    const board = this.board();
    if (board) {
      board.clearChoiceArrows();
      if (!keepSelected) board.setSelected(null);
    }
  }

  /**
   * Whether decision `index` says where captured seeds enter: the first decision of a namua
   * capture (the mover has seeds in hand, and no candidate carries the takasa mark).
   */
  entersAtKichwa(index) {
    const p = this.state.position;
    return index === 0 && this.current.isNamuaCapture(p.hands?.[p.turn] ?? 0);
  }

  /** The button text, the long text and the board arrow of option `opt` at decision `k`. */
  describe(opt, k) {
    const d = this.current;
    const { game, position } = this.state;
    const side = position.turn;
    const W = game.width;
    const pit = d.pit;
    if (opt === '<' || opt === '>') {
      if (game.rows === 4 && this.entersAtKichwa(k)) {
        const kichwa = kichwaFor(side, opt, W);
        const l = kichwa[0];
        const next = opt === '>' ? `${l}2` : `${l}${W - 1}`;
        const arrow = this.board().glyph(kichwa, next);
        const args = { arrow, pit: kichwa };
        // `>` enters at the left kichwa (A1/a1) and travels right; `<` the other way
        return opt === '>'
          ? { label: t('dialogue-kichwa-left', args), long: t('dialogue-kichwa-left-long', args), arrow: { from: kichwa, to: next } }
          : { label: t('dialogue-kichwa-right', args), long: t('dialogue-kichwa-right-long', args), arrow: { from: kichwa, to: next } };
      }
      if (game.rows === 4) {
        const to = firstSownPit(pit, opt, W);
        const args = { arrow: this.board().glyph(pit, to), from: pit, to };
        const long = opt === '>' ? t('dialogue-sow-right-long', args) : t('dialogue-sow-left-long', args);
        return { label: t('dialogue-sow-towards', args), long, arrow: { from: pit, to } };
      }
      return opt === '>'
        ? { label: t('dialogue-right'), long: t('dialogue-right-long', { from: pit }) }
        : { label: t('dialogue-left'), long: t('dialogue-left-long', { from: pit }) };
    }
    if (opt === '+') return { label: t('dialogue-safari'), long: t('dialogue-safari-long') };
    if (opt === STOP) return { label: t('dialogue-stop'), long: t('dialogue-stop-long') };
    const lap = d.chosen.filter((x) => x === 'c' || x === 'a').length + 1;
    if (opt === 'c') return { label: t('dialogue-clockwise', { lap }), long: t('dialogue-clockwise-long', { lap }) };
    if (opt === 'a') return { label: t('dialogue-anticlockwise', { lap }), long: t('dialogue-anticlockwise-long', { lap }) };
    return { label: opt, long: opt };
  }

  /** Shows the step `r` of the dialogue; without it, the pending step again (after a flip). */
  show(r = null) {
    if (!this.current) return;
    if (!r) {
      r = this.current.next();
      if ('done' in r) return;
    }
    const box = this.el.choices;
    box.textContent = '';
    box.hidden = false;
    // the panel takes the place of the own player strip, so the board does not move
    this.el.bottom.hidden = true;
    const d = this.current;
    const first = r.options[0];
    // the move so far in notation: the pit and the decisions taken
    const move = `${d.pit}${d.chosen.filter((c) => c !== STOP).join('')}`;
    let prompt = t('dialogue-prompt', { move });
    if (first === '<' || first === '>') {
      prompt = this.entersAtKichwa(r.index) ? t('dialogue-prompt-kichwa', { pit: d.pit }) : t('dialogue-prompt-direction', { pit: d.pit });
    } else if (r.options.includes('+')) prompt = t('dialogue-prompt-nyumba', { move });
    else if (first === 'c' || first === 'a') prompt = t('dialogue-prompt-lap', { move });
    box.append(h('p', { class: 'prompt', text: prompt }));
    const row = h('div', { class: 'choice-buttons' });
    const arrows = [];
    for (const o of r.options) {
      const desc = this.describe(o, r.index);
      row.append(h('button', { type: 'button', class: 'choice', 'data-choice': o, title: desc.long, 'aria-label': desc.long, text: desc.label, onclick: () => this.choose(o) }));
      if (desc.arrow) arrows.push({ choice: o, ...desc.arrow, label: desc.long });
    }
    row.append(h('button', { type: 'button', class: 'choice cancel', 'data-choice': 'cancel', text: t('dialogue-cancel'), onclick: () => this.cancel() }));
    box.append(row);
    this.board().showChoiceArrows(arrows);
    row.querySelector('button').focus({ preventScroll: true });
  }
}

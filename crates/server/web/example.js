// The rules pages' interactive examples: each <figure class="example" data-variant data-rules
// data-diagram data-partial data-try> (rendered by the server from an ```example block of
// docs/rules) becomes a live board. The reader picks a pit (and a direction or decision where
// the move needs one) or plays the suggested move; the server's read-only trace route
// (docs/protocol.md, GET /api/trace) says what the move does, and the board sows it seed by seed.
// "Try again" puts the position back. Nothing is worked out here: the legal moves come from
// GET /api/position and the sowing from the trace.

import { animateTrace, animSetting, SPEEDS } from './anim.js';
import { Board } from './board.js';
import { loadMessages, t } from './i18n.js';
import { Dialogue, STOP, startPits } from './moves.js';

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

/** The position routes' query of an example figure: its variant, rules and diagram. */
function exampleQuery(data) {
  const q = new URLSearchParams({ variant: data.variant, d: data.diagram });
  if (data.rules) q.set('rules', data.rules);
  if (data.partial === '1') q.set('partial', '1');
  return q;
}

// The glyph of a decision: the direction arrows, the nyumba's stop or safari, Omweso's turns.
const GLYPH = { '<': '◀', '>': '▶', c: '↻', a: '↺' };

class Example {
  constructor(fig) {
    this.fig = fig;
    this.data = fig.dataset;
    this.query = exampleQuery(this.data);
    this.busy = false;
  }

  async start() {
    const res = await fetch(`/api/position?${this.query}`);
    if (!res.ok) throw new Error(`position ${res.status}`);
    this.initial = await res.json();
    const pits = Object.keys(this.initial.position.pits);
    const rows = pits.some((p) => p[0] === 'B') ? 4 : 2;
    const width = pits.filter((p) => p[0] === 'A').length;
    this.boardHost = h('div', { class: 'example-board', role: 'group', 'aria-label': t('example-label') });
    this.status = h('p', { class: 'example-status', role: 'status', 'aria-live': 'polite', text: t('example-play-hint') });
    this.choices = h('div', { class: 'example-controls example-choices' });
    this.tryButton = h('button', { type: 'button', class: 'primary', text: t('example-try', { move: this.data.try }), onclick: () => this.play(this.data.try) });
    this.again = h('button', { type: 'button', text: t('example-again'), hidden: '', onclick: () => this.reset() });
    const controls = h('div', { class: 'example-controls' }, this.tryButton, this.again);
    const picture = this.fig.querySelector('.example-picture');
    picture.replaceWith(this.boardHost);
    this.fig.insertBefore(controls, this.boardHost.nextSibling);
    this.fig.insertBefore(this.choices, controls.nextSibling);
    this.fig.insertBefore(this.status, this.choices.nextSibling);
    this.board = new Board(this.boardHost, {
      rows,
      width,
      stores: this.initial.position.store_label === 'store',
      onPit: (p) => this.pitClicked(p),
      onChoice: (c) => this.choose(c),
    });
    this.board.setView({ bottom: 'south', portrait: false });
    this.board.build();
    this.reset();
  }

  reset() {
    this.dialogue = null;
    this.busy = false;
    this.choices.textContent = '';
    this.board.clearChoiceArrows?.();
    this.board.setSelected(null);
    this.board.render(this.initial.position);
    this.board.setPlayable(startPits(this.initial.legal));
    this.tryButton.hidden = false;
    this.again.hidden = true;
    this.status.textContent = t('example-play-hint');
  }

  pitClicked(pit) {
    if (this.busy) return;
    const d = new Dialogue(this.initial.legal, pit);
    if (d.empty) {
      this.status.textContent = t('example-illegal');
      return;
    }
    this.dialogue = d;
    this.board.setSelected(pit);
    this.step();
  }

  step() {
    const r = this.dialogue.next();
    this.choices.textContent = '';
    if (r.done !== undefined) {
      if (r.done) this.play(r.done);
      return;
    }
    for (const o of r.options) {
      const label = o === STOP ? t('example-stop') : o === '+' ? t('example-safari') : `${GLYPH[o] ?? ''} ${o}`;
      this.choices.append(h('button', { type: 'button', 'data-choice': o, text: label, onclick: () => this.choose(o) }));
    }
  }

  choose(o) {
    if (!this.dialogue || this.busy) return;
    this.dialogue.choose(o);
    this.step();
  }

  async play(text) {
    if (this.busy) return;
    this.busy = true;
    this.choices.textContent = '';
    this.board.setPlayable(new Set());
    this.tryButton.hidden = true;
    const q = new URLSearchParams(this.query);
    q.set('move', text);
    try {
      const res = await fetch(`/api/trace?${q}`);
      const ev = await res.json();
      if (!res.ok) {
        this.status.textContent = t('example-illegal');
        this.reset();
        return;
      }
      this.status.textContent = t('example-played', { move: ev.move });
      const anim = animSetting();
      const ms = SPEEDS[anim.value] ?? SPEEDS.normal;
      if (ms > 0) {
        const houses = this.initial.position.houses || {};
        await animateTrace(this.board, ev, ms, {
          adjust: () => {},
          cancelled: () => false,
          housePit: (side) => houses[side],
        });
      }
      this.board.render(ev.after.position);
    } catch {
      this.status.textContent = t('example-failed');
    }
    this.board.setSelected(null);
    this.again.hidden = false;
    this.busy = false;
  }
}

// A small board in a table cell that links to an example (the family page's capture table):
// it sows the example's suggested move when it comes into view, and again on a click.
class MiniExample {
  constructor(cell, fig) {
    this.cell = cell;
    this.data = fig.dataset;
    this.query = exampleQuery(this.data);
    this.busy = false;
  }

  async start() {
    const [pos, ev] = await Promise.all([
      fetch(`/api/position?${this.query}`).then((r) => (r.ok ? r.json() : Promise.reject(r.status))),
      fetch(`/api/trace?${this.query}&${new URLSearchParams({ move: this.data.try })}`).then((r) =>
        r.ok ? r.json() : Promise.reject(r.status),
      ),
    ]);
    this.initial = pos;
    this.ev = ev;
    const pits = Object.keys(pos.position.pits);
    const host = h('button', {
      type: 'button',
      class: 'mini-example',
      title: t('example-try', { move: this.data.try }),
      'aria-label': t('example-try', { move: this.data.try }),
      onclick: () => this.play(),
    });
    this.cell.prepend(host);
    this.board = new Board(host, {
      rows: pits.some((p) => p[0] === 'B') ? 4 : 2,
      width: pits.filter((p) => p[0] === 'A').length,
      stores: pos.position.store_label === 'store',
      onPit: () => this.play(),
      onChoice: () => {},
    });
    this.board.setView({ bottom: 'south', portrait: false });
    this.board.build();
    this.board.render(pos.position);
    for (const g of host.querySelectorAll('[tabindex]')) g.setAttribute('tabindex', '-1');
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        this.play();
      }
    });
    seen.observe(host);
  }

  async play() {
    if (this.busy) return;
    this.busy = true;
    this.board.render(this.initial.position);
    const ms = SPEEDS[animSetting().value] ?? SPEEDS.normal;
    if (ms > 0) {
      const houses = this.initial.position.houses || {};
      await animateTrace(this.board, this.ev, Math.round(ms * 0.7), {
        adjust: () => {},
        cancelled: () => false,
        housePit: (side) => houses[side],
      }).catch(() => {});
    }
    this.board.render(this.ev.after.position);
    this.busy = false;
  }
}

async function main() {
  const figures = [...document.querySelectorAll('figure.example[data-variant]')];
  if (!figures.length) return;
  await loadMessages(document.documentElement.lang || 'en');
  for (const fig of figures) {
    new Example(fig).start().catch(() => {
      fig.classList.add('example-static');
    });
  }
  for (const a of document.querySelectorAll('td a[href^="#example-"]')) {
    const fig = document.getElementById(a.getAttribute('href').slice(1));
    if (fig?.dataset.variant) new MiniExample(a.closest('td'), fig).start().catch(() => {});
  }
}

main();

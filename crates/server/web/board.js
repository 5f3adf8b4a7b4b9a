// The SVG board: pits as focusable buttons with printed counts and seed dots, the stores at the
// ends of the rows (Kalah's), nyumba / takasia / reserved marks, the last move, the choice arrows
// of the move dialogue and the token that carries seeds during the sowing animation.
//
// Geometry (docs/notation.md §2): printed with North at the top, seen from South, the rows are
// b (bW..b1), a (aW..a1), A (A1..AW), B (B1..BW); Kalah has a (a6..a1) over A (A1..A6) between
// North's store (left) and South's (right). `bottom` = "north" turns the picture by 180°;
// `portrait` turns it a quarter (the bottom side's rows end up on the left, its pit 1 at the top).

import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 100;
const PAD = 14;
const GAP = 14; // between the two sides
const PIT_R = 39;
const MAX_DOTS = 12;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Sunflower positions for up to MAX_DOTS seeds, unit radius.
const DOT_POS = (() => {
  const out = [];
  for (let n = 1; n <= MAX_DOTS; n++) {
    const pts = [];
    if (n === 1) pts.push([0, 0]);
    else {
      for (let i = 0; i < n; i++) {
        const r = Math.sqrt((i + 0.5) / n);
        const a = i * 2.39996 + (n % 2 ? 0.3 : 0);
        pts.push([r * Math.cos(a), r * Math.sin(a)]);
      }
    }
    out.push(pts);
  }
  return out;
})();

export class Board {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {{rows:number,width:number,stores:boolean,onPit:(pit:string)=>void,onChoice:(c:string)=>void}} opts
   *   `stores`: draw a store at each end of the rows (the position's store_label is "store")
   */
  constructor(host, opts) {
    this.host = host;
    this.rows = opts.rows;
    this.width = opts.width;
    this.twoRows = opts.rows === 2;
    this.hasStores = !!opts.stores;
    this.onPit = opts.onPit;
    this.onChoice = opts.onChoice;
    this.bottom = 'south';
    this.portrait = false;
    this.pits = new Map(); // name -> {g, x, y, count}
    this.stores = new Map(); // side -> {g, x, y, count}
    this.counts = {};
    this.storeCounts = { south: 0, north: 0 };
    this.position = null;
    this.svg = el('svg', { class: 'board-svg', role: 'group', 'aria-label': t('board-label') });
    host.appendChild(this.svg);
    this.svg.addEventListener('keydown', (e) => this.keydown(e));
  }

  /** Pit names in printed order (top-left to bottom-right, South at the bottom, landscape). */
  allPits() {
    const W = this.width;
    const out = [];
    const rev = (l) => Array.from({ length: W }, (_, i) => `${l}${W - i}`);
    const fwd = (l) => Array.from({ length: W }, (_, i) => `${l}${i + 1}`);
    if (this.twoRows) return [...rev('a'), ...fwd('A')];
    return [...rev('b'), ...rev('a'), ...fwd('A'), ...fwd('B')];
  }

  /** Row and column of a pit in the printed picture (South at the bottom, landscape). */
  logical(pit) {
    const W = this.width;
    const l = pit[0];
    const n = Number(pit.slice(1));
    const rowOf = this.twoRows ? { a: 0, A: 1 } : { b: 0, a: 1, A: 2, B: 3 };
    const r = rowOf[l];
    const c = l === 'a' || l === 'b' ? W - n : n - 1;
    return { r, c };
  }

  /** Screen centre of a logical cell; c may be -1 / W for the stores. */
  centre(r, c) {
    const R = this.rows;
    const W = this.width;
    if (this.bottom === 'north') {
      r = R - 1 - r;
      c = W - 1 - c;
    }
    const off = this.hasStores ? 1 : 0; // the left store takes a column
    let col = c + off;
    let row = r;
    let gapBefore = !this.twoRows && row >= R / 2 ? GAP : 0;
    if (this.portrait) {
      // quarter turn clockwise: rows become columns from the right, columns become rows
      const x = PAD + (R - 1 - row + 0.5) * CELL + (!this.twoRows && R - 1 - row >= R / 2 ? GAP : 0);
      const y = PAD + (col + 0.5) * CELL;
      return { x, y };
    }
    return { x: PAD + (col + 0.5) * CELL, y: PAD + (row + 0.5) * CELL + gapBefore };
  }

  /** Columns of the landscape picture: the pits of a row and the stores. */
  columns() {
    return this.width + (this.hasStores ? 2 : 0);
  }

  size() {
    const w = PAD * 2 + this.columns() * CELL;
    const h = PAD * 2 + this.rows * CELL + (this.twoRows ? 0 : GAP);
    return this.portrait ? { w: h, h: w } : { w, h };
  }

  setView({ bottom, portrait }) {
    const changed = bottom !== this.bottom || portrait !== this.portrait || !this.built;
    this.bottom = bottom;
    this.portrait = portrait;
    if (changed) this.build();
  }

  build() {
    this.built = true;
    const svg = this.svg;
    const focused = document.activeElement?.dataset?.pit;
    svg.textContent = '';
    const { w, h } = this.size();
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.classList.toggle('portrait', this.portrait);
    svg.style.setProperty('--aspect', `${w / h}`);
    const defs = el('defs', {}, svg);
    defs.innerHTML = `
      <linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.35">
        <stop offset="0" stop-color="var(--wood-1)"/><stop offset="0.5" stop-color="var(--wood-2)"/>
        <stop offset="1" stop-color="var(--wood-1)"/></linearGradient>
      <radialGradient id="hole" cx="0.5" cy="0.42" r="0.6">
        <stop offset="0" stop-color="var(--pit-1)"/><stop offset="1" stop-color="var(--pit-2)"/></radialGradient>
      <radialGradient id="seed" cx="0.35" cy="0.3" r="0.75">
        <stop offset="0" stop-color="var(--seed-1)"/><stop offset="1" stop-color="var(--seed-2)"/></radialGradient>
      <marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
        <path d="M0,0 L10,5 L0,10 z" fill="var(--last)"/></marker>`;
    el('rect', { class: 'wood', x: 2, y: 2, width: w - 4, height: h - 4, rx: 26, fill: 'url(#wood)' }, svg);
    // grain
    const grain = el('g', { class: 'grain' }, svg);
    for (let i = 1; i < 7; i++) {
      const y = (h * i) / 7;
      el('path', { d: `M 10 ${y} C ${w * 0.3} ${y - 9}, ${w * 0.6} ${y + 11}, ${w - 10} ${y - 3}` }, grain);
    }
    if (!this.twoRows) {
      // the line between the two sides
      if (this.portrait) {
        const x = PAD + 2 * CELL + GAP / 2;
        el('line', { class: 'divider', x1: x, y1: 18, x2: x, y2: h - 18 }, svg);
      } else {
        const y = PAD + 2 * CELL + GAP / 2;
        el('line', { class: 'divider', x1: 18, y1: y, x2: w - 18, y2: y }, svg);
      }
    }
    this.pits.clear();
    this.stores.clear();
    if (this.hasStores) {
      for (const side of ['north', 'south']) this.buildStore(side);
    }
    // DOM (and so Tab) order follows the screen: top to bottom, left to right.
    const names = this.allPits()
      .map((p) => ({ p, ...this.centre(this.logical(p).r, this.logical(p).c) }))
      .sort((a, b) => a.y - b.y || a.x - b.x);
    const pitLayer = el('g', { class: 'layer-pits' }, svg);
    for (const { p, x, y } of names) this.buildPit(pitLayer, p, x, y);
    this.layerLast = el('g', { class: 'layer-last' }, svg);
    this.layerArrows = el('g', { class: 'layer-arrows' }, svg);
    this.token = el('g', { class: 'hand-token', 'aria-hidden': 'true' }, svg);
    el('circle', { r: 20 }, this.token);
    this.tokenText = el('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, this.token);
    this.token.style.display = 'none';
    if (this.position) this.render(this.position);
    if (this.lastMove) this.setLastMove(this.lastMove);
    if (this.captured) this.setCaptured(this.captured);
    if (this.playable) this.setPlayable(this.playable);
    if (focused && this.pits.has(focused)) this.pits.get(focused).g.focus();
  }

  buildStore(side) {
    // North's store is left of the printed picture, South's right (notation.md §8.1)
    const c = side === 'north' ? -1 : this.width;
    const a = this.centre(0, c);
    const b = this.centre(1, c);
    const x = (a.x + b.x) / 2;
    const y = (a.y + b.y) / 2;
    const g = el('g', { class: `store store-${side}`, 'data-store': side, role: 'img' }, this.svg);
    const long = CELL * 2 - 26;
    const short = CELL - 22;
    const [rw, rh] = this.portrait ? [long, short] : [short, long];
    el('rect', { class: 'hole', x: x - rw / 2, y: y - rh / 2, width: rw, height: rh, rx: short / 2, fill: 'url(#hole)' }, g);
    const dots = el('g', { class: 'seeds' }, g);
    const badge = el('g', { class: 'badge' }, g);
    const bx = this.portrait ? x + rw / 2 - 10 : x + rw / 2 - 8;
    const by = this.portrait ? y + rh / 2 - 8 : y + rh / 2 - 10;
    el('rect', { x: bx - 22, y: by - 14, width: 44, height: 28, rx: 14 }, badge);
    const t = el('text', { x: bx, y: by, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, badge);
    this.stores.set(side, { g, x, y, rw, rh, dots, text: t });
  }

  buildPit(layer, name, x, y) {
    const g = el('g', { class: 'pit', role: 'button', tabindex: '0', 'data-pit': name }, layer);
    el('rect', { class: 'house-mark', x: x - 46, y: y - 46, width: 92, height: 92, rx: 9 }, g);
    el('circle', { class: 'ring', cx: x, cy: y, r: PIT_R + 5 }, g);
    el('circle', { class: 'hole', cx: x, cy: y, r: PIT_R, fill: 'url(#hole)' }, g);
    const dots = el('g', { class: 'seeds' }, g);
    el('line', { class: 'takasia-mark', x1: x - 30, y1: y + 30, x2: x + 30, y2: y - 30 }, g);
    el('circle', { class: 'reserved-mark', cx: x, cy: y, r: PIT_R - 4 }, g);
    // marker of a pit that can start a move: a small triangle at the top
    el('path', { class: 'play-mark', d: `M ${x - 8} ${y - 47} L ${x + 8} ${y - 47} L ${x} ${y - 37} z` }, g);
    const badge = el('g', { class: 'badge' }, g);
    el('circle', { cx: x + 29, cy: y + 29, r: 16 }, badge);
    const text = el('text', { x: x + 29, y: y + 30, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, badge);
    el('text', { class: 'pit-name', x: x - 47, y: y - 36, 'aria-hidden': 'true' }, g).textContent = name;
    const title = el('title', {}, g);
    g.addEventListener('click', () => this.onPit(name));
    g.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.onPit(name);
      }
    });
    this.pits.set(name, { g, x, y, dots, text, title });
  }

  drawDots(group, n, cx, cy, radius, max = MAX_DOTS) {
    group.textContent = '';
    const k = Math.min(n, max);
    if (k === 0) return;
    const pts = k <= MAX_DOTS ? DOT_POS[k - 1] : null;
    const dotR = radius > 45 ? 7.5 : 8;
    for (let i = 0; i < k; i++) {
      let dx;
      let dy;
      if (pts) [dx, dy] = pts[i];
      else {
        const r = Math.sqrt((i + 0.5) / k);
        const a = i * 2.39996;
        dx = r * Math.cos(a);
        dy = r * Math.sin(a);
      }
      el('circle', { cx: cx + dx * radius, cy: cy + dy * radius, r: dotR, fill: 'url(#seed)', class: 'seed' }, group);
    }
  }

  setCount(pit, n) {
    const p = this.pits.get(pit);
    this.counts[pit] = n;
    if (!p) return;
    p.text.textContent = String(n);
    this.drawDots(p.dots, n, p.x, p.y, n > 6 ? 24 : 20);
    p.g.classList.toggle('empty', n === 0);
    this.label(pit);
  }

  label(pit) {
    const p = this.pits.get(pit);
    if (!p) return;
    const n = this.counts[pit] ?? 0;
    // "A3, 4 seeds", then what else the pit is, each a message of its own
    const parts = [t('board-pit', { pit, seeds: n })];
    const is = (c) => p.g.classList.contains(c);
    if (is('house')) parts.push(t('board-pit-nyumba'));
    if (is('takasia')) parts.push(t('board-pit-takasia'));
    if (is('reserved')) parts.push(t('board-pit-reserved'));
    if (is('last')) parts.push(t('board-pit-last'));
    if (is('captured-from')) parts.push(t('board-pit-captured'));
    if (is('deciding')) parts.push(t('board-pit-deciding'));
    if (is('playable')) parts.push(t('board-pit-playable'));
    if (is('selected')) parts.push(t('board-pit-selected'));
    p.g.setAttribute('aria-label', parts.join(', '));
    p.title.textContent = parts.join(', ');
  }

  setStore(side, n) {
    this.storeCounts[side] = n;
    const s = this.stores.get(side);
    if (!s) return;
    s.text.textContent = String(n);
    s.g.setAttribute('aria-label', t('board-store', { side, seeds: n }));
    // dots in a grid along the long axis
    s.dots.textContent = '';
    const k = Math.min(n, 24);
    const cols = 3;
    for (let i = 0; i < k; i++) {
      const a = Math.floor(i / cols);
      const b = i % cols;
      const along = -((Math.min(k, 24) / cols - 1) * 14) / 2 + a * 14;
      const across = (b - 1) * 17;
      const [dx, dy] = this.portrait ? [along, across] : [across, along];
      el('circle', { cx: s.x + dx, cy: s.y + dy, r: 7, fill: 'url(#seed)', class: 'seed' }, s.dots);
    }
  }

  /** Draws a whole position (docs/protocol.md §4.3). */
  render(position) {
    this.position = position;
    for (const [pit, n] of Object.entries(position.pits || {})) this.setCount(pit, n);
    if (this.hasStores && position.stores) {
      this.setStore('south', position.stores.south);
      this.setStore('north', position.stores.north);
    }
    const houses = new Set(Object.values(position.houses || {}).filter(Boolean));
    for (const [name, p] of this.pits) {
      p.g.classList.toggle('house', houses.has(name));
      p.g.classList.toggle('takasia', position.takasia === name);
      p.g.classList.toggle('reserved', position.reserved === name);
      this.label(name);
    }
  }

  setPlayable(set) {
    this.playable = set;
    for (const [name, p] of this.pits) {
      const on = set.has(name);
      p.g.classList.toggle('playable', on);
      if (on) p.g.setAttribute('data-playable', 'true');
      else p.g.removeAttribute('data-playable');
      p.g.setAttribute('aria-disabled', on ? 'false' : 'true');
      this.label(name);
    }
  }

  setSelected(pit) {
    for (const [name, p] of this.pits) {
      p.g.classList.toggle('selected', name === pit);
      this.label(name);
    }
  }

  /** The pits the last move captured from: marked until the next move. */
  setCaptured(pits) {
    this.captured = new Set(pits);
    for (const [name, p] of this.pits) {
      p.g.classList.toggle('captured-from', this.captured.has(name));
      this.label(name);
    }
  }

  /** The pit where the move being chosen waits for a decision (null: none). */
  setDeciding(pit) {
    this.deciding = pit;
    for (const [name, p] of this.pits) {
      p.g.classList.toggle('deciding', name === pit);
      this.label(name);
    }
  }

  /** Where pit `pit` is on the screen (its hole), or null. */
  pitRect(pit) {
    const p = this.pits.get(pit);
    return p ? p.g.querySelector('.hole').getBoundingClientRect() : null;
  }

  /** The last move: outline on its pit and an arrow towards where its first seed went. */
  setLastMove(last) {
    this.lastMove = last;
    if (!this.layerLast) return;
    this.layerLast.textContent = '';
    for (const [name, p] of this.pits) {
      p.g.classList.toggle('last', !!last && name === last.pit);
      this.label(name);
    }
    if (!last || !last.pit) return;
    const a = this.pits.get(last.pit);
    const b = last.towards && this.pits.get(last.towards);
    if (a && b && a !== b) this.arrow(this.layerLast, a, b, 'last-arrow');
    if (last.kichwa && last.kichwaTowards) {
      const k = this.pits.get(last.kichwa);
      const t = this.pits.get(last.kichwaTowards);
      if (k && t) this.arrow(this.layerLast, k, t, 'last-arrow');
    }
  }

  arrow(layer, a, b, cls) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const x1 = a.x + ux * 22;
    const y1 = a.y + uy * 22;
    const x2 = a.x + ux * Math.min(len - 24, 78);
    const y2 = a.y + uy * Math.min(len - 24, 78);
    return el('line', { class: cls, x1, y1, x2, y2, 'marker-end': 'url(#arrowhead)' }, layer);
  }

  /**
   * Clickable arrows of the dialogue: [{choice, from, to, label}], an arrow from pit `from`
   * towards pit `to`; or [{choice, at, stop: true, label}], a stop sign on pit `at`.
   */
  showChoiceArrows(list) {
    this.layerArrows.textContent = '';
    for (const c of list) {
      let g;
      if (c.stop) {
        const a = this.pits.get(c.at);
        if (!a) continue;
        g = el('g', { class: 'choice-arrow choice-stop', role: 'button', tabindex: '0', 'data-choice': c.choice, 'data-from': c.at, 'aria-label': c.label }, this.layerArrows);
        el('circle', { cx: a.x, cy: a.y, r: 21 }, g);
        el('rect', { x: a.x - 8, y: a.y - 8, width: 16, height: 16, rx: 2 }, g);
      } else {
        const a = this.pits.get(c.from);
        const b = this.pits.get(c.to);
        if (!a || !b) continue;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const len = Math.hypot(dx, dy) || 1;
        const ux = dx / len;
        const uy = dy / len;
        const mx = a.x + ux * 50;
        const my = a.y + uy * 50;
        g = el('g', { class: 'choice-arrow', role: 'button', tabindex: '0', 'data-choice': c.choice, 'data-from': c.from, 'data-to': c.to, 'aria-label': c.label }, this.layerArrows);
        el('circle', { cx: mx, cy: my, r: 21 }, g);
        const ang = (Math.atan2(uy, ux) * 180) / Math.PI;
        el('path', { d: 'M -10 -9 L 9 0 L -10 9 z', transform: `translate(${mx} ${my}) rotate(${ang})` }, g);
      }
      el('title', {}, g).textContent = c.label;
      const fire = () => this.onChoice(c.choice);
      g.addEventListener('click', (e) => {
        e.stopPropagation();
        fire();
      });
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          fire();
        }
      });
    }
  }

  clearChoiceArrows() {
    if (this.layerArrows) this.layerArrows.textContent = '';
  }

  /** Screen direction (→ ← ↑ ↓) from one pit to another. */
  glyph(from, to) {
    const a = this.pits.get(from);
    const b = this.pits.get(to);
    if (!a || !b) return '';
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? '→' : '←';
    return dy > 0 ? '↓' : '↑';
  }

  // ---- animation helpers ----

  pulse(pit, cls = 'pulse') {
    const p = this.pits.get(pit);
    if (!p) return;
    p.g.classList.remove(cls);
    // restart the CSS animation
    void p.g.getBoundingClientRect();
    p.g.classList.add(cls);
  }

  pulseStore(side) {
    const s = this.stores.get(side);
    if (!s) return;
    s.g.classList.remove('pulse');
    void s.g.getBoundingClientRect();
    s.g.classList.add('pulse');
  }

  tokenAt(target, n, ms) {
    const p = typeof target === 'string' ? this.pits.get(target) : target;
    if (!p) return;
    this.token.style.display = n > 0 ? '' : 'none';
    this.token.style.transition = `transform ${Math.max(0, ms * 0.8)}ms ease-out`;
    this.token.style.transform = `translate(${p.x + 24}px, ${p.y - 24}px)`;
    this.tokenText.textContent = String(n);
    // where the hand is: the pit's name, or the side of a store
    this.token.dataset.at = typeof target === 'string' ? target : '';
  }

  tokenCount(n) {
    this.tokenText.textContent = String(n);
    if (n <= 0) this.token.style.display = 'none';
  }

  hideToken() {
    this.token.style.display = 'none';
    delete this.token.dataset.at;
  }

  storePoint(side) {
    return this.stores.get(side);
  }

  // ---- keyboard: arrow keys move between pits by screen position ----
  keydown(e) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = dirs[e.key];
    const name = e.target?.dataset?.pit;
    if (!d || !name) return;
    const cur = this.pits.get(name);
    let best = null;
    let bestScore = Infinity;
    for (const [, p] of this.pits) {
      const dx = p.x - cur.x;
      const dy = p.y - cur.y;
      const along = dx * d[0] + dy * d[1];
      if (along <= 1) continue;
      const across = Math.abs(dx * d[1]) + Math.abs(dy * d[0]);
      const score = along + across * 3;
      if (score < bestScore) {
        bestScore = score;
        best = p;
      }
    }
    if (best) {
      e.preventDefault();
      best.g.focus();
    }
  }
}

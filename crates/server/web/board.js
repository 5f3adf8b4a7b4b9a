// The SVG board: pits as focusable buttons with printed counts and seed dots, the stores at the
// ends of the rows (Kalah's), nyumba / takasia / reserved marks, the last move, the choice arrows
// of the move dialogue and the token that carries seeds during the sowing animation.
//
// Geometry (docs/notation.md §2): printed with North at the top, seen from South, the rows are
// b (bW..b1), a (aW..a1), A (A1..AW), B (B1..BW); Kalah has a (a6..a1) over A (A1..A6) between
// North's store (left) and South's (right). `bottom` = "north" turns the picture by 180°;
// `portrait` turns it a quarter anticlockwise: the bottom side's rows end up on the right, its
// pit 1 at the bottom (live.js `layout()` says why).
//
// Sizes: without a box (the rules pages' examples) a cell is 100 units and the page's CSS scales
// the picture. With a box (the game page: `setView({box})`, CSS px) the board is drawn in CSS px,
// the largest that fits the box: a turned board's cells may be wider than tall (the rows fill the
// phone's width while the pits of a row share its height), pits grow to a comfortable touch size
// before they get spacing, and the pit names and counts keep a legible size in px.

import { t } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';
const MAX_DOTS = 12;
/** The largest cell of a fitted board, px: a pit of about 100 px across. */
const MAX_PITCH = 128;
/** How much wider than tall a turned board's cells may get: four rows fill a phone's width,
 *  Kalah's two keep the look of a board. */
const MAX_STRETCH = 2.5;
const MAX_STRETCH_TWO_ROWS = 1.6;
/** Pit circles, px, that a fitted board reaches before spacing them, where the pitch allows,
 *  and 2 px more: a finger's size (44), or what 12 and 16 pits in a phone's height allow (32). */
const TOUCH = 44;
const TOUCH_LONG_ROWS = 32;
/** Legible text on a fitted board, px. */
const NAME_PX = [11, 15];
const COUNT_PX = [12, 21];

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
    this.geo = this.geometry(null, false);
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
    const g = this.geo;
    const col = c + (this.hasStores ? 1 : 0); // the left store takes a column
    // along the rows (landscape x) and across them (landscape y), from the top-left corner
    const along = g.pad + (col + 0.5) * g.pa;
    const across = g.pad + (r + 0.5) * g.pc + (!this.twoRows && r >= R / 2 ? g.gap : 0);
    // a quarter turn anticlockwise: the bottom of the picture goes right, its left end down
    if (this.portrait) return { x: across, y: g.alongSize - along };
    return { x: along, y: across };
  }

  /** Columns of the landscape picture: the pits of a row and the stores. */
  columns() {
    return this.width + (this.hasStores ? 2 : 0);
  }

  /**
   * The board's geometry: pitch along a row (`pa`) and across the rows (`pc`), margin, the gap
   * between the two sides, pit radius, text sizes, and whether a pit's name and count stand
   * beside its circle (`wide` cells) or on its corners. `box` ({w, h}, CSS px) or null (100-unit
   * cells); `portrait`: turned a quarter.
   */
  geometry(box, portrait) {
    const R = this.rows;
    const n = this.columns();
    const gapF = this.twoRows ? 0 : 0.14;
    let pa = 100;
    let pc = 100;
    let d = 100;
    if (box) {
      const along = portrait ? box.h : box.w;
      const across = portrait ? box.w : box.h;
      const p = Math.max(8, Math.min(along / (n + 0.28), across / (R + 0.28 + gapF), MAX_PITCH));
      pa = p;
      pc = p;
      d = p;
      // a turned board: the rows share the width, as wide as it lets them
      const stretch = this.twoRows ? MAX_STRETCH_TWO_ROWS : MAX_STRETCH;
      if (portrait) pc = Math.max(p, Math.min((across - 0.28 * d - gapF * d) / R, p * stretch));
    }
    const pad = 0.14 * d;
    const gap = gapF * d;
    const u = d / 100; // the scale of the details drawn for a 100-unit cell
    let r = 0.39 * d;
    let nameSize = 13;
    let countSize = 19;
    if (box) {
      const touch = this.width > 8 ? TOUCH_LONG_ROWS : TOUCH;
      r = Math.max(r, Math.min(d / 2 - 1, touch / 2 + 1));
      const clamp = (v, [lo, hi]) => Math.min(hi, Math.max(lo, v));
      nameSize = clamp(13 * u, NAME_PX);
      countSize = clamp(19 * u, COUNT_PX);
    }
    const badgeR = countSize * 0.84;
    // a cell wider than its pit by two badges: the name left of the circle, the count right
    const cellW = portrait ? pc : pa;
    const wide = !!box && (cellW - 2 * r) / 2 >= 2 * badgeR + 4;
    const alongSize = 2 * pad + n * pa;
    const acrossSize = 2 * pad + R * pc + gap;
    const [w, h] = portrait ? [acrossSize, alongSize] : [alongSize, acrossSize];
    return { pa, pc, d, pad, gap, u, r, nameSize, countSize, badgeR, wide, alongSize, w, h, fitted: !!box };
  }

  /** The pit circles' diameter, px, that `box` would give (for live.js's choice of a view). */
  pitSize(box, portrait) {
    return 2 * this.geometry(box, portrait).r;
  }

  /**
   * `bottom`: the side drawn nearest the player; `portrait`: turned a quarter; `box`: {w, h} in
   * CSS px to fit (the game page), or absent (100-unit cells the page's CSS scales).
   */
  setView({ bottom, portrait, box = null }) {
    const geo = this.geometry(box, portrait);
    const same = (a, b) => Math.abs(a - b) < 0.5;
    const changed =
      bottom !== this.bottom || portrait !== this.portrait || !this.built || !same(geo.w, this.geo.w) || !same(geo.h, this.geo.h) || geo.fitted !== this.geo.fitted;
    this.bottom = bottom;
    this.portrait = portrait;
    this.geo = geo;
    if (changed) this.build();
  }

  build() {
    this.built = true;
    const svg = this.svg;
    const focused = document.activeElement?.dataset?.pit;
    svg.textContent = '';
    const g = this.geo;
    const { w, h } = g;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.classList.toggle('portrait', this.portrait);
    svg.classList.toggle('fitted', g.fitted);
    svg.style.setProperty('--aspect', `${w / h}`);
    // the details' scale and the text sizes, for style.css
    svg.style.setProperty('--u', `${g.u}`);
    svg.style.setProperty('--name-size', `${g.nameSize}px`);
    svg.style.setProperty('--count-size', `${g.countSize}px`);
    if (g.fitted) {
      svg.style.width = `${w}px`;
      svg.style.height = `${h}px`;
    } else {
      svg.style.removeProperty('width');
      svg.style.removeProperty('height');
    }
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
    const u = g.u;
    el('rect', { class: 'wood', x: 2, y: 2, width: w - 4, height: h - 4, rx: Math.max(8, 26 * u), fill: 'url(#wood)' }, svg);
    // grain, along the rows
    const grain = el('g', { class: 'grain' }, svg);
    for (let i = 1; i < 7; i++) {
      if (this.portrait) {
        const x = (w * i) / 7;
        el('path', { d: `M ${x} 10 C ${x - 9 * u} ${h * 0.3}, ${x + 11 * u} ${h * 0.6}, ${x - 3 * u} ${h - 10}` }, grain);
      } else {
        const y = (h * i) / 7;
        el('path', { d: `M 10 ${y} C ${w * 0.3} ${y - 9 * u}, ${w * 0.6} ${y + 11 * u}, ${w - 10} ${y - 3 * u}` }, grain);
      }
    }
    if (!this.twoRows) {
      // the line between the two sides
      const mid = g.pad + 2 * g.pc + g.gap / 2;
      const end = Math.max(8, 18 * u);
      if (this.portrait) el('line', { class: 'divider', x1: mid, y1: end, x2: mid, y2: h - end }, svg);
      else el('line', { class: 'divider', x1: end, y1: mid, x2: w - end, y2: mid }, svg);
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
    el('circle', { r: Math.max(13, 20 * u) }, this.token);
    this.tokenText = el('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, this.token);
    this.token.style.display = 'none';
    if (this.position) this.render(this.position);
    if (this.lastMove) this.setLastMove(this.lastMove);
    if (this.captured) this.setCaptured(this.captured);
    if (this.playable) this.setPlayable(this.playable);
    if (this.choiceArrows) this.showChoiceArrows(this.choiceArrows);
    if (focused && this.pits.has(focused)) this.pits.get(focused).g.focus();
  }

  buildStore(side) {
    // North's store is left of the printed picture, South's right (notation.md §8.1)
    const c = side === 'north' ? -1 : this.width;
    const a = this.centre(0, c);
    const b = this.centre(1, c);
    const x = (a.x + b.x) / 2;
    const y = (a.y + b.y) / 2;
    const geo = this.geo;
    const g = el('g', { class: `store store-${side}`, 'data-store': side, role: 'img' }, this.svg);
    // across both rows, as long as a pit is wide
    const long = 2 * geo.pc - 0.26 * geo.d;
    const short = 2 * geo.r;
    const [rw, rh] = this.portrait ? [long, short] : [short, long];
    el('rect', { class: 'hole', x: x - rw / 2, y: y - rh / 2, width: rw, height: rh, rx: short / 2, fill: 'url(#hole)' }, g);
    const dots = el('g', { class: 'seeds' }, g);
    const badge = el('g', { class: 'badge' }, g);
    // the count in a pill at the store's far end (bottom right)
    const bh = geo.badgeR * 1.75;
    const bw = bh * 1.6;
    const [ix, iy] = this.portrait ? [0.63, 0.5] : [0.5, 0.63];
    const bx = x + rw / 2 - ix * geo.badgeR;
    const by = y + rh / 2 - iy * geo.badgeR;
    el('rect', { x: bx - bw / 2, y: by - bh / 2, width: bw, height: bh, rx: bh / 2 }, badge);
    const t = el('text', { x: bx, y: by, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, badge);
    this.stores.set(side, { g, x, y, rw, rh, dots, text: t });
  }

  buildPit(layer, name, x, y) {
    const geo = this.geo;
    const { r, u, d, badgeR } = geo;
    const [cw, ch] = this.portrait ? [geo.pc, geo.pa] : [geo.pa, geo.pc];
    const g = el('g', { class: 'pit', role: 'button', tabindex: '0', 'data-pit': name }, layer);
    // the whole cell answers a tap, not only the circle
    el('rect', { class: 'hit', x: x - cw / 2, y: y - ch / 2, width: cw, height: ch }, g);
    const hm = Math.min(d / 2 - 2, r + 7 * u);
    el('rect', { class: 'house-mark', x: x - hm, y: y - hm, width: 2 * hm, height: 2 * hm, rx: 9 * u }, g);
    // the playable / selected / last ring: around the circle where there is room, else on its edge
    el('circle', { class: 'ring', cx: x, cy: y, r: Math.min(r + 5 * u, d / 2 - 2) }, g);
    el('circle', { class: 'hole', cx: x, cy: y, r, fill: 'url(#hole)' }, g);
    const dots = el('g', { class: 'seeds' }, g);
    const k = r * 0.77;
    el('line', { class: 'takasia-mark', x1: x - k, y1: y + k, x2: x + k, y2: y - k }, g);
    el('circle', { class: 'reserved-mark', cx: x, cy: y, r: r * 0.9 }, g);
    // marker of a pit that can start a move: a small triangle at the top
    const mw = Math.max(4, 8 * u);
    const top = y - Math.min(r + 8 * u, d / 2);
    el('path', { class: 'play-mark', d: `M ${x - mw} ${top} L ${x + mw} ${top} L ${x} ${top + 1.25 * mw} z` }, g);
    const badge = el('g', { class: 'badge' }, g);
    let bx = x + 0.74 * r;
    let by = y + 0.74 * r;
    // the name in the cell's top left corner, clear of the play mark on a cell wider than tall
    let nx = x - 0.47 * cw;
    let ny = y - 0.36 * ch;
    let anchor = 'start';
    if (geo.wide) {
      // the name left of the circle, the count right of it
      bx = x + r + 3 + badgeR;
      by = y;
      nx = x - r - 4;
      ny = y;
      anchor = 'end';
    }
    el('circle', { cx: bx, cy: by, r: badgeR }, badge);
    const text = el('text', { x: bx, y: by + 0.06 * badgeR, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, badge);
    const nameAttrs = { class: 'pit-name', x: nx, y: ny, 'text-anchor': anchor, 'aria-hidden': 'true' };
    if (geo.wide) nameAttrs['dominant-baseline'] = 'central';
    el('text', nameAttrs, g).textContent = name;
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
    const dotR = Math.max(2.2, this.geo.r * 0.205);
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
    const r = this.geo.r;
    this.drawDots(p.dots, n, p.x, p.y, r * (n > 6 ? 0.62 : 0.51));
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
    // the grid's step: 14 and 17 units on a 100-unit cell, as far as the store's length allows
    const long = Math.max(s.rw, s.rh);
    const short = s.rw + s.rh - long;
    const step = Math.min((14 * short) / 78, (long - 0.6 * short) / 8);
    for (let i = 0; i < k; i++) {
      const a = Math.floor(i / cols);
      const b = i % cols;
      const along = -((k / cols - 1) * step) / 2 + a * step;
      const across = (b - 1) * step * 1.2;
      const [dx, dy] = this.portrait ? [along, across] : [across, along];
      el('circle', { cx: s.x + dx, cy: s.y + dy, r: step / 2, fill: 'url(#seed)', class: 'seed' }, s.dots);
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
    const d = this.geo.d;
    const x1 = a.x + ux * 0.22 * d;
    const y1 = a.y + uy * 0.22 * d;
    const x2 = a.x + ux * Math.min(len - 0.24 * d, 0.78 * d);
    const y2 = a.y + uy * Math.min(len - 0.24 * d, 0.78 * d);
    return el('line', { class: cls, x1, y1, x2, y2, 'marker-end': 'url(#arrowhead)' }, layer);
  }

  /**
   * Clickable arrows of the dialogue: [{choice, from, to, label}], an arrow from pit `from`
   * towards pit `to`; or [{choice, at, stop: true, label}], a stop sign on pit `at`.
   */
  showChoiceArrows(list) {
    this.choiceArrows = list;
    this.layerArrows.textContent = '';
    for (const c of list) {
      let g;
      // at least 44 px across on a fitted board, a finger's size
      const cr = this.geo.fitted ? Math.max(22, 21 * this.geo.u) : 21;
      const k = cr / 21;
      if (c.stop) {
        const a = this.pits.get(c.at);
        if (!a) continue;
        g = el('g', { class: 'choice-arrow choice-stop', role: 'button', tabindex: '0', 'data-choice': c.choice, 'data-from': c.at, 'aria-label': c.label }, this.layerArrows);
        el('circle', { cx: a.x, cy: a.y, r: cr }, g);
        el('rect', { x: a.x - 8 * k, y: a.y - 8 * k, width: 16 * k, height: 16 * k, rx: 2 * k }, g);
      } else {
        const a = this.pits.get(c.from);
        const b = this.pits.get(c.to);
        if (!a || !b) continue;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const len = Math.hypot(dx, dy) || 1;
        const ux = dx / len;
        const uy = dy / len;
        // half way to the first pit sown
        const [cw, ch] = this.portrait ? [this.geo.pc, this.geo.pa] : [this.geo.pa, this.geo.pc];
        const half = Math.min(len, Math.abs(ux) * cw + Math.abs(uy) * ch) / 2;
        const mx = a.x + ux * half;
        const my = a.y + uy * half;
        g = el('g', { class: 'choice-arrow', role: 'button', tabindex: '0', 'data-choice': c.choice, 'data-from': c.from, 'data-to': c.to, 'aria-label': c.label }, this.layerArrows);
        el('circle', { cx: mx, cy: my, r: cr }, g);
        const ang = (Math.atan2(uy, ux) * 180) / Math.PI;
        el('path', { d: 'M -10 -9 L 9 0 L -10 9 z', transform: `translate(${mx} ${my}) rotate(${ang}) scale(${k})` }, g);
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
    this.choiceArrows = null;
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
    const o = 0.24 * this.geo.d;
    this.token.style.transform = `translate(${p.x + o}px, ${p.y - o}px)`;
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

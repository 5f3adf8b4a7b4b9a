// Move texts (docs/notation.md §4, §8) and the move dialogue.
//
// The client never generates moves: the server's `legal` list is complete (every decision of
// a turn is written in the move text), and the dialogue only narrows that list as the player
// clicks — first the pit, then one decision at a time. A step with a single option is taken
// automatically.

const MOVE_RE = /^(\+?)([ABab])(\d+)([<>+ca]*)(\*\*|\*)?(#)?$/;

/** Parses a move text into its pit, its decisions and its marks; null if unreadable. */
export function parseMove(text) {
  const m = MOVE_RE.exec(text);
  if (!m) return null;
  return {
    text,
    place: m[1] === '+', // Bao la Kimasai planting / Omweso set-up: `+` before the pit
    pit: m[2] + m[3],
    steps: m[4].split(''), // one character per decision: > < + c a
    takasa: m[5] || '', // `*` or `**`
    win: m[6] === '#',
  };
}

/** The distinct start pits of the legal moves, in list order. */
export function startPits(legal) {
  const out = new Set();
  for (const t of legal) {
    const p = parseMove(t);
    if (p) out.add(p.pit);
  }
  return out;
}

export const STOP = 'stop'; // the choice "no further character" (stop in the nyumba)

/**
 * One dialogue: the candidates still possible after the pit and the decisions made so far.
 * `next()` tells what to do: {done: moveText} or {options: [...]} (two or more).
 */
export class Dialogue {
  constructor(legal, pit) {
    this.pit = pit;
    this.candidates = legal.map(parseMove).filter((p) => p && p.pit === pit);
    this.chosen = [];
  }

  get empty() {
    return this.candidates.length === 0;
  }

  /** Takes every forced step; returns {done} or {options, index}. */
  next() {
    for (;;) {
      if (this.candidates.length === 0) return { done: null };
      if (this.candidates.length === 1) return { done: this.candidates[0].text };
      const k = this.chosen.length;
      const opts = [];
      for (const c of this.candidates) {
        const o = k < c.steps.length ? c.steps[k] : STOP;
        if (!opts.includes(o)) opts.push(o);
      }
      if (opts.length === 1 && opts[0] === STOP) {
        // Same decisions, different texts (should not happen): pick the first.
        return { done: this.candidates[0].text };
      }
      if (opts.length === 1) {
        this.choose(opts[0]);
        continue;
      }
      // a stable order for the buttons
      const order = ['<', '>', STOP, '+', 'c', 'a'];
      opts.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return { options: opts, index: k };
    }
  }

  choose(opt) {
    this.candidates = this.with(opt);
    this.chosen.push(opt);
  }

  /** The candidates that take option `opt` at the next decision. */
  with(opt) {
    const k = this.chosen.length;
    return this.candidates.filter((c) => (opt === STOP ? c.steps.length === k : c.steps[k] === opt));
  }
}

/**
 * The legal moves a typed text names (notation.md §4.4: marks optional, and checked when given):
 * the same pit, place sign and decisions, and the same marks unless none were typed.
 */
export function typedMatches(legal, typed) {
  const p = parseMove(typed.trim());
  if (!p) return [];
  return legal.filter((text) => {
    const m = parseMove(text);
    if (!m || m.pit !== p.pit || m.place !== p.place || m.steps.join('') !== p.steps.join('')) return false;
    if (p.takasa || p.win) return m.takasa === p.takasa && m.win === p.win;
    return true;
  });
}

/**
 * What the symbols of a move text are, for the move list's legend (notation.md §4, §8): each
 * key names one meaning (`direction`, `safari`, `place`, `takasa`, `takasia`, `win`, `lap`).
 */
export function symbolsOf(text) {
  const p = parseMove(text);
  const out = new Set();
  if (!p) return out;
  if (p.place) out.add('place');
  for (const c of p.steps) {
    if (c === '<' || c === '>') out.add('direction');
    else if (c === '+') out.add('safari');
    else if (c === 'c' || c === 'a') out.add('lap');
  }
  if (p.takasa === '*') out.add('takasa');
  if (p.takasa === '**') out.add('takasia');
  if (p.win) out.add('win');
  return out;
}

/** The side whose pit `pit` is, by its name (notation.md §2: capitals are South's). */
export function pitSide(pit) {
  return pit[0] === pit[0].toUpperCase() ? 'south' : 'north';
}

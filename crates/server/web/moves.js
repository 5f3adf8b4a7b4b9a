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
    const k = this.chosen.length;
    this.candidates = this.candidates.filter((c) =>
      opt === STOP ? c.steps.length === k : c.steps[k] === opt,
    );
    this.chosen.push(opt);
  }

  /**
   * Whether the remaining candidates are namua captures (direction = kichwa): the mover has
   * seeds in hand and none carries the takasa mark. Worked out here from notation.md §4.2/4.4,
   * since the legal list does not say which moves capture.
   */
  isNamuaCapture(hand) {
    return hand > 0 && this.candidates.length > 0 && this.candidates.every((c) => c.takasa === '');
  }
}

/**
 * Four-row ring neighbour of the first seed of a direction move (notation.md §4.2). Worked out
 * here: neither the legal list nor a `state` says where a move's first seed goes.
 */
export function firstSownPit(pit, dir, width) {
  const letter = pit[0];
  const n = Number(pit.slice(1));
  const front = letter === 'A' || letter === 'a';
  const frontL = letter.toUpperCase() === letter ? 'A' : 'a';
  const backL = frontL === 'A' ? 'B' : 'b';
  if (front) {
    if (dir === '>') return n < width ? `${frontL}${n + 1}` : `${backL}${width}`;
    return n > 1 ? `${frontL}${n - 1}` : `${backL}1`;
  }
  if (dir === '>') return n < width ? `${backL}${n + 1}` : `${frontL}${width}`;
  return n > 1 ? `${backL}${n - 1}` : `${frontL}1`;
}

/** The kichwa where a namua capture with this direction sign enters (notation.md §4.2; as above). */
export function kichwaFor(side, dir, width) {
  const l = side === 'south' ? 'A' : 'a';
  return dir === '>' ? `${l}1` : `${l}${width}`;
}

// What the candidate moves would do, asked of the server before any of them is sent
// (docs/protocol.md §2.2): `GET /api/trace` for each legal move the player's clicks have left,
// from the position on the board. Their traces say where the move goes before a decision, where
// the decision arises, and where each choice leads; the client works none of it out from the
// rules.

import { sameEvent } from './anim.js';

export class Traces {
  constructor() {
    this.diagram = null; // the position the cached traces start from
    this.cache = new Map(); // move text -> trace events
  }

  /**
   * The traces of `moves` played from `position` of `game`, as a Map from move text to its
   * events. Rejects when one cannot be had (offline, a server without the route).
   */
  async of(game, position, moves) {
    if (position.diagram !== this.diagram) {
      this.diagram = position.diagram;
      this.cache.clear();
    }
    const diagram = this.diagram;
    const missing = moves.filter((m) => !this.cache.has(m));
    await Promise.all(
      missing.map(async (move) => {
        const q = new URLSearchParams({ variant: game.variant, d: diagram, move });
        if (game.options?.length) q.set('rules', game.options.join(','));
        const r = await fetch(`/api/trace?${q}`);
        if (!r.ok) throw new Error(`trace of ${move}: ${r.status}`);
        const body = await r.json();
        if (this.diagram === diagram) this.cache.set(move, body.trace || []);
      }),
    );
    return new Map(moves.map((m) => [m, this.cache.get(m) || []]));
  }
}

/** How many leading events all of `traces` (lists of events) share. */
export function sharedLength(traces) {
  if (!traces.length) return 0;
  const [first, ...rest] = traces;
  let n = 0;
  while (n < first.length && rest.every((t) => n < t.length && sameEvent(t[n], first[n]))) n += 1;
  return n;
}

/** The first pit sown in `events` that is not `besides`, or null. */
export function firstSown(events, besides = null) {
  return events.find((e) => e.e === 'sow' && e.pit !== besides)?.pit ?? null;
}

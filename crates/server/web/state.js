// The game as the client holds it (docs/protocol.md §4) and what each server message changes in
// it, and the game's facts in words (i18n.js). No DOM here: live.js draws it, after every change.

import { t } from './i18n.js';
import { parseMove } from './moves.js';

/** A side's name: the message `side-name`, which each language inflects as it needs. */
export const sideName = (side) => t('side-name', { side });
export const other = (s) => (s === 'south' ? 'north' : 'south');

export class GameState {
  constructor() {
    this.game = null; // the `game` object of the last `state` message
    this.you = null; // "south", "north", "both" or null (spectator)
    this.epoch = null; // null until the first `state`
    this.ply = 0;
    this.moves = [];
    this.position = null;
    this.legal = [];
    this.outcome = null;
    this.offers = { takeback: null, rematch: null };
    this.seats = null;
    this.thinking = false;
    this.spectators = 0; // connections watching without a seat
    // the last move as the board and the page show it: {pit, text, side, towards, kichwa,
    // kichwaTowards, captures, trace, delta}
    this.lastMove = null;
    this.pending = null; // {ply, move} sent, not yet seen
  }

  /** A `state` message: everything anew. */
  load(msg) {
    const g = msg.game;
    this.game = g;
    this.you = msg.you ?? null;
    this.epoch = g.epoch ?? 0;
    this.ply = g.ply ?? (g.moves || []).length;
    this.moves = (g.moves || []).slice();
    this.position = g.position;
    this.legal = g.legal || [];
    this.outcome = g.outcome || null;
    this.offers = g.offers || { takeback: null, rematch: null };
    this.seats = g.seats || null;
    this.thinking = !!g.thinking;
    this.spectators = g.spectators ?? 0;
    this.pending = null;
    const last = g.last_move;
    this.lastMove = last ? lastFromTrace(last, traceChanges(last, this.position)) : null;
  }

  /** The point `hello` asks to continue from, or null before the first state. */
  since() {
    return this.epoch === null ? null : { epoch: this.epoch, ply: this.ply };
  }

  /** Where a `move` event stands: "next" to apply, "gap" (a full state is needed) or "skip". */
  placeOf(ev) {
    if (this.epoch === null) return 'skip'; // no state yet
    if (ev.epoch !== this.epoch || ev.ply > this.ply + 1) return 'gap';
    if (ev.ply <= this.ply) return 'skip'; // already applied (a replay after reconnect)
    return 'next';
  }

  /** A `move` event: the position after it, as the server sends it. */
  play(ev) {
    const after = ev.after || {};
    const before = this.position;
    this.ply = ev.ply;
    this.position = after.position || this.position;
    this.legal = after.legal || [];
    this.outcome = after.outcome || null;
    this.moves.push({ ply: ev.ply, side: ev.side, move: ev.move });
    this.lastMove = lastFromTrace(ev, positionChanges(before, this.position));
    // the computer thinks when it is its turn
    const turn = this.position.turn;
    this.thinking = !this.outcome && this.seats?.[turn]?.kind === 'computer';
  }

  /** Forgets the sent move of `ply`; returns whether there was one. */
  clearPending(ply) {
    if (!this.pending || this.pending.ply !== ply) return false;
    this.pending = null;
    return true;
  }

  /** An `ack`: the move event may come after it, so the move stays pending until it is applied. */
  ack(msg) {
    if (this.ply >= msg.ply) this.clearPending(msg.ply);
  }

  presence(msg) {
    if (msg.spectators !== undefined) this.spectators = msg.spectators;
    if (!this.seats) return;
    if (this.seats.south) this.seats.south.connected = msg.south;
    if (this.seats.north) this.seats.north.connected = msg.north;
    for (const s of ['south', 'north']) if (msg[s] && this.seats[s]) this.seats[s].joined = true;
  }

  setOffers(msg) {
    this.offers = { takeback: msg.takeback ?? null, rematch: msg.rematch ?? null };
  }

  /** An `end` message (a resignation). */
  end(msg) {
    this.outcome = msg.outcome;
    this.legal = [];
    this.thinking = false;
  }

  isPlayer() {
    return this.you === 'south' || this.you === 'north' || this.you === 'both';
  }

  /** Whether this page plays the side to move (not whether it can click now). */
  hasTheMove() {
    return this.you === 'both' || this.you === this.position.turn;
  }

  /** Whether the page's player has made a move of the game (something to take back). */
  hasOwnMoves() {
    return this.moves.some((m) => m.side === this.you || (this.you === 'both' && m));
  }

  /** Who plays `side`, as this page's viewer sees it: you, your opponent, the computer, a side. */
  sideLabel(side) {
    const seat = this.seats?.[side];
    const level = seat?.level ?? 0;
    if (this.you === side) return t('player-you');
    if (this.you === 'both' || !this.isPlayer()) {
      if (seat?.kind === 'computer') return t('player-computer-side', { level, side });
      return sideName(side);
    }
    if (seat?.kind === 'computer') return t('computer-level', { level });
    return t('player-opponent');
  }

  /** The outcome for a player: "You win!" and how the game ended; for others only the latter. */
  outcomeText() {
    const o = this.outcome;
    if (!o) return '';
    const said = outcomeSentence(o);
    if (this.you !== 'south' && this.you !== 'north') return said;
    let lead;
    if (o.winner === this.you) lead = t('outcome-you-win');
    else if (o.winner) lead = t('outcome-you-lose');
    else lead = t('outcome-you-draw');
    return `${lead} ${said}`;
  }

  /** The hands and stores beside the board, as counted during an animation. */
  shownCounts() {
    const p = this.position;
    return {
      hand: { south: p.hands?.south ?? 0, north: p.hands?.north ?? 0 },
      store: { south: p.stores?.south ?? 0, north: p.stores?.north ?? 0 },
    };
  }
}

/** How a game ended (docs/protocol.md §4.1 `outcome`), in words: the `outcome-*` messages. */
export function outcomeSentence(o) {
  const args = { result: o.result || '' };
  if (o.winner) {
    args.winner = o.winner;
    args.loser = other(o.winner);
  }
  switch (o.reason) {
    case 'front_row_empty':
      return t('outcome-front-row-empty', args);
    case 'no_legal_move':
      return t('outcome-no-legal-move', args);
    case 'repetition':
      return o.winner ? t('outcome-repetition-win', args) : t('outcome-repetition-draw', args);
    case 'resignation':
      return t('outcome-resignation', args);
    case 'seeds_counted':
      if (o.seeds) {
        Object.assign(args, { south: o.seeds.south, north: o.seeds.north });
        return o.winner ? t('outcome-seeds-counted-win', args) : t('outcome-seeds-counted-draw', args);
      }
      return t('outcome-other', args);
    default:
      return t('outcome-other', args);
  }
}

// The last move as the board marks it: its pit, an arrow towards where its first seed went (or,
// in a capture before any sowing, where the captured seeds came in), the pits it captured from,
// and how it changed the hands and stores. All of it is read from the move's trace (a `move`
// event's, or `game.last_move` of a `state`); nothing is worked out from the rules.

function lastFromTrace(ev, delta) {
  const t = ev.trace || [];
  const start = t.find((e) => e.e === 'place' || e.e === 'lift');
  const last = {
    pit: parseMove(ev.move)?.pit ?? start?.pit ?? null,
    text: ev.move,
    side: ev.side,
    captures: ev.captures || [],
    trace: t,
    delta,
  };
  const sows = t.filter((e) => e.e === 'sow');
  const firstSow = sows[0];
  const cap = t.find((e) => e.e === 'capture');
  if (cap && (!firstSow || t.indexOf(cap) < t.indexOf(firstSow))) {
    // a capture before any sowing (Bao's namua): the arrow shows where the captured seeds came in
    last.kichwa = cap.kichwa;
    last.kichwaTowards = nextAlong(cap.kichwa, sows);
  } else if (firstSow && firstSow.pit !== last.pit) {
    last.towards = firstSow.pit;
  } else if (sows[1]) {
    last.towards = sows[1].pit;
  }
  return last;
}

/** The first pit other than `kichwa` sown after it (the way the captured seeds went), or null. */
function nextAlong(kichwa, sows) {
  const i = sows.findIndex((e) => e.pit === kichwa);
  return i >= 0 ? (sows.slice(i).find((e) => e.pit !== kichwa)?.pit ?? null) : null;
}

const zero = () => ({ south: 0, north: 0 });

/** How the hands and stores changed from one position to the next. */
function positionChanges(before, after) {
  const d = { hand: zero(), store: zero() };
  if (!before || !after) return d;
  for (const side of ['south', 'north']) {
    d.hand[side] = (after.hands?.[side] ?? 0) - (before.hands?.[side] ?? 0);
    d.store[side] = (after.stores?.[side] ?? 0) - (before.stores?.[side] ?? 0);
  }
  return d;
}

/**
 * How a move changed the hands and stores, from its trace alone (a `state` has no position
 * before the last move): a placed seed leaves the hand (or the reserve, where there are no
 * hands), a removal and a seed sown into a store go to the store. As the animation counts.
 */
function traceChanges(ev, position) {
  const d = { hand: zero(), store: zero() };
  for (const e of ev.trace || []) {
    if (e.e === 'place') (position?.hands ? d.hand : d.store)[ev.side] -= 1;
    else if (e.e === 'remove') d.store[ev.side] += e.seeds;
    else if (e.e === 'store') d.store[e.side] += 1;
  }
  return d;
}

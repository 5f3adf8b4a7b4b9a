// The sowing animation, seed by seed, from a move event's trace (docs/protocol.md §4.2). The
// board ends by drawing `after.position`, so the animation can never drift from the server.

import { click } from './sound.js';

export const SPEEDS = { off: 0, fast: 90, normal: 210, slow: 430 };

/**
 * The animation speed to start with: `?anim=` in the URL (then the menu is locked), else the
 * player's saved choice, else off under `prefers-reduced-motion` and normal otherwise.
 * Returns {value, forced}; `value` is changed in place when the player picks another speed.
 */
export function animSetting() {
  const q = new URLSearchParams(location.search).get('anim');
  if (q && q in SPEEDS) return { value: q, forced: true };
  let v = null;
  try {
    v = localStorage.getItem('mancala.anim');
  } catch {
    v = null;
  }
  if (v && v in SPEEDS) return { value: v, forced: false };
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return { value: reduce ? 'off' : 'normal', forced: false };
}

/** Keeps the player's choice of speed for the next game page. */
export function saveAnimSpeed(value) {
  try {
    localStorage.setItem('mancala.anim', value);
  } catch {
    /* ignore */
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether two trace events (docs/protocol.md §4.2) are the same event. */
export function sameEvent(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Plays a move's trace events on `board`, in one go or in parts: `run(events, ms, upto)` plays
 * `events` from where the last call stopped up to index `upto`, so that a move can be shown up to
 * a decision before it is sent (the shared events of its candidates), then on from there once its
 * move event comes. `hooks.adjust(kind, side, delta)` updates the hands and stores shown beside
 * the board; `hooks.cancelled()` ends the animation early (it then throws). With `ms` 0 the
 * events are applied at once, without pauses or sounds.
 */
export class TraceAnimator {
  constructor(board, mover, hooks) {
    Object.assign(this, { board, mover, hooks });
    this.index = 0; // the events played so far
    this.hand = 0; // seeds travelling
    this.at = null; // the pit the hand is over (where the next decision arises)
  }

  async run(events, ms, upto = events.length) {
    const { board, hooks, mover } = this;
    const count = (p) => board.counts[p] ?? 0;
    const live = ms > 0;
    const step = async (f = 1) => {
      if (hooks.cancelled()) throw new Error('cancelled');
      if (live) await sleep(ms * f);
    };
    const pulse = (pit, cls) => {
      if (live) board.pulse(pit, cls);
    };
    const sound = (kind) => {
      if (live) click(kind);
    };
    const token = (target, n) => board.tokenAt(target, n, live ? ms : 0);
    const end = Math.min(upto, events.length);
    while (this.index < end) {
      if (hooks.cancelled()) throw new Error('cancelled');
      const e = events[this.index];
      this.index += 1;
      switch (e.e) {
        case 'place':
          hooks.adjust('place', mover, -1);
          board.setCount(e.pit, count(e.pit) + 1);
          this.at = e.pit;
          pulse(e.pit);
          sound();
          await step();
          break;
        case 'lift':
        case 'tax':
          board.setCount(e.pit, Math.max(0, count(e.pit) - e.seeds));
          pulse(e.pit, 'lifted');
          this.hand = e.seeds;
          this.at = e.pit;
          board.tokenAt(this.at, this.hand, 0);
          await step();
          break;
        case 'sow':
          this.at = e.pit;
          this.hand = Math.max(0, this.hand - 1);
          token(this.at, this.hand);
          board.setCount(e.pit, count(e.pit) + 1);
          pulse(e.pit);
          sound();
          await step();
          break;
        case 'capture':
        case 'take':
          board.setCount(e.from, 0);
          pulse(e.from, 'captured');
          sound('capture');
          this.hand += e.seeds;
          token(e.from, this.hand);
          await step(1.6);
          if (e.kichwa) {
            token(e.kichwa, this.hand);
            await step();
          }
          break;
        case 'remove':
          board.setCount(e.from, 0);
          pulse(e.from, 'captured');
          sound('capture');
          hooks.adjust('store', mover, e.seeds);
          await step(1.6);
          break;
        case 'store': {
          const s = board.storePoint(e.side);
          this.hand = Math.max(0, this.hand - 1);
          if (s) token(s, this.hand);
          hooks.adjust('store', e.side, 1);
          if (live) board.pulseStore(e.side);
          sound('store');
          await step();
          break;
        }
        case 'house_destroyed': {
          const pit = hooks.housePit(e.side);
          if (pit) {
            const p = board.pits.get(pit);
            if (p) p.g.classList.remove('house');
            pulse(pit, 'captured');
          }
          await step(0.5);
          break;
        }
        case 'safari':
        case 'extra_turn':
        case 'takasia':
          if (e.pit) pulse(e.pit, 'captured');
          await step(0.5);
          break;
        case 'stop':
        case 'game_over':
        default:
          break;
      }
    }
  }

  /** The end of a whole move: the hand is put away. */
  async finish(ms) {
    this.board.hideToken();
    if (ms > 0) await sleep(Math.min(ms, 150));
  }
}

/**
 * Plays the whole of `ev.trace` on `board` (the rules pages' examples); `hooks` as for
 * `TraceAnimator`. A cancelled animation ends quietly.
 */
export async function animateTrace(board, ev, ms, hooks) {
  const a = new TraceAnimator(board, ev.side, hooks);
  try {
    await a.run(ev.trace || [], ms);
  } catch {
    /* cancelled */
  }
  await a.finish(ms);
}

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

/**
 * Plays `ev.trace` on `board`. `hooks.adjust(kind, side, delta)` updates the hands and stores
 * shown beside the board; `hooks.cancelled()` ends the animation early (a backlog).
 */
export async function animateTrace(board, ev, ms, hooks) {
  const mover = ev.side;
  const count = (p) => board.counts[p] ?? 0;
  let hand = 0;
  let at = null;
  const step = async (f = 1) => {
    if (hooks.cancelled()) throw new Error('cancelled');
    await sleep(ms * f);
  };
  for (const e of ev.trace || []) {
    if (hooks.cancelled()) return;
    switch (e.e) {
      case 'place':
        hooks.adjust('place', mover, -1);
        board.setCount(e.pit, count(e.pit) + 1);
        board.pulse(e.pit);
        click();
        await step();
        break;
      case 'lift':
      case 'tax':
        board.setCount(e.pit, Math.max(0, count(e.pit) - e.seeds));
        board.pulse(e.pit, 'lifted');
        hand = e.seeds;
        at = e.pit;
        board.tokenAt(at, hand, 0);
        await step();
        break;
      case 'sow':
        at = e.pit;
        hand = Math.max(0, hand - 1);
        board.tokenAt(at, hand, ms);
        board.setCount(e.pit, count(e.pit) + 1);
        board.pulse(e.pit);
        click();
        await step();
        break;
      case 'capture':
      case 'take':
        board.setCount(e.from, 0);
        board.pulse(e.from, 'captured');
        click('capture');
        hand += e.seeds;
        board.tokenAt(e.from, hand, ms);
        await step(1.6);
        if (e.kichwa) {
          board.tokenAt(e.kichwa, hand, ms);
          await step();
        }
        break;
      case 'remove':
        board.setCount(e.from, 0);
        board.pulse(e.from, 'captured');
        click('capture');
        hooks.adjust('store', mover, e.seeds);
        await step(1.6);
        break;
      case 'store': {
        const s = board.storePoint(e.side);
        hand = Math.max(0, hand - 1);
        if (s) board.tokenAt(s, hand, ms);
        hooks.adjust('store', e.side, 1);
        board.pulseStore(e.side);
        click('store');
        await step();
        break;
      }
      case 'house_destroyed': {
        const pit = hooks.housePit(e.side);
        if (pit) {
          const p = board.pits.get(pit);
          if (p) p.g.classList.remove('house');
          board.pulse(pit, 'captured');
        }
        await step(0.5);
        break;
      }
      case 'safari':
      case 'extra_turn':
      case 'takasia':
        if (e.pit) board.pulse(e.pit, 'captured');
        await step(0.5);
        break;
      case 'stop':
      case 'game_over':
      default:
        break;
    }
  }
  board.hideToken();
  await sleep(Math.min(ms, 150));
}

// The live game page's skeleton: the elements the other modules fill in, built once in
// <main id="game">, whose server-rendered fallback (#static-board) is hidden. The ids and
// classes are the stable hooks listed in game.js.

import { saveAnimSpeed } from './anim.js';
import { soundOn, setSound } from './sound.js';

/** A DOM element: attributes (`class`, `text`, `on<event>` handlers, others as is) and children. */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

/**
 * Builds the page in `main` and returns its elements by name.
 * @param {HTMLElement} main
 * @param {{id: string, anim: {value: string, forced: boolean},
 *          resign: () => void, takeback: () => void, rematch: () => void, flip: () => void}} o
 *   the game id (for the record link), the animation setting (changed in place by the menu) and
 *   what the buttons do
 */
export function buildPage(main, o) {
  const fallback = main.querySelector('#static-board');
  if (fallback) fallback.hidden = true;
  main.classList.add('live');
  const E = {};
  E.title = h('h1', { class: 'game-title', text: 'Mancala' });
  E.turn = h('p', { id: 'turn', class: 'turn', text: 'Connecting…' });
  E.outcome = h('p', { id: 'outcome', class: 'outcome', hidden: true });
  E.top = h('div', { class: 'player top' });
  E.bottom = h('div', { class: 'player bottom' });
  E.boardWrap = h('div', { class: 'board-wrap' });
  E.choices = h('div', { class: 'choice-panel', hidden: true, role: 'group', 'aria-label': 'Choose' });
  E.lastMove = h('p', { id: 'last-move', class: 'last-move' });
  E.thinking = h('p', { class: 'thinking', hidden: true, text: 'Computer is thinking…' });
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': 'Board' },
    h('div', { class: 'game-head' }, E.title, E.turn),
    E.outcome,
    E.top,
    E.boardWrap,
    E.bottom,
    E.choices,
    h('div', { class: 'under-board' }, E.lastMove, E.thinking),
  );

  E.connection = h('span', { id: 'connection', class: 'conn', 'data-state': 'offline', text: 'offline' });
  E.reconnecting = h('span', { class: 'reconnecting', text: ', reconnecting…', hidden: true });
  E.ply = h('span', { id: 'ply', text: '0' });
  E.status = h('p', { id: 'status', class: 'status', role: 'status' });
  E.offers = h('div', { class: 'offers', 'aria-live': 'polite' });

  E.resign = h('button', { id: 'resign', type: 'button', text: 'Resign', onclick: o.resign });
  E.takeback = h('button', { id: 'takeback', type: 'button', text: 'Takeback', onclick: o.takeback });
  E.rematch = h('button', { id: 'rematch', type: 'button', text: 'Rematch', onclick: o.rematch });
  E.flip = h('button', { id: 'flip', type: 'button', text: 'Flip board', 'aria-pressed': 'false', onclick: o.flip });
  E.resignBox = h('div', { class: 'confirm', hidden: true });

  const anim = o.anim;
  const speed = h('select', { id: 'anim-speed', disabled: anim.forced ? true : null });
  for (const v of ['off', 'fast', 'normal', 'slow']) {
    speed.append(h('option', { value: v, text: v[0].toUpperCase() + v.slice(1), selected: v === anim.value ? true : null }));
  }
  speed.addEventListener('change', () => {
    anim.value = speed.value;
    saveAnimSpeed(speed.value);
  });
  const sound = h('input', { id: 'sound', type: 'checkbox', checked: soundOn() ? true : null });
  sound.addEventListener('change', () => setSound(sound.checked));

  E.moveList = h('div', { id: 'move-list', class: 'move-list' });
  E.record = h('a', { class: 'record-link', href: `/api/games/${o.id}/record`, download: `mancala-${o.id}.txt`, text: 'Download record' });
  E.invite = h('section', { id: 'invite', class: 'invite', hidden: true });
  E.share = h('details', { class: 'share' });
  E.rematchLink = h('p', { class: 'rematch-link', hidden: true });

  const side = h(
    'aside',
    { class: 'game-side' },
    h(
      'div',
      { class: 'side-block' },
      h('div', { class: 'status-row' }, h('span', { class: 'conn-wrap' }, E.connection, E.reconnecting), h('span', { class: 'ply-wrap' }, 'Ply ', E.ply)),
      E.status,
      E.invite,
      E.offers,
      E.rematchLink,
      h('div', { class: 'controls' }, E.resign, E.takeback, E.rematch, E.flip),
      E.resignBox,
      h('div', { class: 'settings' }, h('label', {}, 'Animation ', speed), h('label', { class: 'check' }, sound, ' Sound')),
    ),
    h('section', { class: 'side-block moves' }, h('h2', { text: 'Moves' }), E.moveList, E.record),
    h('div', { class: 'side-block' }, E.share),
  );
  E.announcer = h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite' });
  main.append(h('div', { class: 'game-layout' }, boardArea, side), E.announcer);
  return E;
}

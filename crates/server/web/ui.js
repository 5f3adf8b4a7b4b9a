// The live game page's skeleton: the elements the other modules fill in, built once in
// <main id="game">, whose server-rendered fallback (#static-board) is hidden. The ids and
// classes are the stable hooks listed in game.js. Every text comes from the messages (i18n.js).

import { saveAnimSpeed } from './anim.js';
import { t, tParts } from './i18n.js';
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
 * The message `id` as DOM nodes: a variable whose value is an element (or other node) stands in
 * the sentence where the language puts it ("Ply <span id=ply>3</span>").
 */
export function tNode(id, args = {}) {
  const f = document.createDocumentFragment();
  for (const p of tParts(id, args)) f.append(p instanceof Node ? p : String(p));
  return f;
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
  // the server-rendered title (the game's name) until the first state
  E.title = h('h1', { class: 'game-title', text: fallback?.querySelector('h1')?.textContent || '' });
  E.turn = h('p', { id: 'turn', class: 'turn', text: t('turn-connecting') });
  E.outcome = h('p', { id: 'outcome', class: 'outcome', hidden: true });
  E.top = h('div', { class: 'player top' });
  E.bottom = h('div', { class: 'player bottom' });
  E.boardWrap = h('div', { class: 'board-wrap' });
  E.choices = h('div', { class: 'choice-panel', hidden: true, role: 'group', 'aria-label': t('dialogue-label') });
  E.lastMove = h('p', { id: 'last-move', class: 'last-move' });
  E.thinking = h('p', { class: 'thinking', hidden: true, text: t('turn-thinking') });
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': t('board-label') },
    h('div', { class: 'game-head' }, E.title, E.turn),
    E.outcome,
    E.top,
    E.boardWrap,
    E.bottom,
    E.choices,
    h('div', { class: 'under-board' }, E.lastMove, E.thinking),
  );

  E.connection = h('span', { id: 'connection', class: 'conn', 'data-state': 'offline', text: t('connection-offline') });
  E.reconnecting = h('span', { class: 'reconnecting', text: t('connection-reconnecting'), hidden: true });
  E.ply = h('span', { id: 'ply', text: '0' });
  E.status = h('p', { id: 'status', class: 'status', role: 'status' });
  E.offers = h('div', { class: 'offers', 'aria-live': 'polite' });

  E.resign = h('button', { id: 'resign', type: 'button', text: t('control-resign'), onclick: o.resign });
  E.takeback = h('button', { id: 'takeback', type: 'button', text: t('control-takeback'), onclick: o.takeback });
  E.rematch = h('button', { id: 'rematch', type: 'button', text: t('control-rematch'), onclick: o.rematch });
  E.flip = h('button', { id: 'flip', type: 'button', text: t('control-flip'), 'aria-pressed': 'false', onclick: o.flip });
  E.resignBox = h('div', { class: 'confirm', hidden: true });

  const anim = o.anim;
  const speed = h('select', { id: 'anim-speed', disabled: anim.forced ? true : null });
  const speeds = {
    off: t('settings-speed-off'),
    fast: t('settings-speed-fast'),
    normal: t('settings-speed-normal'),
    slow: t('settings-speed-slow'),
  };
  for (const [v, text] of Object.entries(speeds)) {
    speed.append(h('option', { value: v, text, selected: v === anim.value ? true : null }));
  }
  speed.addEventListener('change', () => {
    anim.value = speed.value;
    saveAnimSpeed(speed.value);
  });
  const sound = h('input', { id: 'sound', type: 'checkbox', checked: soundOn() ? true : null });
  sound.addEventListener('change', () => setSound(sound.checked));

  E.moveList = h('div', { id: 'move-list', class: 'move-list' });
  E.record = h('a', { class: 'record-link', href: `/api/games/${o.id}/record`, download: `mancala-${o.id}.txt`, text: t('link-record') });
  E.invite = h('section', { id: 'invite', class: 'invite', hidden: true });
  E.share = h('details', { class: 'share' });
  E.rematchLink = h('p', { class: 'rematch-link', hidden: true });

  const side = h(
    'aside',
    { class: 'game-side' },
    h(
      'div',
      { class: 'side-block' },
      h('div', { class: 'status-row' }, h('span', { class: 'conn-wrap' }, E.connection, E.reconnecting), h('span', { class: 'ply-wrap' }, tNode('status-ply', { ply: E.ply }))),
      E.status,
      E.invite,
      E.offers,
      E.rematchLink,
      h('div', { class: 'controls' }, E.resign, E.takeback, E.rematch, E.flip),
      E.resignBox,
      h('div', { class: 'settings' }, h('label', {}, tNode('settings-animation', { menu: speed })), h('label', { class: 'check' }, tNode('settings-sound', { box: sound }))),
    ),
    h('section', { class: 'side-block moves' }, h('h2', { text: t('panel-moves') }), E.moveList, E.record),
    h('div', { class: 'side-block' }, E.share),
  );
  E.announcer = h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite' });
  main.append(h('div', { class: 'game-layout' }, boardArea, side), E.announcer);
  return E;
}

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
 * @param {{id: string, anim: {value: string, forced: boolean}, notice: string,
 *          typed: (text: string) => boolean, typedArrow: (text: string, key: string) => boolean,
 *          resign: () => void, takeback: () => void, rematch: () => void, flip: () => void}} o
 *   the game id (for the record link), the animation setting (changed in place by the menu), the
 *   server's notice for this visit (already in the page's language, or ''), what a typed move
 *   does (Enter, or a pit and an arrow key) and what the buttons do
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
  E.lastEffect = h('p', { id: 'last-effect', class: 'last-effect', hidden: true });
  E.thinking = h('p', { class: 'thinking', hidden: true, text: t('turn-thinking') });
  E.watching = h('p', { id: 'watching', class: 'watching', hidden: true });
  E.pitNote = h('div', { id: 'pit-note', class: 'pit-note', role: 'status', hidden: true });
  E.notice = null;
  if (o.notice) {
    // the server's notice for this visit (an invitation already used), until dismissed
    E.notice = h(
      'div',
      { id: 'notice', class: 'notice-banner', role: 'status' },
      h('p', { text: o.notice }),
      h('button', { type: 'button', id: 'notice-dismiss', class: 'dismiss', text: t('notice-dismiss'), onclick: () => E.notice.remove() }),
    );
  }
  E.moveEntry = moveEntry(E, o);
  E.gameHead = h('div', { class: 'game-head' }, E.title, E.turn, E.watching);
  E.underBoard = h('div', { class: 'under-board' }, E.lastMove, E.lastEffect, E.thinking);
  const boardArea = h(
    'section',
    { class: 'board-area', 'aria-label': t('board-label') },
    E.notice,
    E.gameHead,
    E.outcome,
    E.top,
    E.boardWrap,
    E.bottom,
    E.choices,
    E.underBoard,
    E.moveEntry,
    E.pitNote,
  );
  E.boardArea = boardArea;
  E.offline = h('div', { id: 'offline-banner', class: 'offline-banner', role: 'alert', hidden: true, text: t('offline-banner') });

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
  // a browser notification when the turn comes while the page is in the background
  E.notify = h('input', { id: 'notify', type: 'checkbox' });
  const notifyLabel = 'Notification' in window ? h('label', { class: 'check' }, tNode('settings-notify', { box: E.notify })) : null;

  E.moveList = h('div', { id: 'move-list', class: 'move-list' });
  E.legend = h('dl', { id: 'move-legend', class: 'move-legend', hidden: true, 'aria-label': t('legend-heading') });
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
      h('div', { class: 'settings' }, h('label', {}, tNode('settings-animation', { menu: speed })), h('label', { class: 'check' }, tNode('settings-sound', { box: sound })), notifyLabel),
    ),
    h('section', { class: 'side-block moves' }, h('h2', { text: t('panel-moves') }), E.moveList, E.legend, E.record),
    h('div', { class: 'side-block' }, E.share),
  );
  E.announcer = h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite' });
  main.append(E.offline, h('div', { class: 'game-layout' }, boardArea, side), E.announcer);
  return E;
}

/** The characters of move text (notation.md §4, §8): typing one starts a typed move. */
const MOVE_CHARS = /^[ABab0-9<>+ca*#]$/;

/**
 * The move box: a move typed in notation (`A6<`, marks optional), played with Enter; a pit typed
 * and an arrow key choose the way the arrow points. Typing a move character anywhere on the page
 * (outside a field) starts it.
 */
function moveEntry(E, o) {
  E.moveInput = h('input', {
    id: 'move-input',
    type: 'text',
    autocomplete: 'off',
    autocapitalize: 'off',
    spellcheck: 'false',
    enterkeyhint: 'go',
    'aria-describedby': 'move-entry-note',
  });
  E.moveNote = h('p', { id: 'move-entry-note', class: 'move-entry-note', 'aria-live': 'polite' });
  const input = E.moveInput;
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (o.typed(input.value)) input.value = '';
    } else if (e.key === 'Escape') {
      input.value = '';
      E.moveNote.textContent = '';
    } else if (e.key.startsWith('Arrow') && input.value.trim() && !e.altKey && !e.ctrlKey && !e.metaKey) {
      if (o.typedArrow(input.value, e.key)) {
        e.preventDefault();
        input.value = '';
      }
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !MOVE_CHARS.test(e.key)) return;
    // while choices are asked, their characters pick them (dialogue.js)
    if (!E.choices.hidden) return;
    const tag = e.target?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.target?.isContentEditable) return;
    e.preventDefault();
    input.focus();
    input.value += e.key;
  });
  return h(
    'div',
    { class: 'move-entry' },
    h('label', { for: 'move-input', text: t('entry-label') }),
    input,
    h('span', { class: 'move-entry-hint', text: t('entry-hint') }),
    E.moveNote,
  );
}

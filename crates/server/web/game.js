// Mancala board client: the live game page (docs/protocol.md is the contract). This entry module
// only wires the parts together:
//   connection.js  the WebSocket: hello (with the seat and `since`), back-off, ping, resync, and
//                  the dispatch of the server's messages by type
//   state.js       the game the client holds, and what each message changes in it
//   live.js        applies the messages in order, draws the board (board.js) and animates the
//                  traces (anim.js); panels.js and controls.js render the rest of the page
//   dialogue.js    the move dialogue: narrows the legal move strings as the player clicks (moves.js)
//   ui.js          the page's elements, built once
//
// The page holds <main id="game" data-id="GAMEID" data-lang="en" data-seat="SECRET-or-empty">
// with a server-rendered fallback <section id="static-board"> that the client hides.
//
// Stable hooks for end-to-end tests:
//   main#game[data-ply]        the ply of the last applied event (also #ply, as text)
//   main#game[data-epoch]      the epoch of the last applied event
//   main#game[data-busy]       "true" while an animation runs or a move is being sent
//   [data-pit="A3"]            every pit (SVG <g role="button" tabindex="0">), aria-label "A3, 4 seeds"
//   .playable, [data-playable="true"]  a pit that can start a legal move now
//   [data-choice]              the decision buttons of the move dialogue: "<" ">" "+" "stop" "c" "a",
//                              and "cancel"; the same choices also appear as arrows on the board
//                              (button: .choice-panel [data-choice]; arrow: .choice-arrow[data-choice])
//   #turn                      whose turn it is, or the result
//   #outcome                   empty and hidden while the game runs; the outcome text once it ended
//   #connection                "online" or "offline" (data-state likewise)
//   #status                    role=status line: errors and notes from the server
//   #last-move                 "Last move: A4<"
//   #move-list                 the moves in notation; .current marks the last one
//   #invite-url                read-only input with the invitation link (creator only, unused)
//   #private-url, #watch-url   the player's own link and the spectator link
//   #resign (then #resign-confirm / #resign-cancel), #takeback, #rematch, #flip
//   #takeback-accept, #takeback-decline, #rematch-accept, #rematch-decline (opponent's offer)
//   #anim-speed (select off|fast|normal|slow), #sound (checkbox)
//   #announcer                 aria-live="polite": each move and the end
// Every text comes from the page language's messages (i18n.js), loaded before the page is built.
// URL query ?anim=off forces animations off. A page may set window.MancalaSocket (a WebSocket
// stand-in, as the dev harness does) and window.MANCALA_NO_AUTOSTART before loading this module.

import { animSetting } from './anim.js';
import { Connection } from './connection.js';
import { MoveDialogue } from './dialogue.js';
import { loadMessages, t } from './i18n.js';
import { LiveGame } from './live.js';
import { GameState } from './state.js';
import { buildPage } from './ui.js';

/** Loads the messages, then builds the live page in `main`; resolves to the client (or null). */
export async function start(main = document.querySelector('main#game')) {
  if (!main) return null;
  const id = main.dataset.id;
  const lang = main.dataset.lang || document.documentElement.lang || 'en';
  await loadMessages(lang);
  const seat = main.dataset.seat || '';
  const anim = animSetting();
  const state = new GameState();
  // The parts reach each other only through these callbacks, none of which runs before the
  // connection starts (so `live` and `conn` are defined by then).
  const el = buildPage(main, {
    id,
    anim,
    resign: () => live.controls.askResign(),
    takeback: () => conn.send({ type: 'takeback' }),
    rematch: () => conn.send({ type: 'rematch' }),
    flip: () => live.flip(),
  });
  const dialogue = new MoveDialogue({
    main,
    el,
    state,
    board: () => live.board,
    canMove: () => live.canMove(),
    waitsForTurn: () => live.waitsForTurn(),
    flash: (text) => live.panels.flash(text),
    play: (move) => live.sendMove(move),
  });
  const live = new LiveGame({
    main,
    el,
    state,
    dialogue,
    anim,
    links: { id, lang, seat },
    send: (msg) => conn.send(msg),
    resync: () => conn.resync(),
  });
  const queued = (msg) => live.enqueue(msg);
  const conn = new Connection({
    id,
    seat,
    Socket: window.MancalaSocket || WebSocket,
    since: () => state.since(),
    handlers: {
      state: queued,
      move: queued,
      end: queued,
      ack: (msg) => live.ack(msg),
      error: (msg) => live.refused(msg),
      presence: (msg) => live.presence(msg),
      offers: (msg) => live.offers(msg),
      rematch: (msg) => live.rematch(msg),
    },
    onOnline: (on) => live.setOnline(on),
    onUnsent: () => live.panels.flash(t('status-unsent'), true),
  });
  conn.start();
  const client = { state, live, dialogue, connection: conn };
  main.mancala = client;
  return client;
}

if (!window.MANCALA_NO_AUTOSTART) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => start());
  else start();
}

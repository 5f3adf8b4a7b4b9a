// Mancala board client: the live game page (docs/protocol.md is the contract). This entry module
// only wires the parts together:
//   connection.js  the WebSocket: hello (with the seat and `since`), back-off, ping, resync, and
//                  the dispatch of the server's messages by type
//   state.js       the game the client holds, and what each message changes in it
//   live.js        applies the messages in order, draws the board (board.js) and animates the
//                  traces (anim.js); panels.js and controls.js render the rest of the page
//   dialogue.js    the move dialogue: narrows the legal move strings as the player clicks or types
//                  (moves.js), shows the move up to each decision from the server's traces of
//                  the candidates left (preview.js) and asks at the pit where it arises; says why
//                  a pit cannot move, next to it
//   ui.js          the page's elements, built once, and the move box (typed moves)
//
// The page holds <main id="game" data-id="GAMEID" data-lang="en" data-seat="SECRET-or-empty"
// data-notice="a notice for this visit, in the page's language, or empty"> with a server-rendered
// fallback <section id="static-board"> that the client hides.
//
// Stable hooks for end-to-end tests:
//   main#game[data-ply]        the ply of the last applied event (also #ply, as text)
//   main#game[data-epoch]      the epoch of the last applied event
//   main#game[data-busy]       "true" while a move event is animated or a move is being sent
//   main#game[data-preview]    "running" while the move being chosen is shown up to its next
//                              decision, "asking" while that decision waits; absent otherwise
//   main#game[data-decision-at] the pit where the decision shown now arises
//   main#game[data-resumed-at] the number of events of the last move event that were already shown
//                              before its decision (its animation went on from there)
//   [data-pit="A3"]            every pit (SVG <g role="button" tabindex="0">), aria-label "A3, 4 seeds"
//   .playable, [data-playable="true"]  a pit that can start a legal move now
//   .captured-from             a pit the last move captured from (until the next move)
//   .deciding                  the pit where the move being chosen waits for a decision
//   .hand-token[data-at]       the pit the seeds being sown are over, during an animation
//   [data-choice]              the decision buttons of the move dialogue: "<" ">" "+" "stop" "c" "a",
//                              and "cancel"; the same choices also appear on the board (button:
//                              .choice-panel [data-choice]; arrow: .choice-arrow[data-choice], from
//                              pit data-from towards pit data-to; stop: .choice-stop on its pit)
//   #pit-note[data-pit]        why a clicked pit cannot move, next to it
//   #move-input                the move box: type a move (A6<) and Enter, or a pit and an arrow key;
//                              typing a move character anywhere starts it. While choices are
//                              asked, an arrow key picks the one pointing that way, and < > + c a
//                              their own; Escape cancels
//   #turn                      whose turn it is, or the result ("offline" while offline)
//   #watching[data-count]      who watches: "You are watching…" for a spectator, the count
//   #notice                    the server's notice for this visit (an invitation already used)
//   #offline-banner            shown while the connection is lost
//   #last-effect               what the last move did ("North captured 3 from A2 and …")
//   .delta[data-delta]         what the last move changed in a hand or store, in the player strips
//   #outcome                   empty and hidden while the game runs; the outcome text once it ended
//   #connection                "online" or "offline" (data-state likewise)
//   #status                    role=status line: errors and notes from the server
//   #last-move                 "Last move: A4<"
//   #move-list                 the moves in notation, a table row per move number (tr[data-turn]:
//                              th.num, td.side-south, td.side-north, each .mv of the turn); .current
//                              marks the last move, tr.current-row its row
//   #move-legend               the marks the list uses (.legend-item[data-mark]: dt symbol, dd meaning)
//   #invite-url                read-only input with the invitation link (creator only, unused)
//   #private-url, #watch-url   the player's own link and the spectator link
//   #resign (then #resign-confirm / #resign-cancel), #takeback, #rematch, #flip
//   #takeback-accept, #takeback-decline, #rematch-accept, #rematch-decline (opponent's offer)
//   #anim-speed (select off|fast|normal|slow), #sound (checkbox), #notify (checkbox: a browser
//                              notification when the turn comes while the page is hidden)
//   #announcer                 aria-live="polite": each move, then whose turn it is, or the end
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
    notice: main.dataset.notice || '',
    typed: (text) => dialogue.typed(text),
    typedArrow: (text, key) => dialogue.typedArrow(text, key),
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
    blocked: () => live.blocked(),
    note: (pit, text) => live.panels.note(pit, text),
    play: (move) => live.sendMove(move),
    preview: {
      traces: (moves) => live.previewTraces(moves),
      to: (events, upto) => live.previewTo(events, upto),
      clear: () => live.clearPreview(),
    },
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
    keepalive: Number(main.dataset.keepalive),
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

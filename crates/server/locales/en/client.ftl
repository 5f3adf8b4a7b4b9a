# The board client (web/*.js): the live game page, and the home page's form helper.
# Sent to the browser as JSON (GET /{lang}/messages.json) together with common.ftl and games.ftl.
# Side variables ($side, $winner) are the keys `south` and `north`: select on them, as in
# common.ftl. $move and $pit are move texts and pit names in notation (A3>, a6<+, B12): never
# translated. $arrow is an arrow glyph (→ ← ↑ ↓) showing the way on the screen.

## The turn line above the board

turn-connecting = Connecting…
turn-thinking = Computer is thinking…
turn-you = Your turn ({ $side ->
    [south] South
   *[north] North
})
# A Kalah extra turn: the same side moves again.
turn-you-again = Your turn: move again ({ $side ->
    [south] South
   *[north] North
})
turn-computer = Computer's turn ({ $side ->
    [south] South
   *[north] North
})
turn-opponent = Opponent's turn ({ $side ->
    [south] South
   *[north] North
})
# Pass-and-play and spectators.
turn-side = { $side ->
    [south] South to move
   *[north] North to move
}
turn-side-again = { $side ->
    [south] South to move again
   *[north] North to move again
}
# While a move is being animated.
turn-playing-you = You play { $move }…
turn-playing-computer = The computer plays { $move }…
turn-playing-opponent = Your opponent plays { $move }…
turn-playing-side = { $side ->
    [south] South plays { $move }…
   *[north] North plays { $move }…
}
# $result is the result token: 1-0, 0-1 or 1/2-1/2.
turn-over-you-won = Game over: you won ({ $result })
turn-over-you-lost = Game over: you lost ({ $result })
turn-over-side-won = Game over: { $winner ->
    [south] South won
   *[north] North won
} ({ $result })
turn-over-draw = Game over: draw ({ $result })
# While the connection is lost: no move can be sent.
turn-offline = Offline: reconnecting…
# The tab's title when it is the player's turn; $title is the page's own title.
title-your-turn = ● Your turn – { $title }
# Who watches the game. A spectator sees the first; players see the second when someone watches.
watching-you = You are watching this game ({ $count ->
    [one] { $count } spectator
   *[other] { $count } spectators
})
watching-count = { $count ->
    [one] { $count } spectator watching
   *[other] { $count } spectators watching
}
# The server's notice for this visit (an invitation already used) can be closed.
notice-dismiss = Dismiss

## The outcome, for a player: said before the outcome-* sentence of common.ftl

outcome-you-win = You win!
outcome-you-lose = You lose.
outcome-you-draw = Draw.

## The player strips above and below the board

player-you = You
player-opponent = Opponent
# The computer when watching, or in pass-and-play, where the side is not otherwise shown.
player-computer-side = Computer, level { $level } ({ $side ->
    [south] South
   *[north] North
})
panel-to-move = to move
# $seeds is the count, printed in bold.
panel-hand = In hand { $seeds }
# $field is one of the stores-* names of common.ftl (Store, Captured, ...); $seeds its count.
panel-stores = { $field } { $seeds }
panel-nyumba = Nyumba { $pit }
panel-no-nyumba = No nyumba
panel-waiting = waiting to join
panel-connected = connected
panel-disconnected = disconnected
panel-opponent-disconnected = opponent disconnected
panel-moves = Moves
# What the last move changed in a hand or a store: $change is signed (+7, −1).
panel-change = ({ $change })

## Moves: the last move, the move list, and the sentence a screen reader hears

move-last = Last move: { $move } ({ $side ->
    [south] South
   *[north] North
})
move-list-title = { $side ->
    [south] South
   *[north] North
}, ply { $ply }
move-list-empty = No moves yet.
move-played = { $side ->
    [south] South played { $move }.
   *[north] North played { $move }.
}
# $captures is a list of move-capture items, joined as the language lists things
# ("5 from A1, 2 from A2 and 3 from A4").
move-played-captured = { $side ->
    [south] South played { $move }, captured { $captures }.
   *[north] North played { $move }, captured { $captures }.
}
move-played-again = { $side ->
    [south] South played { $move }, and moves again.
   *[north] North played { $move }, and moves again.
}
move-played-captured-again = { $side ->
    [south] South played { $move }, captured { $captures }, and moves again.
   *[north] North played { $move }, captured { $captures }, and moves again.
}
move-capture = { $seeds } from { $pit }
announce-game-over = Game over.
# After a move's sentence: whose turn it is now; $turn is one of the turn-* lines above.
announce-turn = { $turn }.
# The head of the move number column of the move list.
move-list-number = No.

## What the last move did, said under the board until the next move

# $captures is a list of effect-capture-sown or move-capture items.
effect-captured = { $side ->
    [south] South captured { $captures }.
   *[north] North captured { $captures }.
}
# Bao: the captured seeds are sown from the kichwa $kichwa.
effect-capture-sown = { $seeds ->
    [one] { $seeds } from { $pit } and sowed it from { $kichwa }
   *[other] { $seeds } from { $pit } and sowed them from { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] South's nyumba is destroyed.
   *[north] North's nyumba is destroyed.
}
effect-takasia = { $pit } is barred by takasia for the next move.

## The legend of the marks in the move list (the marks themselves are shown beside)

legend-heading = Marks in the moves
legend-direction = the way the move goes, to the mover's left or right (in a capture: the end of the front row where the captured seeds come in)
legend-safari = after the way: safari, the move went on from the nyumba
legend-place = before the pit: a seed from the reserve goes into it
legend-lap = a lap turned clockwise (c) or anticlockwise (a)
legend-takasa = takasa: the move captured nothing
legend-takasia = a takasa that bars one of the opponent's pits (takasia)
legend-win = the move wins the game

## The board (names for screen readers)

board-label = Board
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
board-store = { $side ->
    [south] South store
   *[north] North store
}, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
board-pit-nyumba = nyumba
board-pit-takasia = barred by takasia
board-pit-reserved = reserved
board-pit-last = last move
board-pit-playable = can move
board-pit-selected = selected
board-pit-captured = captured by the last move
board-pit-deciding = the move waits for a choice here

## The move dialogue: the choices after a click on a pit

dialogue-label = Choose
dialogue-wait = Wait for your turn.
dialogue-not-playable = { $pit } cannot start a move now.
# $move is the move so far: the pit and the choices made (A3>).
dialogue-prompt = { $move }: choose
dialogue-prompt-direction = { $pit }: which way?
dialogue-prompt-kichwa = { $pit } captures: where do the captured seeds enter?
dialogue-prompt-nyumba = { $move }: the move reaches your nyumba
dialogue-prompt-lap = { $move }: which way does this lap go?
# A capture in Bao: the captured seeds enter at the kichwa (the end pit of the front row).
dialogue-kichwa-left = { $arrow } Enter at { $pit } (left kichwa)
dialogue-kichwa-left-long = Captured seeds enter at { $pit }, the left kichwa, and travel right
dialogue-kichwa-right = { $arrow } Enter at { $pit } (right kichwa)
dialogue-kichwa-right-long = Captured seeds enter at { $pit }, the right kichwa, and travel left
dialogue-sow-towards = { $arrow } Sow towards { $to }
dialogue-sow-right-long = Sow rightwards from { $from }, first seed into { $to }
dialogue-sow-left-long = Sow leftwards from { $from }, first seed into { $to }
# Two-row boards.
dialogue-right = Right →
dialogue-right-long = Sow rightwards from { $from }
dialogue-left = ← Left
dialogue-left-long = Sow leftwards from { $from }
# Bao: a move that ends in the own nyumba may stop there or go on (safari).
dialogue-safari = Safari: go on
dialogue-safari-long = Safari: go on sowing from the nyumba
dialogue-stop = Stop in the nyumba
dialogue-stop-long = Stop in the nyumba: the move ends there
# Omweso: each lap that reaches the left end may turn clockwise; $lap counts these choices.
dialogue-clockwise = ↻ Clockwise (choice { $lap })
dialogue-clockwise-long = Clockwise at choice { $lap }
dialogue-anticlockwise = ↺ Anticlockwise (choice { $lap })
dialogue-anticlockwise-long = Anticlockwise at choice { $lap }
dialogue-cancel = Cancel

## Why a pit cannot move, said next to it when it is clicked

note-spectator = You are watching: spectators cannot move.
note-game-over = The game is over.
note-offline = Offline: moves wait for the connection.
note-busy = Wait: a move is being played.
note-computer-turn = It is the computer's turn.
# $side is the side to move; $pit is a pit of the other side.
note-other-side = { $side ->
    [south] { $pit } is North's pit: South is to move.
   *[north] { $pit } is South's pit: North is to move.
}
note-empty = { $pit } is empty.
note-takasia = { $pit } is barred by takasia this turn.

## Typing a move

entry-label = Type a move
entry-hint = e.g. A6< and Enter, or a pit and an arrow key
# $move is what was typed.
entry-no-move = No legal move { $move } here.

## Buttons and settings beside the board

control-resign = Resign
control-takeback = Takeback
control-rematch = Rematch
control-flip = Flip board
control-resign-question = Resign this game?
control-resign-confirm = Yes, resign
control-resign-cancel = Cancel
# $menu is the menu of speeds below.
settings-animation = Animation { $menu }
settings-speed-off = Off
settings-speed-fast = Fast
settings-speed-normal = Normal
settings-speed-slow = Slow
# $box is the check box.
settings-sound = { $box } Sound
# $box is the check box.
settings-notify = { $box } Notify me when it is my turn
notify-title = Your turn
# $game is the game's name.
notify-body = It is your turn in { $game }.

## Offers of a takeback or a rematch

offer-takeback-own = You offered a takeback; waiting for the answer…
offer-rematch-own = You offered a rematch; waiting for the answer…
offer-takeback-incoming = Your opponent offers a takeback.
offer-rematch-incoming = Your opponent offers a rematch.
offer-takeback-side = { $side ->
    [south] South offers a takeback.
   *[north] North offers a takeback.
}
offer-rematch-side = { $side ->
    [south] South offers a rematch.
   *[north] North offers a rematch.
}
offer-accept = Accept
offer-decline = Decline

## Links: the invitation, the player's own link, the spectator link, the record

link-invite-heading = Invite a friend
link-invite-text = Send this link to your friend; the first person to open it plays you.
link-invite-label = Invitation link
link-summary = Links to this game
link-private = Your private link (keep it to yourself: it is your seat)
link-private-label = Your private link
link-watch = Spectator link (anyone can watch)
link-watch-label = Spectator link
link-copy = Copy
link-copied = Copied
link-record = Download record
link-rematch = Go to the rematch

## The connection and the status line

connection-online = online
connection-offline = offline
connection-reconnecting = , reconnecting…
# $ply is the number of moves played so far.
status-ply = Ply { $ply }
status-sent = Sent { $move }…
status-unsent = Offline: not sent. Reconnecting…
status-protocol = This page is out of date: reload it.
offline-banner = Connection lost: reconnecting… Moves wait until it is back.

## Refusals from the server, by their code (docs/protocol.md §3.4)

client-error-bad_message = The server could not read that message.
client-error-protocol = This page is out of date: reload it.
client-error-not_player = You are watching this game.
client-error-not_your_turn = It is not your turn.
client-error-game_over = The game is over.
client-error-stale_ply = That move came too late: the position has changed.
client-error-illegal_move = That move is not legal here.
client-error-no_offer = There is no offer to answer.
client-error-nothing_to_take_back = There is no move of yours to take back.
client-error-not_over = A rematch can be asked for once the game is over.
client-error-computer_busy = The computer is busy with other games: try your move again in a moment.
client-error-store = The move could not be saved; try again.
client-error-internal = Something went wrong on the server.
client-error-bad_request = The request could not be used.
client-error-not_found = There is no such game.
# A code this page does not know (a newer server).
client-error-unknown = The server refused that ({ $code }).

## The home page's new-game form (web/home.js)

newgame-options = Rule options:
newgame-no-options = This game has no rule options.

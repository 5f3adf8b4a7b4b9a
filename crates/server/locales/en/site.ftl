# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = Mancala
# The language's own name for itself, in the language switcher.
language-name = English
language-switch = Language
# Shown, in the visitor's remembered language, on a page in another language.
language-offer = This page is in another language than the one you chose.
language-offer-link = Read it in English
nav-label = Site
nav-new-game = New game
nav-rules = Rules
nav-about = About
footer-tagline = No registration: a link is all it takes to play.

home-title = Play
home-heading = Play Bao and the four-row mancala games
home-intro = No registration. Create a game, share the link, and play a friend, the computer, or pass one device around.
home-games = The games
home-card-play = Play
home-card-rules = Rules
home-family-link = How the games are related, and which to learn first
home-new-game = New game
home-game = Game
home-variant = Variant
home-options-hint = Rule options (only those of the chosen game apply):
home-opponent = Opponent
home-opponent-friend = A friend, by link
home-opponent-computer = The computer
home-opponent-local = Pass and play on this device
home-level = Computer level
home-side = Your side
home-side-south = South (moves first)
home-side-north = North
home-side-random = Random
home-create = Create game

game-your-move = Your move
game-play = Play
game-invite = Invite a friend:
game-download-record = Download the record
game-invite-used = This invitation has already been used: you are watching the game.
game-status-your-move = Your move (ply { $ply })
game-status-to-move = { $side ->
    [south] South
   *[north] North
} to move (ply { $ply })
game-extras-hands = In hand: South { $south }, North { $north }
game-extras-stores = { $field }: South { $south }, North { $north }

error-title-not-found = Not found
error-title-forbidden = Not your seat
error-title-server = Something went wrong
error-title-refused = That did not work
error-start-new = Start a new game
error-bad-message = The message could not be read.
error-protocol = This page is out of date: reload it.
error-not-player = This link does not hold a seat of the game; the game link without it lets you watch.
error-not-your-turn = It is not your turn.
error-game-over = The game is over.
error-stale-ply = That move came too late: the position has changed.
error-illegal-move = That move is not legal here.
error-no-offer = There is no offer to answer.
error-nothing-to-take-back = There is no move of yours to take back.
error-not-over = A rematch can be asked for once the game is over.
error-computer-busy = The computer is busy with other games: try again in a moment.
error-store = The game could not be saved; try again.
error-internal = Something went wrong on the server.
error-bad-request = The request could not be used: check the form and try again.
error-not-found = There is no such page or game.
error-cross-site = This form came from another website, so it was refused. Open this site yourself and start again from its own page.
error-unsupported-media-type = The request was not sent the way this site's pages send it.
error-rate-limited = Many games have been started from your address in a short time. Wait a little, then try again.
# A connection refused before its request is read, and a request cut off: said in every
# language at once (the request's language is not known yet).
refused-busy = The site has too many open connections just now. Try again in a moment.
refused-slow = The request came too slowly and was cut off. Try again.

invite-own-title = This is your invitation
invite-own-explain = Send this link to your friend: the first person to open it plays you. Opening it yourself does not use it up.
invite-own-label = Invitation link
invite-own-copy = Copy
invite-own-copied = Copied
invite-own-back = Back to your game

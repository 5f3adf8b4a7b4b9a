# The board client (web/*.js): the live game page, and the home page's form helper.
# Sent to the browser as JSON (GET /{lang}/messages.json) together with common.ftl and games.ftl.
# Side variables ($side, $winner) are the keys `south` and `north`: select on them, as in
# common.ftl. $move and $pit are move texts and pit names in notation (A3>, a6<+, B12): never
# translated. $arrow is an arrow glyph (→ ← ↑ ↓) showing the way on the screen.

## The turn line above the board

turn-connecting = დაკავშირება…
turn-thinking = კომპიუტერი ფიქრობს…
turn-you = თქვენი სვლაა ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
# A Kalah extra turn: the same side moves again.
turn-you-again = ისევ თქვენი სვლაა ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
turn-computer = კომპიუტერის სვლაა ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
turn-opponent = მოწინააღმდეგის სვლაა ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
# Pass-and-play and spectators.
turn-side = { $side ->
    [south] სამხრეთის სვლაა
   *[north] ჩრდილოეთის სვლაა
}
turn-side-again = { $side ->
    [south] ისევ სამხრეთის სვლაა
   *[north] ისევ ჩრდილოეთის სვლაა
}
# While a move is being animated.
turn-playing-you = თქვენ ასრულებთ სვლას { $move }…
turn-playing-computer = კომპიუტერი ასრულებს სვლას { $move }…
turn-playing-opponent = მოწინააღმდეგე ასრულებს სვლას { $move }…
turn-playing-side = { $side ->
    [south] სამხრეთი ასრულებს სვლას { $move }…
   *[north] ჩრდილოეთი ასრულებს სვლას { $move }…
}
# $result is the result token: 1-0, 0-1 or 1/2-1/2.
turn-over-you-won = პარტია დასრულდა: თქვენ მოიგეთ ({ $result })
turn-over-you-lost = პარტია დასრულდა: თქვენ წააგეთ ({ $result })
turn-over-side-won = პარტია დასრულდა: { $winner ->
    [south] სამხრეთმა მოიგო
   *[north] ჩრდილოეთმა მოიგო
} ({ $result })
turn-over-draw = პარტია დასრულდა: ყაიმი ({ $result })
# While the connection is lost: no move can be sent.
turn-offline = ოფლაინ: ხელახალი დაკავშირება…
# The tab's title when it is the player's turn; $title is the page's own title.
title-your-turn = ● თქვენი სვლაა – { $title }
# Who watches the game. A spectator sees the first; players see the second when someone watches.
watching-you = თქვენ ამ პარტიას უყურებთ ({ $count ->
    [one] { $count } მაყურებელი
   *[other] { $count } მაყურებელი
})
watching-count = { $count ->
    [one] პარტიას უყურებს { $count } მაყურებელი
   *[other] პარტიას უყურებს { $count } მაყურებელი
}
# The server's notice for this visit (an invitation already used) can be closed.
notice-dismiss = დახურვა

## The outcome, for a player: said before the outcome-* sentence of common.ftl

outcome-you-win = თქვენ მოიგეთ!
outcome-you-lose = თქვენ წააგეთ.
outcome-you-draw = ყაიმი.

## The player strips above and below the board

player-you = თქვენ
player-opponent = მოწინააღმდეგე
# The computer when watching, or in pass-and-play, where the side is not otherwise shown.
player-computer-side = კომპიუტერი, დონე { $level } ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
panel-to-move = სვლის რიგი
# $seeds is the count, printed in bold.
panel-hand = ხელში { $seeds }
# $field is one of the stores-* names of common.ftl (Store, Captured, ...); $seeds its count.
panel-stores = { $field } { $seeds }
panel-nyumba = nyumba: { $pit }
panel-no-nyumba = nyumba-ს გარეშე
panel-waiting = ჯერ არ შემოსულა
panel-connected = დაკავშირებულია
panel-disconnected = კავშირი გაწყდა
panel-opponent-disconnected = მოწინააღმდეგეს კავშირი გაუწყდა
panel-moves = სვლები
# What the last move changed in a hand or a store: $change is signed (+7, −1).
panel-change = ({ $change })

## Moves: the last move, the move list, and the sentence a screen reader hears

move-last = ბოლო სვლა: { $move } ({ $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
})
move-list-title = { $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
}, ნახევარსვლა { $ply }
move-list-empty = სვლები ჯერ არ არის.
move-played = { $side ->
    [south] სამხრეთმა შეასრულა სვლა { $move }.
   *[north] ჩრდილოეთმა შეასრულა სვლა { $move }.
}
# $captures is a list of move-capture items, joined as the language lists things
# ("5 from A1, 2 from A2 and 3 from A4").
move-played-captured = { $side ->
    [south] სამხრეთმა შეასრულა სვლა { $move } და აიღო { $captures }.
   *[north] ჩრდილოეთმა შეასრულა სვლა { $move } და აიღო { $captures }.
}
move-played-again = { $side ->
    [south] სამხრეთმა შეასრულა სვლა { $move } და ისევ მისი სვლაა.
   *[north] ჩრდილოეთმა შეასრულა სვლა { $move } და ისევ მისი სვლაა.
}
move-played-captured-again = { $side ->
    [south] სამხრეთმა შეასრულა სვლა { $move }, აიღო { $captures }. ისევ მისი სვლაა.
   *[north] ჩრდილოეთმა შეასრულა სვლა { $move }, აიღო { $captures }. ისევ მისი სვლაა.
}
move-capture = { $seeds } თესლი { $pit }-დან
announce-game-over = პარტია დასრულდა.
# After a move's sentence: whose turn it is now; $turn is one of the turn-* lines above.
announce-turn = { $turn }.
# The head of the move number column of the move list.
move-list-number = №

## What the last move did, said under the board until the next move

# $captures is a list of effect-capture-sown or move-capture items.
effect-captured = { $side ->
    [south] სამხრეთმა აიღო { $captures }.
   *[north] ჩრდილოეთმა აიღო { $captures }.
}
# Bao: the captured seeds are sown from the kichwa $kichwa.
effect-capture-sown = { $seeds ->
    [one] { $seeds } თესლი { $pit }-დან და დათესა { $kichwa }-დან
   *[other] { $seeds } თესლი { $pit }-დან და დათესა { $kichwa }-დან
}
effect-nyumba-destroyed = { $side ->
    [south] სამხრეთის nyumba განადგურებულია.
   *[north] ჩრდილოეთის nyumba განადგურებულია.
}
effect-takasia = { $pit } შემდეგი სვლისთვის დაბლოკილია takasia-თი.

## The legend of the marks in the move list (the marks themselves are shown beside)

legend-heading = ნიშნები სვლების ჩანაწერში
legend-direction = სვლის მიმართულება, მისი შემსრულებლის მარცხნივ ან მარჯვნივ (აღებისას: წინა რიგის ის ბოლო, სადაც აღებული თესლები შემოდის)
legend-safari = მიმართულების შემდეგ: safari, სვლა nyumba-დან გაგრძელდა
legend-place = ორმოს წინ: მასში მარაგიდან თესლი ჩაიდება
legend-lap = წრე შემობრუნდა საათის ისრის მიმართულებით (c) ან საათის ისრის საწინააღმდეგოდ (a)
legend-takasa = takasa: სვლამ არაფერი აიღო
legend-takasia = takasa, რომელიც მოწინააღმდეგის ერთ ორმოს ბლოკავს (takasia)
legend-win = სვლა პარტიას იგებს

## The board (names for screen readers)

board-label = დაფა
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } თესლი
   *[other] { $seeds } თესლი
}
board-store = { $side ->
    [south] სამხრეთის ბეღელი
   *[north] ჩრდილოეთის ბეღელი
}, { $seeds ->
    [one] { $seeds } თესლი
   *[other] { $seeds } თესლი
}
board-pit-nyumba = nyumba
board-pit-takasia = დაბლოკილია takasia-თი
board-pit-reserved = დაჯავშნილია
board-pit-last = ბოლო სვლა
board-pit-playable = სვლა შეიძლება
board-pit-selected = არჩეულია
board-pit-captured = აღებულია ბოლო სვლით
board-pit-deciding = სვლა აქ არჩევანს ელოდება

## The move dialogue: the choices after a click on a pit

dialogue-label = აირჩიეთ
dialogue-wait = დაელოდეთ თქვენს სვლას.
dialogue-not-playable = { $pit }-დან სვლის დაწყება ახლა შეუძლებელია.
# $move is the move so far: the pit and the choices made (A3>).
dialogue-prompt = { $move }: აირჩიეთ
dialogue-prompt-direction = { $pit }: რომელი მიმართულებით?
dialogue-prompt-kichwa = { $pit } იღებს: სად შემოვიდეს აღებული თესლები?
dialogue-prompt-nyumba = { $move }: სვლა თქვენს nyumba-ს აღწევს
dialogue-prompt-lap = { $move }: საით წავიდეს ეს წრე?
# A capture in Bao: the captured seeds enter at the kichwa (the end pit of the front row).
dialogue-kichwa-left = { $arrow } { $pit }-ში შემოსვლა (მარცხენა kichwa)
dialogue-kichwa-left-long = აღებული თესლები შემოდის { $pit }-ში (მარცხენა kichwa) და მარჯვნივ მიდის
dialogue-kichwa-right = { $arrow } { $pit }-ში შემოსვლა (მარჯვენა kichwa)
dialogue-kichwa-right-long = აღებული თესლები შემოდის { $pit }-ში (მარჯვენა kichwa) და მარცხნივ მიდის
dialogue-sow-towards = { $arrow } თესვა { $to }-ისკენ
dialogue-sow-right-long = თესვა მარჯვნივ { $from }-დან, პირველი თესლი { $to }-ში
dialogue-sow-left-long = თესვა მარცხნივ { $from }-დან, პირველი თესლი { $to }-ში
# Two-row boards.
dialogue-right = მარჯვნივ →
dialogue-right-long = თესვა მარჯვნივ { $from }-დან
dialogue-left = ← მარცხნივ
dialogue-left-long = თესვა მარცხნივ { $from }-დან
# Bao: a move that ends in the own nyumba may stop there or go on (safari).
dialogue-safari = safari: გაგრძელება
dialogue-safari-long = safari: თესვის გაგრძელება nyumba-დან
dialogue-stop = nyumba-ში გაჩერება
dialogue-stop-long = nyumba-ში გაჩერება: სვლა იქ მთავრდება
# Omweso: each lap that reaches the left end may turn clockwise; $lap counts these choices.
dialogue-clockwise = ↻ საათის ისრის მიმართულებით (არჩევანი { $lap })
dialogue-clockwise-long = არჩევანი { $lap }: საათის ისრის მიმართულებით
dialogue-anticlockwise = ↺ საათის ისრის საწინააღმდეგოდ (არჩევანი { $lap })
dialogue-anticlockwise-long = არჩევანი { $lap }: საათის ისრის საწინააღმდეგოდ
dialogue-cancel = გაუქმება

## Why a pit cannot move, said next to it when it is clicked

note-spectator = თქვენ პარტიას უყურებთ: მაყურებელს სვლის შესრულება არ შეუძლია.
note-game-over = პარტია დასრულებულია.
note-offline = ოფლაინ: სვლები კავშირის აღდგენას ელოდება.
note-busy = დაელოდეთ: სვლა სრულდება.
note-computer-turn = ახლა კომპიუტერის სვლაა.
# $side is the side to move; $pit is a pit of the other side.
note-other-side = { $side ->
    [south] { $pit } ჩრდილოეთის ორმოა: ახლა სამხრეთის სვლაა.
   *[north] { $pit } სამხრეთის ორმოა: ახლა ჩრდილოეთის სვლაა.
}
note-empty = { $pit } ცარიელია.
note-takasia = { $pit } ამ სვლისთვის დაბლოკილია takasia-თი.

## Typing a move

entry-label = აკრიფეთ სვლა
entry-hint = მაგ. A6< და Enter, ან ორმო და ისრის კლავიში
# $move is what was typed.
entry-no-move = { $move }: ასეთი დასაშვები სვლა აქ არ არის.

## Buttons and settings beside the board

control-resign = დანებება
control-takeback = სვლის დაბრუნება
control-rematch = რევანში
control-flip = დაფის შემობრუნება
control-resign-question = დანებდებით ამ პარტიაში?
control-resign-confirm = დიახ, ვნებდები
control-resign-cancel = გაუქმება
# $menu is the menu of speeds below.
settings-animation = ანიმაცია { $menu }
settings-speed-off = გამორთული
settings-speed-fast = სწრაფი
settings-speed-normal = ჩვეულებრივი
settings-speed-slow = ნელი
# $box is the check box.
settings-sound = { $box } ხმა
# $box is the check box.
settings-notify = { $box } შეტყობინება, როცა ჩემი სვლაა
notify-title = თქვენი სვლაა
# $game is the game's name.
notify-body = { $game }: თქვენი სვლაა.

## Offers of a takeback or a rematch

offer-takeback-own = თქვენ შესთავაზეთ სვლის დაბრუნება; ველოდებით პასუხს…
offer-rematch-own = თქვენ შესთავაზეთ რევანში; ველოდებით პასუხს…
offer-takeback-incoming = მოწინააღმდეგე გთავაზობთ სვლის დაბრუნებას.
offer-rematch-incoming = მოწინააღმდეგე გთავაზობთ რევანშს.
offer-takeback-side = { $side ->
    [south] სამხრეთი სთავაზობს სვლის დაბრუნებას.
   *[north] ჩრდილოეთი სთავაზობს სვლის დაბრუნებას.
}
offer-rematch-side = { $side ->
    [south] სამხრეთი სთავაზობს რევანშს.
   *[north] ჩრდილოეთი სთავაზობს რევანშს.
}
offer-accept = მიღება
offer-decline = უარყოფა

## Links: the invitation, the player's own link, the spectator link, the record

link-invite-heading = მოიწვიეთ მეგობარი
link-invite-text = გაუგზავნეთ ეს ბმული მეგობარს; ვინც მას პირველი გახსნის, ის გეთამაშებათ.
link-invite-label = მოსაწვევი ბმული
link-summary = ამ პარტიის ბმულები
link-private = თქვენი პირადი ბმული (არავის გაუზიაროთ: ეს თქვენი ადგილია)
link-private-label = თქვენი პირადი ბმული
link-watch = ბმული მაყურებლებისთვის (ყურება ყველას შეუძლია)
link-watch-label = ბმული მაყურებლებისთვის
link-copy = კოპირება
link-copied = დაკოპირდა
link-record = პარტიის ჩანაწერის ჩამოტვირთვა
link-rematch = რევანშზე გადასვლა

## The connection and the status line

connection-online = ონლაინ
connection-offline = ოფლაინ
connection-reconnecting = , ხელახალი დაკავშირება…
# $ply is the number of moves played so far.
status-ply = ნახევარსვლა { $ply }
status-sent = { $move } გაიგზავნა…
status-unsent = ოფლაინ: სვლა არ გაიგზავნა. ხელახალი დაკავშირება…
status-protocol = ეს გვერდი მოძველებულია: განაახლეთ იგი.
offline-banner = კავშირი გაწყდა: ხელახალი დაკავშირება… სვლები მის აღდგენას დაელოდება.

## Refusals from the server, by their code (docs/protocol.md §3.4)

client-error-bad_message = სერვერმა ეს შეტყობინება ვერ წაიკითხა.
client-error-protocol = ეს გვერდი მოძველებულია: განაახლეთ იგი.
client-error-not_player = თქვენ ამ პარტიის მაყურებელი ხართ.
client-error-not_your_turn = ახლა თქვენი სვლა არ არის.
client-error-game_over = პარტია დასრულებულია.
client-error-stale_ply = ეს სვლა დაგვიანდა: პოზიცია უკვე შეიცვალა.
client-error-illegal_move = ეს სვლა აქ დაუშვებელია.
client-error-no_offer = შეთავაზება, რომელსაც უნდა უპასუხოთ, არ არსებობს.
client-error-nothing_to_take_back = დასაბრუნებელი სვლა არ გაქვთ.
client-error-not_over = რევანშის თხოვნა პარტიის დასრულების შემდეგ შეიძლება.
client-error-computer_busy = კომპიუტერი სხვა პარტიებითაა დაკავებული: სვლა ცოტა ხანში ხელახლა სცადეთ.
client-error-store = სვლის შენახვა ვერ მოხერხდა; სცადეთ ხელახლა.
client-error-internal = სერვერზე რაღაც შეცდომა მოხდა.
client-error-bad_request = მოთხოვნის გამოყენება ვერ მოხერხდა.
client-error-not_found = ასეთი პარტია არ არსებობს.
# A code this page does not know (a newer server).
client-error-unknown = სერვერმა მოთხოვნა უარყო ({ $code }).

## The home page's new-game form (web/home.js)

newgame-options = არჩევითი წესები:
newgame-no-options = ამ თამაშს არჩევითი წესები არ აქვს.

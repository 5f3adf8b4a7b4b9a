# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Side variables ($side, $winner, $loser, $mover) are the keys `south` and `north`: select on
# them, so that each language can inflect the name as its grammar needs.

side-south = South
side-north = North
side-name = { $side ->
    [south] South
   *[north] North
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, stores

stores-store = Store
stores-captured = Captured
stores-reserve = Reserve
stores-to_place = To place

level-name-1 = beginner
level-name-2 = novice
level-name-3 = casual
level-name-4 = club player
level-name-5 = strong
level-name-6 = expert
level-name-7 = master
level-name-8 = strongest
level-choice = Level { $level }: { $name }
computer-level = Computer, level { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] South wins
   *[north] North wins
}, { $loser ->
    [south] South's
   *[north] North's
} front row is empty
outcome-no-legal-move = { $result }: { $winner ->
    [south] South wins
   *[north] North wins
}, { $loser ->
    [south] South has
   *[north] North has
} no legal move
outcome-repetition-draw = { $result }: draw by repetition
outcome-repetition-win = { $result }: { $winner ->
    [south] South wins
   *[north] North wins
} by repetition
outcome-resignation = { $result }: { $winner ->
    [south] South wins
   *[north] North wins
}, { $loser ->
    [south] South
   *[north] North
} resigned
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] South wins by { $south } seeds to { $north }
   *[north] North wins by { $north } seeds to { $south }
}
outcome-seeds-counted-draw = { $result }: draw, { $south } seeds each
outcome-other = { $result }: the game is over

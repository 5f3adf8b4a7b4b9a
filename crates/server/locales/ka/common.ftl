# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Side variables ($side, $winner, $loser, $mover) are the keys `south` and `north`: select on
# them, so that each language can inflect the name as its grammar needs.

side-south = სამხრეთი
side-north = ჩრდილოეთი
side-name = { $side ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, ბეღლებით

stores-store = ბეღელი
stores-captured = აღებული
stores-reserve = მარაგი
stores-to_place = დასადები

level-name-1 = დამწყები
level-name-2 = ახალბედა
level-name-3 = მოყვარული
level-name-4 = კლუბის მოთამაშე
level-name-5 = ძლიერი
level-name-6 = ექსპერტი
level-name-7 = ოსტატი
level-name-8 = უძლიერესი
level-choice = დონე { $level }: { $name }
computer-level = კომპიუტერი, დონე { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] სამხრეთი იგებს
   *[north] ჩრდილოეთი იგებს
}, { $loser ->
    [south] სამხრეთის
   *[north] ჩრდილოეთის
} წინა რიგი ცარიელია
outcome-no-legal-move = { $result }: { $winner ->
    [south] სამხრეთი იგებს
   *[north] ჩრდილოეთი იგებს
}, { $loser ->
    [south] სამხრეთს
   *[north] ჩრდილოეთს
} დასაშვები სვლა არ აქვს
outcome-repetition-draw = { $result }: ყაიმი პოზიციის გამეორებით
outcome-repetition-win = { $result }: { $winner ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
} იგებს პოზიციის გამეორებით
outcome-resignation = { $result }: { $winner ->
    [south] სამხრეთი იგებს
   *[north] ჩრდილოეთი იგებს
}, { $loser ->
    [south] სამხრეთი
   *[north] ჩრდილოეთი
} დანებდა
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] სამხრეთი იგებს თესლების ანგარიშით { $south }:{ $north }
   *[north] ჩრდილოეთი იგებს თესლების ანგარიშით { $north }:{ $south }
}
outcome-seeds-counted-draw = { $result }: ყაიმი, თითოეულ მხარეს { $south } თესლია
outcome-other = { $result }: პარტია დასრულდა

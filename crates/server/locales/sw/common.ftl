# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Vigeu vya upande ($side, $winner, $loser, $mover) ni funguo `south` na `north`. Kwa Kiswahili
# Kusini na Kaskazini havibadiliki, lakini uteuzi unabaki ili muundo ufanane na lugha nyingine.

side-south = Kusini
side-north = Kaskazini
side-name = { $side ->
    [south] Kusini
   *[north] Kaskazini
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, na maghala

stores-store = Ghala
stores-captured = Zilizoliwa
stores-reserve = Akiba
stores-to_place = Za kuweka

level-name-1 = anayeanza
level-name-2 = mwanafunzi
level-name-3 = mchezaji wa kawaida
level-name-4 = mchezaji wa klabu
level-name-5 = hodari
level-name-6 = mahiri
level-name-7 = bingwa
level-name-8 = hodari kuliko wote
level-choice = Kiwango { $level }: { $name }
computer-level = Kompyuta, kiwango { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
}, safu ya mbele ya { $loser ->
    [south] Kusini
   *[north] Kaskazini
} haina kete
outcome-no-legal-move = { $result }: { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
}, { $loser ->
    [south] Kusini hana
   *[north] Kaskazini hana
} hatua halali
outcome-repetition-draw = { $result }: sare kwa kujirudia kwa nafasi
outcome-repetition-win = { $result }: { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
} kwa kujirudia kwa nafasi
outcome-resignation = { $result }: { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
}, { $loser ->
    [south] Kusini
   *[north] Kaskazini
} amekubali kushindwa
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] Kusini ameshinda kwa kete { $south } dhidi ya { $north }
   *[north] Kaskazini ameshinda kwa kete { $north } dhidi ya { $south }
}
outcome-seeds-counted-draw = { $result }: sare, kila upande una kete { $south }
outcome-other = { $result }: mchezo umekwisha

# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Proměnné stran ($side, $winner, $loser, $mover) mají hodnotu `south` nebo `north`; výběr
# podle nich dovoluje jméno strany skloňovat.

side-south = Jih
side-north = Sever
side-name = { $side ->
    [south] Jih
   *[north] Sever
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width } se zásobníky

stores-store = Zásobník
stores-captured = Vzato
stores-reserve = Zásoba
stores-to_place = Zbývá rozmístit

level-name-1 = začátečník
level-name-2 = mírně pokročilý
level-name-3 = rekreační hráč
level-name-4 = klubový hráč
level-name-5 = silný hráč
level-name-6 = expert
level-name-7 = mistr
level-name-8 = nejsilnější
level-choice = Úroveň { $level }: { $name }
computer-level = Počítač, úroveň { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] vyhrává Jih
   *[north] vyhrává Sever
}, vnitřní řada { $loser ->
    [south] Jihu
   *[north] Severu
} je prázdná
outcome-no-legal-move = { $result }: { $winner ->
    [south] vyhrává Jih
   *[north] vyhrává Sever
}, { $loser ->
    [south] Jih
   *[north] Sever
} nemá žádný platný tah
outcome-repetition-draw = { $result }: remíza opakováním pozice
outcome-repetition-win = { $result }: { $winner ->
    [south] Jih
   *[north] Sever
} vyhrává opakováním pozice
outcome-resignation = { $result }: { $winner ->
    [south] vyhrává Jih
   *[north] vyhrává Sever
}, { $loser ->
    [south] Jih
   *[north] Sever
} se vzdal
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] Jih vyhrává poměrem semínek { $south } : { $north }
   *[north] Sever vyhrává poměrem semínek { $north } : { $south }
}
outcome-seeds-counted-draw = { $result }: remíza, každá strana má { $south } { $south ->
    [one] semínko
    [few] semínka
    [many] semínka
   *[other] semínek
}
outcome-other = { $result }: partie skončila

# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Zmienne stron ($side, $winner, $loser, $mover) to klucze `south` i `north`; wybór na nich
# pozwala odmienić nazwę strony: Południe (rodzaj nijaki), Północ (rodzaj żeński).

side-south = Południe
side-north = Północ
side-name = { $side ->
    [south] Południe
   *[north] Północ
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, z magazynami

stores-store = Magazyn
stores-captured = Zbite
stores-reserve = Zapas
stores-to_place = Do rozstawienia

level-name-1 = początkujący
level-name-2 = nowicjusz
level-name-3 = amator
level-name-4 = gracz klubowy
level-name-5 = silny
level-name-6 = ekspert
level-name-7 = mistrz
level-name-8 = najsilniejszy
level-choice = Poziom { $level }: { $name }
computer-level = Komputer, poziom { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] Południe wygrywa
   *[north] Północ wygrywa
}, { $loser ->
    [south] przedni rząd Południa
   *[north] przedni rząd Północy
} jest pusty
outcome-no-legal-move = { $result }: { $winner ->
    [south] Południe wygrywa
   *[north] Północ wygrywa
}, { $loser ->
    [south] Południe nie ma
   *[north] Północ nie ma
} dozwolonego ruchu
outcome-repetition-draw = { $result }: remis przez powtórzenie pozycji
outcome-repetition-win = { $result }: { $winner ->
    [south] Południe wygrywa
   *[north] Północ wygrywa
} przez powtórzenie pozycji
outcome-resignation = { $result }: { $winner ->
    [south] Południe wygrywa
   *[north] Północ wygrywa
}, { $loser ->
    [south] Południe się poddało
   *[north] Północ się poddała
}
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] Południe wygrywa po policzeniu ziaren, { $south } do { $north }
   *[north] Północ wygrywa po policzeniu ziaren, { $north } do { $south }
}
outcome-seeds-counted-draw = { $result }: remis, każda strona ma { $south } { $south ->
    [one] ziarno
    [few] ziarna
    [many] ziaren
   *[other] ziarna
}
outcome-other = { $result }: partia zakończona

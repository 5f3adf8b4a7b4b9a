# The board client (web/*.js): the live game page, and the home page's form helper.
# Zmienne stron ($side, $winner) to klucze `south` i `north`; wybór na nich pozwala odmienić
# nazwę strony: Południe (rodzaj nijaki), Północ (rodzaj żeński). $move i $pit to zapis ruchu
# i nazwy dołków (A3>, a6<+, B12): nie tłumaczy się ich. $arrow to strzałka (→ ← ↑ ↓).

## Wiersz nad planszą: czyj ruch

turn-connecting = Łączenie…
turn-thinking = Komputer myśli…
turn-you = Twój ruch ({ $side ->
    [south] Południe
   *[north] Północ
})
# Dodatkowa tura w Kalah: ta sama strona rusza jeszcze raz.
turn-you-again = Znowu twój ruch ({ $side ->
    [south] Południe
   *[north] Północ
})
turn-computer = Ruch komputera ({ $side ->
    [south] Południe
   *[north] Północ
})
turn-opponent = Ruch przeciwnika ({ $side ->
    [south] Południe
   *[north] Północ
})
# We dwoje na jednym urządzeniu oraz dla widzów.
turn-side = { $side ->
    [south] Ruch Południa
   *[north] Ruch Północy
}
turn-side-again = { $side ->
    [south] Znowu ruch Południa
   *[north] Znowu ruch Północy
}
# W trakcie animacji ruchu.
turn-playing-you = Grasz { $move }…
turn-playing-computer = Komputer gra { $move }…
turn-playing-opponent = Przeciwnik gra { $move }…
turn-playing-side = { $side ->
    [south] Południe gra { $move }…
   *[north] Północ gra { $move }…
}
# $result to wynik: 1-0, 0-1 lub 1/2-1/2.
turn-over-you-won = Koniec partii: twoja wygrana ({ $result })
turn-over-you-lost = Koniec partii: twoja przegrana ({ $result })
turn-over-side-won = Koniec partii: { $winner ->
    [south] wygrało Południe
   *[north] wygrała Północ
} ({ $result })
turn-over-draw = Koniec partii: remis ({ $result })
# Gdy połączenie zostało utracone: nie można wysłać ruchu.
turn-offline = Brak połączenia: ponowne łączenie…
# Tytuł karty, gdy gracz ma ruch; $title to własny tytuł strony.
title-your-turn = ● Twój ruch – { $title }
# Kto ogląda partię. Widz widzi pierwszy komunikat; gracze widzą drugi, gdy ktoś ogląda.
watching-you = Oglądasz tę partię ({ $count ->
    [one] { $count } widz
    [few] { $count } widzów
    [many] { $count } widzów
   *[other] { $count } widza
})
watching-count = { $count ->
    [one] { $count } widz ogląda
    [few] { $count } widzów ogląda
    [many] { $count } widzów ogląda
   *[other] { $count } widza ogląda
}
# Komunikat serwera dla tej wizyty (zaproszenie już wykorzystane) można zamknąć.
notice-dismiss = Zamknij

## Wynik dla gracza: przed zdaniem outcome-* z common.ftl

outcome-you-win = Wygrywasz!
outcome-you-lose = Przegrywasz.
outcome-you-draw = Remis.

## Paski graczy nad planszą i pod nią

player-you = Ty
player-opponent = Przeciwnik
# Komputer, gdy się ogląda partię albo gra we dwoje na jednym urządzeniu.
player-computer-side = Komputer, poziom { $level } ({ $side ->
    [south] Południe
   *[north] Północ
})
panel-to-move = na ruchu
# $seeds to liczba, pogrubiona.
panel-hand = W ręce { $seeds }
# $field to jedna z nazw stores-* z common.ftl (Magazyn, Zbite, ...); $seeds to liczba.
panel-stores = { $field } { $seeds }
panel-nyumba = Nyumba { $pit }
panel-no-nyumba = Bez nyumby
panel-waiting = czeka na dołączenie
panel-connected = połączono
panel-disconnected = rozłączono
panel-opponent-disconnected = przeciwnik się rozłączył
panel-moves = Ruchy
# Co ostatni ruch zmienił w ręce lub magazynie: $change ma znak (+7, −1).
panel-change = ({ $change })

## Ruchy: ostatni ruch, lista ruchów i zdanie dla czytnika ekranu

move-last = Ostatni ruch: { $move } ({ $side ->
    [south] Południe
   *[north] Północ
})
move-list-title = { $side ->
    [south] Południe
   *[north] Północ
}, półruch { $ply }
move-list-empty = Nie wykonano jeszcze żadnego ruchu.
move-played = { $side ->
    [south] Południe zagrało { $move }.
   *[north] Północ zagrała { $move }.
}
# $captures to lista pozycji move-capture połączona po polsku („5 z A1, 2 z A2 i 3 z A4”).
move-played-captured = { $side ->
    [south] Południe zagrało { $move } i zbiło { $captures }.
   *[north] Północ zagrała { $move } i zbiła { $captures }.
}
move-played-again = { $side ->
    [south] Południe zagrało { $move } i gra jeszcze raz.
   *[north] Północ zagrała { $move } i gra jeszcze raz.
}
move-played-captured-again = { $side ->
    [south] Południe zagrało { $move }, zbiło { $captures } i gra jeszcze raz.
   *[north] Północ zagrała { $move }, zbiła { $captures } i gra jeszcze raz.
}
move-capture = { $seeds } z { $pit }
announce-game-over = Koniec partii.
# Po zdaniu o ruchu: czyj teraz ruch; $turn to jeden z wierszy turn-* powyżej.
announce-turn = { $turn }.
# Nagłówek kolumny z numerami ruchów na liście ruchów.
move-list-number = Nr

## Co zrobił ostatni ruch: zdanie pod planszą aż do następnego ruchu

# $captures to lista pozycji effect-capture-sown lub move-capture.
effect-captured = { $side ->
    [south] Południe zbiło { $captures }.
   *[north] Północ zbiła { $captures }.
}
# Bao: zbite ziarna zostały rozsiane od kichwy $kichwa. Bez czasownika w czasie przeszłym,
# bo komunikat nie zna strony (Południe zbiło / Północ zbiła); imiesłów zgadza się z ziarnami.
effect-capture-sown = { $seeds ->
    [one] { $seeds } z { $pit }, rozsiane od { $kichwa }
    [few] { $seeds } z { $pit }, rozsiane od { $kichwa }
    [many] { $seeds } z { $pit }, rozsianych od { $kichwa }
   *[other] { $seeds } z { $pit }, rozsiane od { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] Nyumba Południa została zniszczona.
   *[north] Nyumba Północy została zniszczona.
}
effect-takasia = { $pit } jest zablokowany zasadą takasia na następny ruch.

## Legenda oznaczeń na liście ruchów (same oznaczenia są wyświetlane obok)

legend-heading = Oznaczenia w zapisie ruchów
legend-direction = kierunek ruchu, w lewo lub w prawo z punktu widzenia wykonującego ruch (przy biciu: ten koniec przedniego rzędu, w którym wchodzą zbite ziarna)
legend-safari = po znaku kierunku: safari, ruch poszedł dalej z nyumby
legend-place = przed nazwą dołka: trafia do niego ziarno z zapasu
legend-lap = okrążenie poszło zgodnie z ruchem wskazówek zegara (c) lub przeciwnie do ruchu wskazówek zegara (a)
legend-takasa = takasa: ruch niczego nie zbił
legend-takasia = takasa, która blokuje jeden z dołków przeciwnika (takasia)
legend-win = ruch wygrywa partię

## Plansza (nazwy dla czytników ekranu)

board-label = Plansza
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } ziarno
    [few] { $seeds } ziarna
    [many] { $seeds } ziaren
   *[other] { $seeds } ziarna
}
board-store = { $side ->
    [south] Magazyn Południa
   *[north] Magazyn Północy
}, { $seeds ->
    [one] { $seeds } ziarno
    [few] { $seeds } ziarna
    [many] { $seeds } ziaren
   *[other] { $seeds } ziarna
}
board-pit-nyumba = nyumba
board-pit-takasia = zablokowany zasadą takasia
board-pit-reserved = zarezerwowany
board-pit-last = ostatni ruch
board-pit-playable = można z niego zagrać
board-pit-selected = wybrany
board-pit-captured = zbity w ostatnim ruchu
board-pit-deciding = tu ruch czeka na wybór

## Okno wyboru ruchu: wybory po kliknięciu dołka

dialogue-label = Wybierz
dialogue-wait = Poczekaj na swoją kolej.
dialogue-not-playable = Z { $pit } nie można teraz zacząć ruchu.
# $move to dotychczasowa część ruchu: dołek i dokonane wybory (A3>).
dialogue-prompt = { $move }: wybierz
dialogue-prompt-direction = { $pit }: w którą stronę?
dialogue-prompt-kichwa = { $pit } bije: gdzie wprowadzić zbite ziarna?
dialogue-prompt-nyumba = { $move }: ruch dochodzi do twojej nyumby
dialogue-prompt-lap = { $move }: w którą stronę idzie to okrążenie?
# Bicie w Bao: zbite ziarna wchodzą na planszę w kichwie (skrajnym dołku przedniego rzędu).
dialogue-kichwa-left = { $arrow } Wprowadź do { $pit } (lewa kichwa)
dialogue-kichwa-left-long = Zbite ziarna wchodzą do { $pit }, lewej kichwy, i idą w prawo
dialogue-kichwa-right = { $arrow } Wprowadź do { $pit } (prawa kichwa)
dialogue-kichwa-right-long = Zbite ziarna wchodzą do { $pit }, prawej kichwy, i idą w lewo
dialogue-sow-towards = { $arrow } Siej w stronę { $to }
dialogue-sow-right-long = Siej w prawo z { $from }, pierwsze ziarno do { $to }
dialogue-sow-left-long = Siej w lewo z { $from }, pierwsze ziarno do { $to }
# Plansze dwurzędowe.
dialogue-right = W prawo →
dialogue-right-long = Siej w prawo z { $from }
dialogue-left = ← W lewo
dialogue-left-long = Siej w lewo z { $from }
# Bao: ruch, który kończy się we własnej nyumbie, może się tam zatrzymać albo iść dalej (safari).
dialogue-safari = Safari: siej dalej
dialogue-safari-long = Safari: siej dalej z nyumby
dialogue-stop = Zatrzymaj się w nyumbie
dialogue-stop-long = Zatrzymaj się w nyumbie: tu ruch się kończy
# Omweso: każde okrążenie, które dochodzi do lewego końca, może zawrócić zgodnie z ruchem
# wskazówek zegara; $lap numeruje te wybory.
dialogue-clockwise = ↻ Zgodnie z ruchem wskazówek zegara (wybór { $lap })
dialogue-clockwise-long = Zgodnie z ruchem wskazówek zegara przy wyborze nr { $lap }
dialogue-anticlockwise = ↺ Przeciwnie do ruchu wskazówek zegara (wybór { $lap })
dialogue-anticlockwise-long = Przeciwnie do ruchu wskazówek zegara przy wyborze nr { $lap }
dialogue-cancel = Anuluj

## Dlaczego z dołka nie można zagrać: komunikat obok niego po kliknięciu

note-spectator = Oglądasz partię: widzowie nie mogą wykonywać ruchów.
note-game-over = Partia jest zakończona.
note-offline = Brak połączenia: ruchy czekają na jego przywrócenie.
note-busy = Poczekaj: trwa wykonywanie ruchu.
note-computer-turn = Teraz ruch komputera.
# $side to strona, która ma ruch; $pit to dołek drugiej strony.
note-other-side = { $side ->
    [south] { $pit } to dołek Północy: teraz ruch Południa.
   *[north] { $pit } to dołek Południa: teraz ruch Północy.
}
note-empty = { $pit } jest pusty.
note-takasia = { $pit } jest w tym ruchu zablokowany zasadą takasia.

## Wpisywanie ruchu

entry-label = Wpisz ruch
entry-hint = np. A6< i Enter albo dołek i klawisz strzałki
# $move to wpisany tekst.
entry-no-move = Nie ma tu dozwolonego ruchu { $move }.

## Przyciski i ustawienia obok planszy

control-resign = Poddaj się
control-takeback = Cofnij ruch
control-rematch = Zaproponuj rewanż
control-flip = Obróć planszę
control-resign-question = Poddać tę partię?
control-resign-confirm = Tak, poddaję się
control-resign-cancel = Anuluj
# $menu to menu szybkości poniżej.
settings-animation = Animacja { $menu }
settings-speed-off = Wyłączona
settings-speed-fast = Szybka
settings-speed-normal = Normalna
settings-speed-slow = Wolna
# $box to pole wyboru.
settings-sound = { $box } Dźwięk
# $box to pole wyboru.
settings-notify = { $box } Powiadamiaj mnie, gdy nadejdzie mój ruch
notify-title = Twój ruch
# $game to nazwa gry.
notify-body = Twój ruch w partii { $game }.

## Propozycje cofnięcia ruchu i rewanżu

offer-takeback-own = Twoja propozycja cofnięcia ruchu czeka na odpowiedź…
offer-rematch-own = Twoja propozycja rewanżu czeka na odpowiedź…
offer-takeback-incoming = Przeciwnik proponuje cofnięcie ruchu.
offer-rematch-incoming = Przeciwnik proponuje rewanż.
offer-takeback-side = { $side ->
    [south] Południe proponuje cofnięcie ruchu.
   *[north] Północ proponuje cofnięcie ruchu.
}
offer-rematch-side = { $side ->
    [south] Południe proponuje rewanż.
   *[north] Północ proponuje rewanż.
}
offer-accept = Przyjmij
offer-decline = Odrzuć

## Linki: zaproszenie, własny link gracza, link dla widzów, zapis partii

link-invite-heading = Zaproś znajomego
link-invite-text = Wyślij ten link znajomemu; kto otworzy go pierwszy, zagra z tobą.
link-invite-label = Link z zaproszeniem
link-summary = Linki do tej partii
link-private = Twój prywatny link (zachowaj go dla siebie: to twoje miejsce przy planszy)
link-private-label = Twój prywatny link
link-watch = Link dla widzów (każdy może oglądać)
link-watch-label = Link dla widzów
link-copy = Kopiuj
link-copied = Skopiowano
link-record = Pobierz zapis partii
link-rematch = Przejdź do rewanżu

## Połączenie i wiersz stanu

connection-online = połączono
connection-offline = brak połączenia
connection-reconnecting = , ponowne łączenie…
# $ply to liczba dotąd wykonanych półruchów.
status-ply = Półruch { $ply }
status-sent = Wysłano { $move }…
status-unsent = Brak połączenia: nie wysłano. Ponowne łączenie…
status-protocol = Ta strona jest nieaktualna: odśwież ją.
offline-banner = Utracono połączenie: ponowne łączenie… Ruchy poczekają, aż zostanie przywrócone.

## Odmowy serwera według kodu (docs/protocol.md §3.4)

client-error-bad_message = Serwer nie mógł odczytać tej wiadomości.
client-error-protocol = Ta strona jest nieaktualna: odśwież ją.
client-error-not_player = Oglądasz tę partię jako widz.
client-error-not_your_turn = Teraz nie twoja kolej.
client-error-game_over = Partia jest zakończona.
client-error-stale_ply = Ten ruch dotarł za późno: pozycja już się zmieniła.
client-error-illegal_move = Ten ruch jest tu niedozwolony.
client-error-no_offer = Nie ma propozycji, na którą można by odpowiedzieć.
client-error-nothing_to_take_back = Nie masz ruchu, który można by cofnąć.
client-error-not_over = O rewanż można poprosić dopiero po zakończeniu partii.
client-error-computer_busy = Komputer jest zajęty innymi partiami: spróbuj wykonać ruch ponownie za chwilę.
client-error-store = Nie udało się zapisać ruchu; spróbuj ponownie.
client-error-internal = Na serwerze coś poszło nie tak.
client-error-bad_request = Nie udało się obsłużyć żądania.
client-error-not_found = Nie ma takiej partii.
# Kod, którego ta strona nie zna (nowszy serwer).
client-error-unknown = Serwer odmówił ({ $code }).

## Formularz nowej partii na stronie głównej (web/home.js)

newgame-options = Zasady opcjonalne:
newgame-no-options = Ta gra nie ma zasad opcjonalnych.

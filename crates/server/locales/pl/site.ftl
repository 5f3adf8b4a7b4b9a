# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = Mancala
# Nazwa języka w nim samym, w przełączniku języków.
language-name = Polski
language-switch = Język
# Wyświetlane w zapamiętanym języku odwiedzającego na stronie w innym języku.
language-offer = Ta strona jest w innym języku niż wybrany przez ciebie.
language-offer-link = Przeczytaj ją po polsku
nav-label = Serwis
nav-new-game = Nowa partia
nav-rules = Zasady
nav-about = O serwisie
footer-tagline = Bez rejestracji: do gry wystarczy link.

home-title = Graj
home-heading = Graj w Bao i czterorzędowe mankale
home-intro = Bez rejestracji. Utwórz partię, udostępnij link i zagraj ze znajomym, z komputerem albo we dwoje na jednym urządzeniu.
home-games = Gry
home-card-play = Graj
home-card-rules = Zasady
home-family-link = Jak te gry są ze sobą spokrewnione i od której zacząć naukę
home-new-game = Nowa partia
home-game = Gra
home-variant = Wariant
home-options-hint = Zasady opcjonalne (obowiązują tylko te, które dotyczą wybranej gry):
home-opponent = Przeciwnik
home-opponent-friend = Znajomy przez link
home-opponent-computer = Komputer
home-opponent-local = We dwoje na tym urządzeniu
home-level = Poziom komputera
home-side = Twoja strona
home-side-south = Południe (zaczyna)
home-side-north = Północ
home-side-random = Losowo
home-create = Utwórz partię

game-your-move = Twój ruch
game-play = Graj
game-invite = Zaproś znajomego:
game-download-record = Pobierz zapis partii
game-invite-used = To zaproszenie zostało już wykorzystane: oglądasz partię jako widz.
game-status-your-move = Twój ruch (półruch { $ply })
game-status-to-move = { $side ->
    [south] Ruch Południa
   *[north] Ruch Północy
} (półruch { $ply })
game-extras-hands = W ręce: Południe { $south }, Północ { $north }
game-extras-stores = { $field }: Południe { $south }, Północ { $north }

error-title-not-found = Nie znaleziono
error-title-forbidden = To nie twoje miejsce
error-title-server = Coś poszło nie tak
error-title-refused = To się nie udało
error-start-new = Rozpocznij nową partię
error-bad-message = Nie udało się odczytać wiadomości.
error-protocol = Ta strona jest nieaktualna: odśwież ją.
error-not-player = Ten link nie daje miejsca przy tej partii; sam link do partii, bez tej części, pozwala ją oglądać.
error-not-your-turn = Teraz nie twoja kolej.
error-game-over = Partia jest zakończona.
error-stale-ply = Ten ruch dotarł za późno: pozycja już się zmieniła.
error-illegal-move = Ten ruch jest tu niedozwolony.
error-no-offer = Nie ma propozycji, na którą można by odpowiedzieć.
error-nothing-to-take-back = Nie masz ruchu, który można by cofnąć.
error-not-over = O rewanż można poprosić dopiero po zakończeniu partii.
error-computer-busy = Komputer jest zajęty innymi partiami: spróbuj ponownie za chwilę.
error-store = Nie udało się zapisać partii; spróbuj ponownie.
error-internal = Na serwerze coś poszło nie tak.
error-bad-request = Nie udało się obsłużyć żądania: sprawdź formularz i spróbuj ponownie.
error-not-found = Nie ma takiej strony ani partii.
error-cross-site = Ten formularz został wysłany z innej witryny, więc go odrzucono. Otwórz ten serwis samodzielnie i zacznij od nowa na jego własnej stronie.
error-unsupported-media-type = Żądanie nie zostało wysłane tak, jak wysyłają je strony tego serwisu.
error-rate-limited = Z twojego adresu rozpoczęto w krótkim czasie zbyt wiele partii. Odczekaj chwilę i spróbuj ponownie.
refused-busy = Serwis ma teraz zbyt wiele otwartych połączeń. Spróbuj ponownie za chwilę.
refused-slow = Żądanie przychodziło zbyt wolno i zostało przerwane. Spróbuj ponownie.

invite-own-title = To jest twoje zaproszenie
invite-own-explain = Wyślij ten link znajomemu: kto otworzy go pierwszy, zagra z tobą. Jeśli to ty go otworzysz, zaproszenie pozostanie ważne.
invite-own-label = Link z zaproszeniem
invite-own-copy = Kopiuj
invite-own-copied = Skopiowano
invite-own-back = Wróć do swojej partii

# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = Zasady gry { $game }
rules-contents = Spis treści
rules-where = Gdzie się gra
rules-boards = Plansze
rules-play = Zagraj w { $game }
rules-family-link = Wszystkie gry czterorzędowe w jednym zestawieniu
rules-about-link = O serwisie i jego źródłach
rules-untranslated = Te zasady nie zostały jeszcze przetłumaczone, dlatego są wyświetlane po angielsku.

example-play-hint = Twój ruch: kliknij dołek, z którego można zagrać, albo wykonaj proponowany ruch.
example-try = Zagraj { $move }
example-again = Spróbuj jeszcze raz
example-played = Zagrano { $move }.
example-illegal = Ten ruch jest tu niedozwolony.
example-failed = Nie udało się wczytać przykładu.
example-label = Plansza z przykładem

about-title = O serwisie
about-intro = Mancala to bezpłatny serwis do gry w czterorzędowe mankale Afryki Wschodniej i Południowej oraz do ich poznawania; punktem odniesienia jest standardowa dwurzędowa gra Mancala (Kalah). Nikt nie musi zakładać konta: partia to link.
about-rules-heading = Zasady i ich źródła
about-rules-text = Zasady każdej gry opierają się na opisach opublikowanych przez graczy i badaczy. Tam, gdzie źródła się różnią lub pozostawiają jakąś kwestię otwartą, strona zasad wyjaśnia, którą interpretację przyjmuje serwis i dlaczego. Każda strona podaje pełną listę swoich źródeł:
about-engine-heading = Gracze komputerowi
about-engine-text = Komputer gra na ośmiu poziomach: od początkującego, który widzi jeden ruch naprzód, po pełne przeszukiwanie trwające około sekundy na ruch. Siłę graczy stojących za poszczególnymi poziomami mierzy się w partiach rozgrywanych między nimi w każdej z gier.
about-licence-heading = Licencja
about-licence-text = Program serwisu jest wolnym oprogramowaniem na licencji GNU Affero General Public License w wersji 3 lub późniejszej.
about-version-heading = Wersja
about-version = Wersja { $version }, commit { $commit }.
example-stop = Zatrzymaj się w nyumbie
example-safari = Safari: siej dalej

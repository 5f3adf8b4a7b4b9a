# The games in words: the name of each variant, one line and a place for each rules page, and the
# short name and description of each rule option. Przekład polski; zasady są w docs/rules/pl.

## Nazwy gier (po jednej na identyfikator wariantu, jak Game::name() w crates/rules/src/variant.rs)

game-bao-la-kiswahili = Bao la Kiswahili
game-bao-la-kujifunza = Bao la Kujifunza
game-bao-la-kete = Bao la Kete
game-hawalis = Hawalis
game-hawalis-4x8 = Bao Kiarabu (4×8)
game-hus = Hus
game-hus-4x12 = Hus (4×12)
game-hus-4x16 = Hus (4×16)
game-kalah = Kalah
game-kalah-6x5 = Kalah (5 ziaren)
game-kalah-6x6 = Kalah (6 ziaren)
game-bao-la-kimasai = Bao la Kimasai
game-bao-la-kimasai-4x12 = Bao la Kimasai 4×12 (przesuwanie kamyków)
game-omweso = Omweso

## Strony z zasadami: czym jest gra (karta na stronie głównej, początek strony z zasadami) i gdzie się w nią gra

page-bao-la-kiswahili-summary = Pełne Bao z Zanzibaru: cztery rzędy, ziarna wprowadzane z ręki jedno po drugim, dom o szczególnych uprawnieniach i zbite ziarna, które przechodzą na drugą stronę planszy.
page-bao-la-kiswahili-where = Zanzibar i suahilijskie wybrzeże Tanzanii i Kenii

page-bao-la-kujifunza-summary = Bao dla początkujących: wszystkie ziarna są od początku na planszy, nie ma ziaren w ręce ani domu, ale siew i bicie są takie jak w pełnej grze.
page-bao-la-kujifunza-where = Afryka Wschodnia, wszędzie tam, gdzie uczy się gry w Bao

page-bao-la-kete-summary = Bao z wysp Lamu: Bao z Zanzibaru z domem, w którym nigdy nie ma mniej niż sześciu ziaren, i z kilkoma innymi zmianami.
page-bao-la-kete-where = Archipelag Lamu, Kenia

page-hawalis-summary = Najprostsza z gier czterorzędowych: siew sztafetowy wokół własnych dwóch rzędów i bicie, gdy ostatnie ziarno wpadnie do pustego przedniego dołka.
page-hawalis-where = Oman, a na Zanzibarze jako Bao Kiarabu

page-hus-summary = Prosta gra czterorzędowa, w której żadne ziarno nigdy nie opuszcza planszy: zbite ziarna wysiewa się dalej razem z ziarnami dołka, który je zbił.
page-hus-where = Namibia (ludy Nama i Damara)

page-omweso-summary = Czterorzędowa gra Ugandy: siew sztafetowy, bicie całych kolumn i okrążenia, które na lewym końcu mogą zawrócić zgodnie z ruchem wskazówek zegara.
page-omweso-where = Uganda

page-bao-la-kimasai-summary = Czterorzędowa gra Masajów w dwóch fazach: najpierw sadzenie ziaren z zapasu, potem żniwa z biciem.
page-bao-la-kimasai-where = Masajowie z głębi lądu Tanzanii

page-bao-la-kimasai-4x12-summary = Gra Masajów bez siewu: pojedyncze kamyki przesuwają się o jeden dołek naraz i usuwają kamyki przeciwnika, naprzeciw których się znajdą.
page-bao-la-kimasai-4x12-where = Masajowie ze środkowej Tanzanii (Dodoma)

page-kalah-summary = Standardowa dwurzędowa Mancala: siej wokół planszy przez własny magazyn, zdobywaj dodatkowe tury, zbijaj ziarna do magazynu, a na koniec policz ziarna.
page-kalah-where = Cały świat; gra powstała w Stanach Zjednoczonych

## Zasady opcjonalne: krótka nazwa i jedno zdanie o tym, co zmieniają

option-takasia-donkers = Takasia według Donkersa
option-takasia-donkers-description = Takasia dokładnie tak, jak opisał ją Donkers: zablokować można także zagrożony dołek z pojedynczym ziarnem, bez późniejszego wyjątku de Voogta.

option-takasia-none = Bez zasady takasia
option-takasia-none-description = Ruch bez bicia nigdy nie blokuje żadnego dołka przeciwnika.

option-capture-requires-outer = Bicie wymaga obu dołków
option-capture-requires-outer-description = Do bicia potrzeba ziaren zarówno w przednim dołku przeciwnika naprzeciwko, jak i w tylnym dołku za nim; w przeciwnym razie siew sztafetowy trwa dalej.

option-empty-capture = Puste bicie
option-empty-capture-description = Ostatnie ziarno we własnym pustym dołku zawsze trafia do twojego magazynu razem z zawartością dołka naprzeciwko, nawet gdy ten jest pusty.

option-free-setup = Dowolny układ początkowy
option-free-setup-description = Plansza jest na początku pusta, a gracze na zmianę kładą po jednym ze swoich 32 ziaren w dowolnym dołku po swojej stronie.

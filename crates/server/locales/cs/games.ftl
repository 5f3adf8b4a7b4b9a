# The games in words: the name of each variant, one line and a place for each rules page, and the
# short name and description of each rule option. Pravidla samotná jsou v docs/rules.

## Názvy her (jeden na každý slug varianty, jako Game::name() v crates/rules/src/variant.rs)

game-bao-la-kiswahili = Bao la Kiswahili
game-bao-la-kujifunza = Bao la Kujifunza
game-bao-la-kete = Bao la Kete
game-hawalis = Hawalis
game-hawalis-4x8 = Bao Kiarabu (4×8)
game-hus = Hus
game-hus-4x12 = Hus (4×12)
game-hus-4x16 = Hus (4×16)
game-kalah = Kalah
game-kalah-6x5 = Kalah (5 semínek)
game-kalah-6x6 = Kalah (6 semínek)
game-bao-la-kimasai = Bao la Kimasai
game-bao-la-kimasai-4x12 = Bao la Kimasai 4×12 (posouvání kamínků)
game-omweso = Omweso

## Stránky pravidel: co je hra zač (karta na úvodní stránce, záhlaví stránky pravidel) a kde se hraje

page-bao-la-kiswahili-summary = Úplné Bao ze Zanzibaru: čtyři řady, semínka přicházející na desku z ruky jedno po druhém, nyumba (dům) se zvláštními schopnostmi a vzatá semínka, která přecházejí na druhou stranu.
page-bao-la-kiswahili-where = Zanzibar a svahilské pobřeží Tanzanie a Keni

page-bao-la-kujifunza-summary = Bao pro začátečníky: všechna semínka začínají na desce, v ruce nic a žádná nyumba (dům), ale setí a braní jako v úplné hře.
page-bao-la-kujifunza-where = Východní Afrika, všude, kde se lidé učí Bao

page-bao-la-kete-summary = Bao z ostrovů Lamu: zanzibarské Bao s domem, v němž nikdy neleží méně než šest semínek, a s několika dalšími změnami.
page-bao-la-kete-where = Souostroví Lamu, Keňa

page-hawalis-summary = Nejprostší ze čtyřřadých her: štafetové setí dokola po vlastních dvou řadách a braní, když poslední semínko dopadne do prázdné vnitřní jamky.
page-hawalis-where = Omán; na Zanzibaru pod názvem Bao Kiarabu

page-hus-summary = Jednoduchá čtyřřadá hra, v níž žádné semínko nikdy neopustí desku: vzatá semínka se sejí dál spolu se semínky jamky, která je vzala.
page-hus-where = Namibie (Namové a Damarové)

page-omweso-summary = Čtyřřadá hra Ugandy: štafetové setí, braní celých sloupců a kola, která se na levém konci smějí obrátit po směru hodinových ručiček.
page-omweso-where = Uganda

page-bao-la-kimasai-summary = Čtyřřadá hra Masajů o dvou fázích: nejprve sázení semínek ze zásoby, potom sklizeň s braním.
page-bao-la-kimasai-where = Masajové ve vnitrozemí Tanzanie

page-bao-la-kimasai-4x12-summary = Masajská hra bez setí: jednotlivé kamínky se posouvají vždy o jedno pole a odstraňují soupeřovy kamínky, proti nimž se ocitnou.
page-bao-la-kimasai-4x12-where = Masajové ve střední Tanzanii (Dodoma)

page-kalah-summary = Standardní dvouřadá Mancala: sejete dokola po desce přes vlastní zásobník, získáváte tahy navíc, berete do zásobníku a na konci se počítají semínka.
page-kalah-where = Celý svět; hra vznikla ve Spojených státech

## Volitelná pravidla: krátký název a jedna věta o tom, co každé mění

option-takasia-donkers = Takasia podle Donkerse
option-takasia-donkers-description = Pravidlo takasia přesně tak, jak je sepsal Donkers: zablokovat lze i ohroženou jamku s jediným semínkem, bez pozdější výjimky de Voogta.

option-takasia-none = Bez pravidla takasia
option-takasia-none-description = Tah, který nic nebere, nikdy nezablokuje žádnou soupeřovu jamku.

option-capture-requires-outer = Braní vyžaduje obě jamky
option-capture-requires-outer-description = K braní musí ležet semínka jak v soupeřově protější vnitřní jamce, tak ve vnější jamce za ní; jinak kolo pokračuje štafetou.

option-empty-capture = Braní i naprázdno
option-empty-capture-description = Poslední semínko ve vaší vlastní prázdné jamce jde vždy do vašeho zásobníku spolu s tím, co leží v protější jamce, i kdyby tam nebylo nic.

option-free-setup = Volné rozestavení
option-free-setup-description = Deska je na začátku prázdná a hráči střídavě kladou svých 32 semínek po jednom kamkoli na svou stranu.

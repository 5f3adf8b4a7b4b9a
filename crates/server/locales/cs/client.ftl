# The board client (web/*.js): the live game page, and the home page's form helper.
# Posílá se prohlížeči jako JSON (GET /{lang}/messages.json) spolu s common.ftl a games.ftl.
# Proměnné stran ($side, $winner) mají hodnotu `south` nebo `north`: vybírá se podle nich, jako
# v common.ftl. $move a $pit jsou zápisy tahů a názvy jamek (A3>, a6<+, B12): nikdy se
# nepřekládají. $arrow je šipka (→ ← ↑ ↓), která ukazuje směr na obrazovce.

## Řádek tahu nad deskou

turn-connecting = Připojování…
turn-thinking = Počítač přemýšlí…
turn-you = Jste na tahu ({ $side ->
    [south] Jih
   *[north] Sever
})
# Tah navíc v Kalah: táž strana táhne znovu.
turn-you-again = Jste znovu na tahu ({ $side ->
    [south] Jih
   *[north] Sever
})
turn-computer = Na tahu je počítač ({ $side ->
    [south] Jih
   *[north] Sever
})
turn-opponent = Na tahu je soupeř ({ $side ->
    [south] Jih
   *[north] Sever
})
# Hra ve dvou na jednom zařízení a diváci.
turn-side = { $side ->
    [south] Na tahu je Jih
   *[north] Na tahu je Sever
}
turn-side-again = { $side ->
    [south] Na tahu je znovu Jih
   *[north] Na tahu je znovu Sever
}
# Během animace tahu.
turn-playing-you = Táhnete { $move }…
turn-playing-computer = Počítač táhne { $move }…
turn-playing-opponent = Soupeř táhne { $move }…
turn-playing-side = { $side ->
    [south] Jih táhne { $move }…
   *[north] Sever táhne { $move }…
}
# $result je výsledek: 1-0, 0-1 nebo 1/2-1/2.
turn-over-you-won = Konec partie: vaše výhra ({ $result })
turn-over-you-lost = Konec partie: vaše prohra ({ $result })
turn-over-side-won = Konec partie: { $winner ->
    [south] vyhrál Jih
   *[north] vyhrál Sever
} ({ $result })
turn-over-draw = Konec partie: remíza ({ $result })
# Při ztrátě spojení: žádný tah nelze odeslat.
turn-offline = Bez připojení: obnovuje se spojení…
# Název karty, když je hráč na tahu; $title je vlastní název stránky.
title-your-turn = ● Jste na tahu – { $title }
# Kdo partii sleduje. Divák vidí první zprávu; hráči vidí druhou, když se někdo dívá.
watching-you = Tuto partii sledujete ({ $count ->
    [one] { $count } divák
    [few] { $count } diváci
    [many] { $count } diváka
   *[other] { $count } diváků
})
watching-count = { $count ->
    [one] Partii sleduje { $count } divák
    [few] Partii sledují { $count } diváci
    [many] Partii sleduje { $count } diváka
   *[other] Partii sleduje { $count } diváků
}
# Oznámení serveru k této návštěvě (už použitá pozvánka) lze zavřít.
notice-dismiss = Zavřít

## Výsledek pro hráče: stojí před větou outcome-* z common.ftl

outcome-you-win = Výhra!
outcome-you-lose = Prohra.
outcome-you-draw = Remíza.

## Pruhy hráčů nad deskou a pod ní

player-you = Vy
player-opponent = Soupeř
# Počítač při sledování nebo při hře ve dvou, kde strana jinak vidět není.
player-computer-side = Počítač, úroveň { $level } ({ $side ->
    [south] Jih
   *[north] Sever
})
panel-to-move = na tahu
# $seeds je počet, vypsaný tučně.
panel-hand = V ruce { $seeds }
# $field je jeden z názvů stores-* z common.ftl (Zásobník, Vzato, ...); $seeds jeho počet.
panel-stores = { $field } { $seeds }
panel-nyumba = Nyumba { $pit }
panel-no-nyumba = Bez nyumby
panel-waiting = čeká se na připojení
panel-connected = připojen
panel-disconnected = odpojen
panel-opponent-disconnected = soupeř je odpojen
panel-moves = Tahy
# Co poslední tah změnil v ruce nebo v zásobníku: $change má znaménko (+7, −1).
panel-change = ({ $change })

## Tahy: poslední tah, seznam tahů a věta, kterou slyší čtečka obrazovky

move-last = Poslední tah: { $move } ({ $side ->
    [south] Jih
   *[north] Sever
})
move-list-title = { $side ->
    [south] Jih
   *[north] Sever
}, půltah { $ply }
move-list-empty = Zatím žádné tahy.
move-played = { $side ->
    [south] Jih zahrál { $move }.
   *[north] Sever zahrál { $move }.
}
# $captures je seznam položek move-capture spojený tak, jak jazyk vyjmenovává
# („5 z A1, 2 z A2 a 3 z A4“).
move-played-captured = { $side ->
    [south] Jih zahrál { $move } a vzal { $captures }.
   *[north] Sever zahrál { $move } a vzal { $captures }.
}
move-played-again = { $side ->
    [south] Jih zahrál { $move } a táhne znovu.
   *[north] Sever zahrál { $move } a táhne znovu.
}
move-played-captured-again = { $side ->
    [south] Jih zahrál { $move } a vzal { $captures }; táhne znovu.
   *[north] Sever zahrál { $move } a vzal { $captures }; táhne znovu.
}
move-capture = { $seeds } z { $pit }
announce-game-over = Konec partie.
# Za větou o tahu: kdo je teď na tahu; $turn je jeden z řádků turn-* výše.
announce-turn = { $turn }.
# Záhlaví sloupce s čísly tahů v seznamu tahů.
move-list-number = Č.

## Co udělal poslední tah, zobrazeno pod deskou až do dalšího tahu

# $captures je seznam položek effect-capture-sown nebo move-capture.
effect-captured = { $side ->
    [south] Jih vzal { $captures }.
   *[north] Sever vzal { $captures }.
}
# Bao: vzatá semínka se sejí od kichwy $kichwa.
effect-capture-sown = { $seeds ->
    [one] { $seeds } z { $pit } a zasel ho od { $kichwa }
    [few] { $seeds } z { $pit } a zasel je od { $kichwa }
    [many] { $seeds } z { $pit } a zasel je od { $kichwa }
   *[other] { $seeds } z { $pit } a zasel je od { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] Nyumba Jihu je zničena.
   *[north] Nyumba Severu je zničena.
}
effect-takasia = Jamka { $pit } je na příští tah zablokována pravidlem takasia.

## Legenda ke značkám v seznamu tahů (samotné značky jsou zobrazeny vedle)

legend-heading = Značky u tahů
legend-direction = směr tahu: doleva nebo doprava z pohledu táhnoucího hráče (při braní: konec vnitřní řady, kterým vzatá semínka vstupují na desku)
legend-safari = za směrem: safari, tah pokračoval z nyumby
legend-place = před jamkou: do jamky přijde semínko ze zásoby
legend-lap = kolo šlo po směru (c) nebo proti směru hodinových ručiček (a)
legend-takasa = takasa: tah nic nevzal
legend-takasia = takasa, která zablokuje jednu ze soupeřových jamek (takasia)
legend-win = tah vyhrává partii

## Deska (názvy pro čtečky obrazovky)

board-label = Deska
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } semínko
    [few] { $seeds } semínka
    [many] { $seeds } semínka
   *[other] { $seeds } semínek
}
board-store = { $side ->
    [south] Zásobník Jihu
   *[north] Zásobník Severu
}, { $seeds ->
    [one] { $seeds } semínko
    [few] { $seeds } semínka
    [many] { $seeds } semínka
   *[other] { $seeds } semínek
}
board-pit-nyumba = nyumba
board-pit-takasia = zablokovaná pravidlem takasia
board-pit-reserved = rezervovaná
board-pit-last = poslední tah
board-pit-playable = lze z ní táhnout
board-pit-selected = vybraná
board-pit-captured = poslední tah z ní bral
board-pit-deciding = tah tu čeká na volbu

## Dialog tahu: volby po kliknutí na jamku

dialogue-label = Vyberte
dialogue-wait = Počkejte, až budete na tahu.
dialogue-not-playable = Z { $pit } teď nelze začít tah.
# $move je dosavadní tah: jamka a zatím provedené volby (A3>).
dialogue-prompt = { $move }: vyberte
dialogue-prompt-direction = { $pit }: kterým směrem?
dialogue-prompt-kichwa = { $pit } bere: do které kichwy vstoupí vzatá semínka?
dialogue-prompt-nyumba = { $move }: tah došel do vaší nyumby
dialogue-prompt-lap = { $move }: kterým směrem půjde toto kolo?
# Braní v Bao: vzatá semínka vstupují na desku v kichwě (krajní jamce vnitřní řady).
dialogue-kichwa-left = { $arrow } Do { $pit } (levá kichwa)
dialogue-kichwa-left-long = Vzatá semínka vstupují do levé kichwy { $pit } a postupují doprava
dialogue-kichwa-right = { $arrow } Do { $pit } (pravá kichwa)
dialogue-kichwa-right-long = Vzatá semínka vstupují do pravé kichwy { $pit } a postupují doleva
dialogue-sow-towards = { $arrow } Sít směrem k { $to }
dialogue-sow-right-long = Sít doprava z { $from }, první semínko do { $to }
dialogue-sow-left-long = Sít doleva z { $from }, první semínko do { $to }
# Dvouřadé desky.
dialogue-right = Doprava →
dialogue-right-long = Sít doprava z { $from }
dialogue-left = ← Doleva
dialogue-left-long = Sít doleva z { $from }
# Bao: tah, který skončí ve vlastní nyumbě, se v ní může zastavit, nebo pokračovat (safari).
dialogue-safari = Safari: pokračovat
dialogue-safari-long = Safari: pokračovat v setí z nyumby
dialogue-stop = Zastavit v nyumbě
dialogue-stop-long = Zastavit v nyumbě: tah tam skončí
# Omweso: každé kolo, které dojde na levý konec, se smí obrátit po směru hodinových ručiček;
# $lap tyto volby počítá.
dialogue-clockwise = ↻ Po směru hodinových ručiček (volba { $lap })
dialogue-clockwise-long = Volba { $lap }: po směru hodinových ručiček
dialogue-anticlockwise = ↺ Proti směru hodinových ručiček (volba { $lap })
dialogue-anticlockwise-long = Volba { $lap }: proti směru hodinových ručiček
dialogue-cancel = Zrušit

## Proč z jamky nelze táhnout, řečeno vedle ní po kliknutí

note-spectator = Partii sledujete: diváci nemohou táhnout.
note-game-over = Partie skončila.
note-offline = Bez připojení: tahy počkají na obnovení spojení.
note-busy = Počkejte: právě se hraje tah.
note-computer-turn = Na tahu je počítač.
# $side je strana na tahu; $pit je jamka druhé strany.
note-other-side = { $side ->
    [south] { $pit } je jamka Severu: na tahu je Jih.
   *[north] { $pit } je jamka Jihu: na tahu je Sever.
}
note-empty = Jamka { $pit } je prázdná.
note-takasia = Jamka { $pit } je v tomto tahu zablokována pravidlem takasia.

## Zadání tahu z klávesnice

entry-label = Zadejte tah
entry-hint = např. A6< a Enter nebo jamku a klávesu se šipkou
# $move je to, co bylo napsáno.
entry-no-move = Tah { $move } tu není platný.

## Tlačítka a nastavení vedle desky

control-resign = Vzdát se
control-takeback = Vrátit tah
control-rematch = Nabídnout odvetu
control-flip = Otočit desku
control-resign-question = Vzdát tuto partii?
control-resign-confirm = Ano, vzdát se
control-resign-cancel = Zrušit
# $menu je níže uvedená nabídka rychlostí.
settings-animation = Animace { $menu }
settings-speed-off = Vypnutá
settings-speed-fast = Rychlá
settings-speed-normal = Normální
settings-speed-slow = Pomalá
# $box je zaškrtávací políčko.
settings-sound = { $box } Zvuk
# $box je zaškrtávací políčko.
settings-notify = { $box } Upozornit mě, až budu na tahu
notify-title = Jste na tahu
# $game je název hry.
notify-body = Jste na tahu ve hře { $game }.

## Nabídky vrácení tahu a odvety

offer-takeback-own = Nabízíte vrácení tahu; čeká se na odpověď…
offer-rematch-own = Nabízíte odvetu; čeká se na odpověď…
offer-takeback-incoming = Soupeř nabízí vrácení tahu.
offer-rematch-incoming = Soupeř nabízí odvetu.
offer-takeback-side = { $side ->
    [south] Jih nabízí vrácení tahu.
   *[north] Sever nabízí vrácení tahu.
}
offer-rematch-side = { $side ->
    [south] Jih nabízí odvetu.
   *[north] Sever nabízí odvetu.
}
offer-accept = Přijmout
offer-decline = Odmítnout

## Odkazy: pozvánka, vlastní odkaz hráče, odkaz pro diváky, záznam partie

link-invite-heading = Pozvěte přítele
link-invite-text = Pošlete tento odkaz příteli; kdo ho otevře první, bude hrát proti vám.
link-invite-label = Odkaz s pozvánkou
link-summary = Odkazy na tuto partii
link-private = Váš soukromý odkaz (nechte si ho pro sebe: je to vaše místo u partie)
link-private-label = Váš soukromý odkaz
link-watch = Odkaz pro diváky (sledovat může kdokoli)
link-watch-label = Odkaz pro diváky
link-copy = Kopírovat
link-copied = Zkopírováno
link-record = Stáhnout záznam partie
link-rematch = Přejít na odvetu

## Spojení a stavový řádek

connection-online = připojeno
connection-offline = bez připojení
connection-reconnecting = , obnovuje se spojení…
# $ply je počet dosud zahraných půltahů.
status-ply = Půltah { $ply }
status-sent = Odesláno: { $move }…
status-unsent = Bez připojení: tah nebyl odeslán. Obnovuje se spojení…
status-protocol = Tato stránka je zastaralá: načtěte ji znovu.
offline-banner = Spojení se přerušilo: obnovuje se… Tahy počkají, dokud nebude znovu navázáno.

## Odmítnutí ze serveru podle kódu (docs/protocol.md §3.4)

client-error-bad_message = Server tuto zprávu nedokázal přečíst.
client-error-protocol = Tato stránka je zastaralá: načtěte ji znovu.
client-error-not_player = Tuto partii sledujete jako divák.
client-error-not_your_turn = Nejste na tahu.
client-error-game_over = Partie skončila.
client-error-stale_ply = Tento tah přišel příliš pozdě: pozice se mezitím změnila.
client-error-illegal_move = Tento tah zde není platný.
client-error-no_offer = Žádná nabídka nečeká na odpověď.
client-error-nothing_to_take_back = Nemáte žádný tah, který by šel vrátit.
client-error-not_over = O odvetu lze požádat, až partie skončí.
client-error-computer_busy = Počítač je zaneprázdněn jinými partiemi: zkuste za chvíli táhnout znovu.
client-error-store = Tah se nepodařilo uložit; zkuste to znovu.
client-error-internal = Na serveru se něco pokazilo.
client-error-bad_request = Požadavek nebylo možné zpracovat.
client-error-not_found = Taková partie neexistuje.
# Kód, který tato stránka nezná (novější server).
client-error-unknown = Server požadavek odmítl ({ $code }).

## Formulář nové partie na úvodní stránce (web/home.js)

newgame-options = Volitelná pravidla:
newgame-no-options = Tato hra nemá žádná volitelná pravidla.

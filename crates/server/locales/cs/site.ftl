# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = Mancala
# Vlastní název jazyka v přepínači jazyků.
language-name = Čeština
language-switch = Jazyk
# Zobrazuje se v jazyce, který si návštěvník zvolil, na stránce v jiném jazyce.
language-offer = Tato stránka je v jiném než vámi zvoleném jazyce.
language-offer-link = Číst v češtině
nav-label = Web
nav-new-game = Nová partie
nav-rules = Pravidla
nav-about = O webu
footer-tagline = Bez registrace: ke hře stačí odkaz.

home-title = Hrát
home-heading = Hrajte Bao a další čtyřřadé mankaly
home-intro = Bez registrace. Založte partii, sdílejte odkaz a hrajte s přítelem, s počítačem nebo ve dvou na jednom zařízení.
home-games = Hry
home-card-play = Hrát
home-card-rules = Pravidla
home-family-link = Jak spolu hry souvisejí a kterou se naučit nejdřív
home-new-game = Nová partie
home-game = Hra
home-variant = Varianta
home-options-hint = Volitelná pravidla (platí jen ta, která patří ke zvolené hře):
home-opponent = Soupeř
home-opponent-friend = Přítel přes odkaz
home-opponent-computer = Počítač
home-opponent-local = Ve dvou na tomto zařízení
home-level = Úroveň počítače
home-side = Vaše strana
home-side-south = Jih (táhne první)
home-side-north = Sever
home-side-random = Náhodně
home-create = Založit partii

game-your-move = Jste na tahu
game-play = Hrát
game-invite = Pozvěte přítele:
game-download-record = Stáhnout záznam partie
game-invite-used = Tato pozvánka už byla použita: partii sledujete jako divák.
game-status-your-move = Jste na tahu (půltah { $ply })
game-status-to-move = Na tahu je { $side ->
    [south] Jih
   *[north] Sever
} (půltah { $ply })
game-extras-hands = V ruce: Jih { $south }, Sever { $north }
game-extras-stores = { $field }: Jih { $south }, Sever { $north }

error-title-not-found = Nenalezeno
error-title-forbidden = Toto není vaše místo
error-title-server = Něco se pokazilo
error-title-refused = To nešlo
error-start-new = Založit novou partii
error-bad-message = Zprávu nebylo možné přečíst.
error-protocol = Tato stránka je zastaralá: načtěte ji znovu.
error-not-player = Tento odkaz nepatří k žádnému místu u této partie; se samotným odkazem na partii ji můžete sledovat.
error-not-your-turn = Nejste na tahu.
error-game-over = Partie skončila.
error-stale-ply = Tento tah přišel příliš pozdě: pozice se mezitím změnila.
error-illegal-move = Tento tah zde není platný.
error-no-offer = Žádná nabídka nečeká na odpověď.
error-nothing-to-take-back = Nemáte žádný tah, který by šel vrátit.
error-not-over = O odvetu lze požádat, až partie skončí.
error-computer-busy = Počítač je zaneprázdněn jinými partiemi: zkuste to za chvíli znovu.
error-store = Partii se nepodařilo uložit; zkuste to znovu.
error-internal = Na serveru se něco pokazilo.
error-bad-request = Požadavek nebylo možné zpracovat: zkontrolujte formulář a zkuste to znovu.
error-not-found = Taková stránka ani partie neexistuje.
error-cross-site = Tento formulář byl odeslán z jiného webu, a proto byl odmítnut. Otevřete si tento web přímo a začněte znovu na jeho vlastní stránce.
error-unsupported-media-type = Požadavek nebyl odeslán tak, jak ho odesílají stránky tohoto webu.
error-rate-limited = Z vaší adresy bylo v krátké době založeno příliš mnoho partií. Chvíli počkejte a zkuste to znovu.
refused-busy = K webu je právě otevřeno příliš mnoho spojení. Zkuste to za chvíli znovu.
refused-slow = Požadavek přicházel příliš pomalu, a proto byl přerušen. Zkuste to znovu.

invite-own-title = Toto je vaše pozvánka
invite-own-explain = Pošlete tento odkaz příteli: kdo ho otevře první, bude hrát proti vám. Když ho otevřete vy, pozvánka tím nepropadne.
invite-own-label = Odkaz s pozvánkou
invite-own-copy = Kopírovat
invite-own-copied = Zkopírováno
invite-own-back = Zpět k vaší partii

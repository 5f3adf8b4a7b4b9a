# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = Mancala
# Jina la lugha kwa lugha yenyewe, katika kibadilisha lugha.
language-name = Kiswahili
language-switch = Lugha
# Huonyeshwa, kwa lugha aliyoichagua mgeni, kwenye ukurasa ulio katika lugha nyingine.
language-offer = Ukurasa huu uko katika lugha tofauti na ile uliyochagua.
language-offer-link = Soma kwa Kiswahili
nav-label = Tovuti
nav-new-game = Mchezo mpya
nav-rules = Sheria
nav-about = Kuhusu
footer-tagline = Hakuna kujisajili: kiungo peke yake kinatosha kucheza.

home-title = Cheza
home-heading = Cheza Bao na michezo ya mankala ya safu nne
home-intro = Huhitaji kujisajili. Anzisha mchezo, tuma kiungo, kisha cheza na rafiki, na kompyuta, au kwa kupokezana kifaa kimoja.
home-games = Michezo
home-card-play = Cheza
home-card-rules = Sheria
home-family-link = Jinsi michezo hii inavyohusiana, na upi ujifunze kwanza
home-new-game = Mchezo mpya
home-game = Mchezo
home-variant = Aina ya mchezo
home-options-hint = Sheria za hiari (zinatumika zile za mchezo uliochaguliwa tu):
home-opponent = Mpinzani
home-opponent-friend = Rafiki, kwa kiungo
home-opponent-computer = Kompyuta
home-opponent-local = Wachezaji wawili, kifaa hiki kimoja
home-level = Kiwango cha kompyuta
home-side = Upande wako
home-side-south = Kusini (anaanza)
home-side-north = Kaskazini
home-side-random = Kwa nasibu
home-create = Anzisha mchezo

game-your-move = Zamu yako
game-play = Cheza
game-invite = Mwalike rafiki:
game-download-record = Pakua rekodi ya mchezo
game-invite-used = Mwaliko huu umeshatumika: unatazama mchezo.
game-status-your-move = Zamu yako (hatua ya { $ply })
game-status-to-move = Zamu ya { $side ->
    [south] Kusini
   *[north] Kaskazini
} (hatua ya { $ply })
game-extras-hands = Mkononi: Kusini { $south }, Kaskazini { $north }
game-extras-stores = { $field }: Kusini { $south }, Kaskazini { $north }

error-title-not-found = Haikupatikana
error-title-forbidden = Si upande wako
error-title-server = Kuna hitilafu
error-title-refused = Haikuwezekana
error-start-new = Anzisha mchezo mpya
error-bad-message = Ujumbe haukuweza kusomwa.
error-protocol = Ukurasa huu umepitwa na wakati: upakie upya.
error-not-player = Kiungo hiki hakikupi upande wowote katika mchezo huu; kiungo cha mchezo bila sehemu hiyo kinakuwezesha kutazama.
error-not-your-turn = Si zamu yako.
error-game-over = Mchezo umekwisha.
error-stale-ply = Hatua hiyo imechelewa: nafasi imeshabadilika.
error-illegal-move = Hatua hiyo si halali hapa.
error-no-offer = Hakuna pendekezo la kujibu.
error-nothing-to-take-back = Huna hatua ya kurudisha.
error-not-over = Mchezo wa marudiano unaweza kuombwa baada ya mchezo kwisha.
error-computer-busy = Kompyuta inashughulika na michezo mingine: jaribu tena baada ya muda mfupi.
error-store = Mchezo haukuweza kuhifadhiwa; jaribu tena.
error-internal = Kuna hitilafu kwenye seva.
error-bad-request = Ombi halikuweza kutumika: kagua fomu kisha ujaribu tena.
error-not-found = Hakuna ukurasa wala mchezo kama huo.
error-cross-site = Fomu hii imetoka kwenye tovuti nyingine, kwa hiyo imekataliwa. Fungua tovuti hii mwenyewe na uanze tena kutoka kwenye ukurasa wake.
error-unsupported-media-type = Ombi halikutumwa jinsi kurasa za tovuti hii zinavyolituma.
error-rate-limited = Michezo mingi imeanzishwa kutoka kwenye anwani yako kwa muda mfupi. Subiri kidogo, kisha ujaribu tena.
refused-busy = Tovuti ina miunganisho mingi mno iliyo wazi kwa sasa. Jaribu tena baada ya muda mfupi.
refused-slow = Ombi lilifika polepole mno na likakatizwa. Jaribu tena.

invite-own-title = Huu ni mwaliko wako
invite-own-explain = Mtumie rafiki yako kiungo hiki: mtu wa kwanza kukifungua atacheza nawe. Ukikifungua wewe mwenyewe, mwaliko unabaki halali.
invite-own-label = Kiungo cha mwaliko
invite-own-copy = Nakili
invite-own-copied = Kimenakiliwa
invite-own-back = Rudi kwenye mchezo wako

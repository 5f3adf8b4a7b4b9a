# The board client (web/*.js): the live game page, and the home page's form helper.
# Hutumwa kwa kivinjari kama JSON (GET /{lang}/messages.json) pamoja na common.ftl na games.ftl.
# Vigeu vya upande ($side, $winner) ni funguo `south` na `north`: uteuzi unabaki kama katika
# common.ftl. $move na $pit ni maandishi ya hatua na majina ya mashimo (A3>, a6<+, B12): hayatafsiriwi.
# $arrow ni mshale (→ ← ↑ ↓) unaoonyesha mwelekeo kwenye skrini.

## Mstari wa zamu juu ya ubao

turn-connecting = Inaunganisha…
turn-thinking = Kompyuta inafikiri…
turn-you = Zamu yako ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
# Zamu ya ziada ya Kalah: upande uleule unacheza tena.
turn-you-again = Zamu yako: cheza tena ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
turn-computer = Zamu ya kompyuta ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
turn-opponent = Zamu ya mpinzani ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
# Wachezaji wawili kwenye kifaa kimoja, na watazamaji.
turn-side = { $side ->
    [south] Zamu ya Kusini
   *[north] Zamu ya Kaskazini
}
turn-side-again = { $side ->
    [south] Zamu ya Kusini tena
   *[north] Zamu ya Kaskazini tena
}
# Wakati hatua inaonyeshwa kwa uhuishaji.
turn-playing-you = Unacheza { $move }…
turn-playing-computer = Kompyuta inacheza { $move }…
turn-playing-opponent = Mpinzani wako anacheza { $move }…
turn-playing-side = { $side ->
    [south] Kusini anacheza { $move }…
   *[north] Kaskazini anacheza { $move }…
}
# $result ni alama ya matokeo: 1-0, 0-1 au 1/2-1/2.
turn-over-you-won = Mchezo umekwisha: umeshinda ({ $result })
turn-over-you-lost = Mchezo umekwisha: umeshindwa ({ $result })
turn-over-side-won = Mchezo umekwisha: { $winner ->
    [south] Kusini ameshinda
   *[north] Kaskazini ameshinda
} ({ $result })
turn-over-draw = Mchezo umekwisha: sare ({ $result })
# Muunganisho ukikatika: hakuna hatua inayoweza kutumwa.
turn-offline = Nje ya mtandao: inaunganisha upya…
# Kichwa cha kichupo ikiwa ni zamu ya mchezaji; $title ni kichwa cha ukurasa wenyewe.
title-your-turn = ● Zamu yako – { $title }
# Nani anatazama mchezo. Mtazamaji huona ya kwanza; wachezaji huona ya pili mtu akitazama.
watching-you = Unatazama mchezo huu ({ $count ->
    [one] mtazamaji { $count }
   *[other] watazamaji { $count }
})
watching-count = { $count ->
    [one] mtazamaji { $count } anatazama
   *[other] watazamaji { $count } wanatazama
}
# Taarifa ya seva kwa ziara hii (mwaliko uliokwisha tumika) inaweza kufungwa.
notice-dismiss = Funga

## Matokeo, kwa mchezaji: husemwa kabla ya sentensi ya outcome-* ya common.ftl

outcome-you-win = Umeshinda!
outcome-you-lose = Umeshindwa.
outcome-you-draw = Sare.

## Vibao vya wachezaji juu na chini ya ubao

player-you = Wewe
player-opponent = Mpinzani
# Kompyuta unapotazama, au wachezaji wawili kwenye kifaa kimoja, ambapo upande hauonyeshwi vinginevyo.
player-computer-side = Kompyuta, kiwango { $level } ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
panel-to-move = zamu ya kucheza
# $seeds ni idadi, kwa herufi nzito.
panel-hand = Mkononi { $seeds }
# $field ni mojawapo ya majina ya stores-* ya common.ftl (Ghala, Zilizoliwa, ...); $seeds ni idadi yake.
panel-stores = { $field } { $seeds }
panel-nyumba = Nyumba { $pit }
panel-no-nyumba = Hakuna nyumba
panel-waiting = bado hajajiunga
panel-connected = yupo mtandaoni
panel-disconnected = hayupo mtandaoni
panel-opponent-disconnected = mpinzani hayupo mtandaoni
panel-moves = Hatua
# Kile hatua ya mwisho ilichobadilisha mkononi au ghalani: $change ina alama (+7, −1).
panel-change = ({ $change })

## Hatua: hatua ya mwisho, orodha ya hatua, na sentensi anayoisikia msomaji wa skrini

move-last = Hatua ya mwisho: { $move } ({ $side ->
    [south] Kusini
   *[north] Kaskazini
})
move-list-title = { $side ->
    [south] Kusini
   *[north] Kaskazini
}, hatua ya { $ply }
move-list-empty = Bado hakuna hatua.
move-played = { $side ->
    [south] Kusini amecheza { $move }.
   *[north] Kaskazini amecheza { $move }.
}
# $captures ni orodha ya vipengele vya move-capture, vilivyounganishwa kama lugha inavyoorodhesha
# ("kete 5 kutoka A1, kete 2 kutoka A2 na kete 3 kutoka A4").
move-played-captured = { $side ->
    [south] Kusini amecheza { $move }, amekula { $captures }.
   *[north] Kaskazini amecheza { $move }, amekula { $captures }.
}
move-played-again = { $side ->
    [south] Kusini amecheza { $move }, na anacheza tena.
   *[north] Kaskazini amecheza { $move }, na anacheza tena.
}
move-played-captured-again = { $side ->
    [south] Kusini amecheza { $move }, amekula { $captures }, na anacheza tena.
   *[north] Kaskazini amecheza { $move }, amekula { $captures }, na anacheza tena.
}
move-capture = kete { $seeds } kutoka { $pit }
announce-game-over = Mchezo umekwisha.
# Baada ya sentensi ya hatua: ni zamu ya nani sasa; $turn ni mojawapo ya mistari ya turn-* hapo juu.
announce-turn = { $turn }.
# Kichwa cha safu ya namba za hatua katika orodha ya hatua.
move-list-number = Na.

## Kile hatua ya mwisho ilichofanya, husemwa chini ya ubao hadi hatua inayofuata

# $captures ni orodha ya vipengele vya effect-capture-sown au move-capture.
effect-captured = { $side ->
    [south] Kusini amekula { $captures }.
   *[north] Kaskazini amekula { $captures }.
}
# Bao: kete zilizoliwa zinasambazwa kuanzia kichwa $kichwa.
effect-capture-sown = { $seeds ->
    [one] kete { $seeds } kutoka { $pit } na kuisambaza kuanzia kichwa { $kichwa }
   *[other] kete { $seeds } kutoka { $pit } na kuzisambaza kuanzia kichwa { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] Nyumba ya Kusini imeharibiwa.
   *[north] Nyumba ya Kaskazini imeharibiwa.
}
effect-takasia = Shimo { $pit } limezuiwa na takasia kwa hatua inayofuata.

## Maelezo ya alama katika orodha ya hatua (alama zenyewe zinaonyeshwa kando)

legend-heading = Alama katika hatua
legend-direction = mwelekeo wa hatua, kwenda kushoto au kulia kwa anayecheza (katika hatua ya kula: ncha ya safu ya mbele ambapo kete zilizoliwa zinaingia)
legend-safari = baada ya mwelekeo: safari, hatua iliendelea kutoka kwenye nyumba
legend-place = kabla ya shimo: kete moja kutoka kwenye akiba inawekwa humo
legend-lap = mzunguko ulikwenda kwa mwelekeo wa saa (c) au kinyume cha mwelekeo wa saa (a)
legend-takasa = takasa: hatua haikula kete yoyote
legend-takasia = takasa inayozuia mojawapo ya mashimo ya mpinzani (takasia)
legend-win = hatua inashinda mchezo

## Ubao (majina kwa wasomaji wa skrini)

board-label = Ubao
board-pit = { $pit }, { $seeds ->
    [one] kete { $seeds }
   *[other] kete { $seeds }
}
board-store = { $side ->
    [south] Ghala la Kusini
   *[north] Ghala la Kaskazini
}, { $seeds ->
    [one] kete { $seeds }
   *[other] kete { $seeds }
}
board-pit-nyumba = nyumba
board-pit-takasia = limezuiwa na takasia
board-pit-reserved = limehifadhiwa
board-pit-last = hatua ya mwisho
board-pit-playable = linaweza kuchezwa
board-pit-selected = limechaguliwa
board-pit-captured = kete zake zimeliwa katika hatua ya mwisho
board-pit-deciding = hatua inasubiri chaguo hapa

## Kisanduku cha hatua: machaguo baada ya kubofya shimo

dialogue-label = Chagua
dialogue-wait = Subiri zamu yako.
dialogue-not-playable = Shimo { $pit } haliwezi kuanzisha hatua sasa.
# $move ni hatua hadi sasa: shimo na machaguo yaliyofanywa (A3>).
dialogue-prompt = { $move }: chagua
dialogue-prompt-direction = { $pit }: mwelekeo upi?
dialogue-prompt-kichwa = { $pit } linakula: kete zilizoliwa ziingie wapi?
dialogue-prompt-nyumba = { $move }: hatua imefika kwenye nyumba yako
dialogue-prompt-lap = { $move }: mzunguko huu uende upande gani?
# Kula katika Bao: kete zilizoliwa huingia kwenye kichwa (shimo la mwisho wa safu ya mbele).
dialogue-kichwa-left = { $arrow } Ingiza kwenye { $pit } (kichwa cha kushoto)
dialogue-kichwa-left-long = Kete zilizoliwa zinaingia kwenye { $pit }, kichwa cha kushoto, kisha zinaenda kulia
dialogue-kichwa-right = { $arrow } Ingiza kwenye { $pit } (kichwa cha kulia)
dialogue-kichwa-right-long = Kete zilizoliwa zinaingia kwenye { $pit }, kichwa cha kulia, kisha zinaenda kushoto
dialogue-sow-towards = { $arrow } Sambaza kuelekea { $to }
dialogue-sow-right-long = Sambaza kwenda kulia kutoka { $from }, kete ya kwanza kwenye { $to }
dialogue-sow-left-long = Sambaza kwenda kushoto kutoka { $from }, kete ya kwanza kwenye { $to }
# Mbao za safu mbili.
dialogue-right = Kulia →
dialogue-right-long = Sambaza kwenda kulia kutoka { $from }
dialogue-left = ← Kushoto
dialogue-left-long = Sambaza kwenda kushoto kutoka { $from }
# Bao: hatua inayoishia kwenye nyumba yako inaweza kusimama hapo au kuendelea (safari).
dialogue-safari = Safari: endelea
dialogue-safari-long = Safari: endelea kusambaza kutoka kwenye nyumba
dialogue-stop = Simama kwenye nyumba
dialogue-stop-long = Simama kwenye nyumba: hatua inaishia hapo
# Omweso: kila mzunguko unaofika ncha ya kushoto unaweza kugeuka kwa mwelekeo wa saa; $lap huhesabu machaguo hayo.
dialogue-clockwise = ↻ Mwelekeo wa saa (chaguo la { $lap })
dialogue-clockwise-long = Kwa mwelekeo wa saa katika chaguo la { $lap }
dialogue-anticlockwise = ↺ Kinyume cha mwelekeo wa saa (chaguo la { $lap })
dialogue-anticlockwise-long = Kinyume cha mwelekeo wa saa katika chaguo la { $lap }
dialogue-cancel = Ghairi

## Kwa nini shimo haliwezi kucheza, husemwa kando yake linapobofywa

note-spectator = Unatazama: watazamaji hawawezi kucheza.
note-game-over = Mchezo umekwisha.
note-offline = Nje ya mtandao: hatua zinasubiri muunganisho.
note-busy = Subiri: hatua inachezwa.
note-computer-turn = Ni zamu ya kompyuta.
# $side ni upande wenye zamu; $pit ni shimo la upande mwingine.
note-other-side = { $side ->
    [south] { $pit } ni shimo la Kaskazini: ni zamu ya Kusini.
   *[north] { $pit } ni shimo la Kusini: ni zamu ya Kaskazini.
}
note-empty = Shimo { $pit } ni tupu.
note-takasia = Shimo { $pit } limezuiwa na takasia katika zamu hii.

## Kuandika hatua

entry-label = Andika hatua
entry-hint = k.m. A6< kisha Enter, au shimo kisha kitufe cha mshale
# $move ni kile kilichoandikwa.
entry-no-move = Hakuna hatua halali { $move } hapa.

## Vitufe na mipangilio kando ya ubao

control-resign = Kubali kushindwa
control-takeback = Rudisha hatua
control-rematch = Omba mchezo wa marudiano
control-flip = Geuza bao
control-resign-question = Je, unakubali kushindwa katika mchezo huu?
control-resign-confirm = Ndiyo, nakubali kushindwa
control-resign-cancel = Ghairi
# $menu ni menyu ya kasi iliyo hapa chini.
settings-animation = Uhuishaji { $menu }
settings-speed-off = Umezimwa
settings-speed-fast = Haraka
settings-speed-normal = Kawaida
settings-speed-slow = Polepole
# $box ni kisanduku cha kuteua.
settings-sound = { $box } Sauti
# $box ni kisanduku cha kuteua.
settings-notify = { $box } Nijulishe inapofika zamu yangu
notify-title = Zamu yako
# $game ni jina la mchezo.
notify-body = Ni zamu yako katika { $game }.

## Mapendekezo ya kurudisha hatua au ya mchezo wa marudiano

offer-takeback-own = Umependekeza kurudisha hatua; unasubiri jibu…
offer-rematch-own = Umependekeza mchezo wa marudiano; unasubiri jibu…
offer-takeback-incoming = Mpinzani wako anapendekeza kurudisha hatua.
offer-rematch-incoming = Mpinzani wako anapendekeza mchezo wa marudiano.
offer-takeback-side = { $side ->
    [south] Kusini anapendekeza kurudisha hatua.
   *[north] Kaskazini anapendekeza kurudisha hatua.
}
offer-rematch-side = { $side ->
    [south] Kusini anapendekeza mchezo wa marudiano.
   *[north] Kaskazini anapendekeza mchezo wa marudiano.
}
offer-accept = Kubali
offer-decline = Kataa

## Viungo: mwaliko, kiungo chako binafsi, kiungo cha watazamaji, rekodi

link-invite-heading = Mwalike rafiki
link-invite-text = Mtumie rafiki yako kiungo hiki; mtu wa kwanza kukifungua atacheza nawe.
link-invite-label = Kiungo cha mwaliko
link-summary = Viungo vya mchezo huu
link-private = Kiungo chako binafsi (usimpe mtu mwingine: ndicho kinachokupa upande wako)
link-private-label = Kiungo chako binafsi
link-watch = Kiungo cha watazamaji (yeyote anaweza kutazama)
link-watch-label = Kiungo cha watazamaji
link-copy = Nakili
link-copied = Kimenakiliwa
link-record = Pakua rekodi ya mchezo
link-rematch = Nenda kwenye mchezo wa marudiano

## Muunganisho na mstari wa hali

connection-online = mtandaoni
connection-offline = nje ya mtandao
connection-reconnecting = , inaunganisha upya…
# $ply ni idadi ya hatua zilizochezwa hadi sasa.
status-ply = Hatua ya { $ply }
status-sent = Hatua { $move } imetumwa…
status-unsent = Nje ya mtandao: haijatumwa. Inaunganisha upya…
status-protocol = Ukurasa huu umepitwa na wakati: upakie upya.
offline-banner = Muunganisho umekatika: inaunganisha upya… Hatua zinasubiri hadi urejee.

## Makatao ya seva, kwa misimbo yao (docs/protocol.md §3.4)

client-error-bad_message = Seva haikuweza kusoma ujumbe huo.
client-error-protocol = Ukurasa huu umepitwa na wakati: upakie upya.
client-error-not_player = Unatazama mchezo huu.
client-error-not_your_turn = Si zamu yako.
client-error-game_over = Mchezo umekwisha.
client-error-stale_ply = Hatua hiyo imechelewa: nafasi imeshabadilika.
client-error-illegal_move = Hatua hiyo si halali hapa.
client-error-no_offer = Hakuna pendekezo la kujibu.
client-error-nothing_to_take_back = Huna hatua ya kurudisha.
client-error-not_over = Mchezo wa marudiano unaweza kuombwa baada ya mchezo kwisha.
client-error-computer_busy = Kompyuta inashughulika na michezo mingine: jaribu kucheza hatua yako tena baada ya muda mfupi.
client-error-store = Hatua haikuweza kuhifadhiwa; jaribu tena.
client-error-internal = Kuna hitilafu kwenye seva.
client-error-bad_request = Ombi halikuweza kutumika.
client-error-not_found = Hakuna mchezo kama huo.
# Msimbo ambao ukurasa huu haujui (seva mpya zaidi).
client-error-unknown = Seva imekataa ombi hilo ({ $code }).

## Fomu ya mchezo mpya kwenye ukurasa wa mwanzo (web/home.js)

newgame-options = Sheria za hiari:
newgame-no-options = Mchezo huu hauna sheria za hiari.

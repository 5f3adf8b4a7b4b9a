# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = Sheria za { $game }
rules-contents = Yaliyomo
rules-where = Mahali unapochezwa
rules-boards = Mbao
rules-play = Cheza { $game }
rules-family-link = Linganisha michezo yote ya safu nne
rules-about-link = Kuhusu tovuti hii na vyanzo vyake
rules-untranslated = Sheria hizi bado hazijatafsiriwa, kwa hiyo zinaonyeshwa kwa Kiingereza.

example-play-hint = Zamu yako: bofya shimo linaloweza kuchezwa, au cheza hatua iliyopendekezwa.
example-try = Cheza { $move }
example-again = Jaribu tena
example-played = Hatua { $move } imechezwa.
example-illegal = Hatua hiyo si halali hapa.
example-failed = Mfano haukuweza kupakiwa.
example-label = Ubao wa mfano

about-title = Kuhusu tovuti hii
about-intro = Mancala ni tovuti ya bure ya kucheza na kujifunza michezo ya mankala ya safu nne ya Afrika Mashariki na Kusini mwa Afrika, huku Mancala ya kawaida ya safu mbili (Kalah) ikiwa kigezo cha kulinganisha. Hakuna anayehitaji kujisajili: mchezo ni kiungo tu.
about-rules-heading = Sheria na vyanzo vyake
about-rules-text = Sheria za kila mchezo zinafuata maelezo yaliyochapishwa na wachezaji na watafiti. Pale ambapo vyanzo vinatofautiana au vinaacha jambo bila jibu, ukurasa wa sheria unaeleza tovuti inafuata ufafanuzi upi na kwa nini. Kila ukurasa unaorodhesha vyanzo vyake vyote:
about-engine-heading = Wachezaji wa kompyuta
about-engine-text = Kompyuta inacheza katika viwango vinane, kuanzia anayeanza ambaye huona hatua moja mbele hadi utafutaji kamili wa takriban sekunde moja kwa kila hatua. Wachezaji wa kompyuta wa viwango vyote hupimwa kwa kushindanishwa wao kwa wao katika kila mchezo.
about-licence-heading = Leseni
about-licence-text = Programu ya tovuti hii ni programu huria chini ya leseni ya GNU Affero General Public License, toleo la 3 au toleo lolote la baadaye.
about-version-heading = Toleo
about-version = Toleo { $version }, commit { $commit }.
example-stop = Simama kwenye nyumba
example-safari = Safari: endelea kusambaza

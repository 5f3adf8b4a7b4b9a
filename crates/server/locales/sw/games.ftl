# The games in words: the name of each variant, one line and a place for each rules page, and the
# short name and description of each rule option. Sheria zenyewe ziko katika docs/rules.

## Majina ya michezo (moja kwa kila slug ya aina ya mchezo)

game-bao-la-kiswahili = Bao la Kiswahili
game-bao-la-kujifunza = Bao la Kujifunza
game-bao-la-kete = Bao la Kete
game-hawalis = Hawalis
game-hawalis-4x8 = Bao Kiarabu (4×8)
game-hus = Hus
game-hus-4x12 = Hus (4×12)
game-hus-4x16 = Hus (4×16)
game-kalah = Kalah
game-kalah-6x5 = Kalah (kete 5)
game-kalah-6x6 = Kalah (kete 6)
game-bao-la-kimasai = Bao la Kimasai
game-bao-la-kimasai-4x12 = Bao la Kimasai 4×12 (kusogeza mawe)
game-omweso = Omweso

## Kurasa za sheria: mchezo ni nini, na unachezwa wapi

page-bao-la-kiswahili-summary = Bao kamili la Zanzibar: safu nne, kete zinazoingizwa kutoka mkononi moja moja, nyumba yenye nguvu za pekee, na kete zilizoliwa zinazohamia upande wa mlaji.
page-bao-la-kiswahili-where = Zanzibar na pwani ya Waswahili ya Tanzania na Kenya

page-bao-la-kujifunza-summary = Bao la wanaoanza: kete zote zinaanzia ubaoni, hakuna kete za mkononi wala nyumba, lakini usambazaji na ulaji ni kama wa mchezo kamili.
page-bao-la-kujifunza-where = Afrika Mashariki, kila mahali Bao linapofundishwa

page-bao-la-kete-summary = Bao la visiwa vya Lamu: Bao la Zanzibar lenye nyumba ambayo kamwe haina kete chini ya sita, pamoja na mabadiliko machache mengine.
page-bao-la-kete-where = Funguvisiwa la Lamu, Kenya

page-hawalis-summary = Mchezo sahili kuliko yote kati ya michezo ya safu nne: usambazaji wa kupokezana kuzunguka safu zako mbili, na kula pale kete ya mwisho inapoangukia shimo tupu la mbele.
page-hawalis-where = Omani, na Zanzibar kwa jina la Bao Kiarabu

page-hus-summary = Mchezo rahisi wa safu nne ambao hakuna kete inayotoka ubaoni kamwe: kete zilizoliwa husambazwa pamoja na kete za shimo lililozila.
page-hus-where = Namibia (Wanama na Wadamara)

page-omweso-summary = Mchezo wa safu nne wa Uganda: usambazaji wa kupokezana, kula safu wima nzima, na mizunguko inayoweza kugeuka kwa mwelekeo wa saa kwenye ncha ya kushoto.
page-omweso-where = Uganda

page-bao-la-kimasai-summary = Mchezo wa safu nne wa Kimasai wenye awamu mbili: kwanza kupanda kete kutoka akiba, kisha kuvuna kwa kula.
page-bao-la-kimasai-where = Wamasai wa Tanzania bara

page-bao-la-kimasai-4x12-summary = Mchezo wa Kimasai usio na usambazaji: mawe husogea moja moja, kila mara hadi shimo linalofuata tu, na huondoa mawe ya mpinzani yaliyo mkabala na mahali yanapofika.
page-bao-la-kimasai-4x12-where = Wamasai wa Tanzania ya kati (Dodoma)

page-kalah-summary = Mancala ya kawaida ya safu mbili: sambaza kuzunguka ubao ukipitia ghala lako, pata zamu za ziada, kula kete na kuziweka ghalani, kisha hesabu kete mwishoni.
page-kalah-where = Duniani kote; ulibuniwa Marekani

## Sheria za hiari: jina fupi na sentensi moja kuhusu kile kila moja inabadilisha

option-takasia-donkers = Takasia ya Donkers
option-takasia-donkers-description = Takasia kama Donkers alivyoiandika hasa: shimo lililo hatarini lenye kete moja tu linaweza pia kuzuiwa, bila ile hali ya pekee aliyoiweka de Voogt baadaye.

option-takasia-none = Bila takasia
option-takasia-none-description = Hatua isiyokula kete haizuii kamwe shimo lolote la mpinzani.

option-capture-requires-outer = Kula kunahitaji mashimo yote mawili
option-capture-requires-outer-description = Ili kula, shimo la mbele la mpinzani lililo mkabala, pamoja na shimo lililo nyuma yake, lazima yote mawili yawe na kete; vinginevyo mzunguko unaendelea kwa kupokezana.

option-empty-capture = Kula shimo tupu
option-empty-capture-description = Kete ya mwisho ikiangukia shimo lako tupu, huenda ghalani kwako daima, pamoja na chochote kilichomo katika shimo la mkabala, hata kama halina kitu.

option-free-setup = Mpangilio huru
option-free-setup-description = Ubao unaanza ukiwa mtupu, na wachezaji huweka kete zao 32 moja moja, kwa zamu, popote upande wao.

# The games in words: the name of each variant, one line and a place for each rules page, and the
# short name and description of each rule option. English source; docs/rules holds the rules.

## Game names (one per variant slug, as Game::name() in crates/rules/src/variant.rs)

game-bao-la-kiswahili = Bao la Kiswahili
game-bao-la-kujifunza = Bao la Kujifunza
game-bao-la-kete = Bao la Kete
game-hawalis = Hawalis
game-hawalis-4x8 = Bao Kiarabu (4×8)
game-hus = Hus
game-hus-4x12 = Hus (4×12)
game-hus-4x16 = Hus (4×16)
game-kalah = Kalah
game-kalah-6x5 = Kalah (5 seeds)
game-kalah-6x6 = Kalah (6 seeds)
game-bao-la-kimasai = Bao la Kimasai
game-bao-la-kimasai-4x12 = Bao la Kimasai (4×12 sliding)
game-omweso = Omweso

## Rules pages: what the game is (home page card, top of the rules page) and where it is played

page-bao-la-kiswahili-summary = The full Bao of Zanzibar: four rows, seeds brought in from the hand one by one, a house with special powers, and captured seeds that change sides.
page-bao-la-kiswahili-where = Zanzibar and the Swahili coast of Tanzania and Kenya

page-bao-la-kujifunza-summary = Bao for beginners: every seed starts on the board, with no seeds in hand and no house, but the sowing and captures of the full game.
page-bao-la-kujifunza-where = East Africa, wherever Bao is learned

page-bao-la-kete-summary = The Bao of the Lamu islands: Zanzibar Bao with a house that never holds fewer than six seeds and a few other changes.
page-bao-la-kete-where = The Lamu archipelago, Kenya

page-hawalis-summary = The plainest four-row game: relay sowing round your own two rows, and a capture when the last seed lands in an empty front pit.
page-hawalis-where = Oman, and Zanzibar as Bao Kiarabu

page-hus-summary = A simple four-row game in which no seed ever leaves the board: captured seeds are sown on together with the pit that took them.
page-hus-where = Namibia (Nama and Damara)

page-omweso-summary = Uganda's four-row game: relay sowing, captures of whole columns, and laps that may turn clockwise at the left end.
page-omweso-where = Uganda

page-bao-la-kimasai-summary = A Maasai four-row game in two phases: first planting seeds from a reserve, then a harvest with captures.
page-bao-la-kimasai-where = The Maasai of inner Tanzania

page-bao-la-kimasai-4x12-summary = A Maasai game without sowing: single stones slide one step at a time and remove the enemy stones they come to face.
page-bao-la-kimasai-4x12-where = The Maasai of central Tanzania (Dodoma)

page-kalah-summary = Standard two-row Mancala: sow round the board through your own store, earn extra turns, capture into the store, and count the seeds at the end.
page-kalah-where = Worldwide; created in the United States

## Rule options: a short name and one sentence on what each changes

option-takasia-donkers = Donkers' takasia
option-takasia-donkers-description = Takasia exactly as Donkers wrote it: a threatened pit holding a single seed can be barred too, without de Voogt's later exception.

option-takasia-none = No takasia
option-takasia-none-description = A move that captures nothing never bars a pit of the opponent.

option-capture-requires-outer = Capture needs both pits
option-capture-requires-outer-description = A capture needs seeds in both the opponent's facing front pit and the back pit behind it; otherwise the lap relays.

option-empty-capture = Empty capture
option-empty-capture-description = A last seed in your own empty pit always goes to your store, with whatever the opposite pit holds, even nothing.

option-free-setup = Free set-up
option-free-setup-description = The board starts empty, and the players place their 32 seeds one at a time, in turn, anywhere on their own side.

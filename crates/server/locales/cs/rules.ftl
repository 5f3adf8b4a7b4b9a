# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = Pravidla hry { $game }
rules-contents = Obsah
rules-where = Kde se hraje
rules-boards = Desky
rules-play = Hrát { $game }
rules-family-link = Všechny čtyřřadé hry ve srovnání
rules-about-link = O tomto webu a jeho pramenech
rules-untranslated = Tato pravidla zatím nejsou přeložena, proto se zobrazují v angličtině.

example-play-hint = Jste na tahu: klikněte na jamku, ze které lze táhnout, nebo zahrajte navržený tah.
example-try = Zahrát { $move }
example-again = Zkusit znovu
example-played = Zahrán tah { $move }.
example-illegal = Tento tah zde není platný.
example-failed = Příklad se nepodařilo načíst.
example-label = Ukázková deska

about-title = O webu
about-intro = Mancala je bezplatný web, kde můžete hrát a studovat čtyřřadé mankaly východní a jižní Afriky; jako měřítko pro srovnání slouží standardní dvouřadá hra Mancala (Kalah). Účet nikdo nepotřebuje: partie je odkaz.
about-rules-heading = Pravidla a jejich prameny
about-rules-text = Pravidla každé hry vycházejí z popisů, které publikovali hráči a badatelé. Kde se prameny rozcházejí nebo nějakou otázku nechávají otevřenou, stránka pravidel uvádí, kterého výkladu se web drží a proč. Každá stránka obsahuje úplný seznam svých pramenů:
about-engine-heading = Počítačoví hráči
about-engine-text = Počítač hraje na osmi úrovních, od začátečníka, který vidí jeden tah dopředu, až po úplné prohledávání, které trvá zhruba sekundu na tah. Síla hráčů za jednotlivými úrovněmi se v každé hře měří ve vzájemných partiích.
about-licence-heading = Licence
about-licence-text = Program webu je svobodný software pod licencí GNU Affero General Public License ve verzi 3 nebo novější.
about-version-heading = Verze
about-version = Verze { $version }, commit { $commit }.
example-stop = Zastavit v nyumbě
example-safari = Safari: sít dál

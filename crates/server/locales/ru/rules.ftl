# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = { $game }: правила
rules-contents = Содержание
rules-where = Где играют
rules-boards = Доски
rules-play = Играть: { $game }
rules-family-link = Все четырёхрядные игры в сравнении
rules-about-link = О сайте и его источниках
rules-untranslated = Эти правила ещё не переведены, поэтому показаны на английском языке.

example-play-hint = Ваш ход: нажмите на лунку, из которой можно ходить, или сделайте предложенный ход.
example-try = Сделать ход { $move }
example-again = Попробовать снова
example-played = Сделан ход { $move }.
example-illegal = Здесь такой ход недопустим.
example-failed = Не удалось загрузить пример.
example-label = Доска с примером

about-title = О сайте
about-intro = Манкала — бесплатный сайт, где можно играть в четырёхрядные манкалы Восточной и Южной Африки и изучать их; точкой отсчёта для сравнения служит стандартная двухрядная игра Манкала (калах). Заводить учётную запись не нужно никому: партия — это ссылка.
about-rules-heading = Правила и их источники
about-rules-text = Правила каждой игры основаны на описаниях, опубликованных игроками и исследователями. Там, где источники расходятся или оставляют вопрос открытым, на странице правил сказано, какого толкования придерживается сайт и почему. На каждой странице источники перечислены полностью:
about-engine-heading = Компьютерные соперники
about-engine-text = Компьютер играет на восьми уровнях: от новичка, который видит на один ход вперёд, до полного перебора, на который уходит около секунды на ход. Силу программ, стоящих за каждым уровнем, измеряют в партиях друг с другом, отдельно в каждой игре.
about-licence-heading = Лицензия
about-licence-text = Программа сайта — свободное программное обеспечение под лицензией GNU Affero General Public License версии 3 или более поздней.
about-version-heading = Версия
about-version = Версия { $version }, коммит { $commit }.
example-stop = Остановиться в лунке nyumba
example-safari = Safari: сеять дальше

# The rules pages, the family page and the about page: their frame (the rules themselves are
# docs/rules/*.md and their translations), and the interactive examples on them.

rules-title = { $game }: правила
rules-contents = Зміст
rules-where = Де грають
rules-boards = Дошки
rules-play = Грати: { $game }
rules-family-link = Усі чотирирядні ігри в порівнянні
rules-about-link = Про сайт і його джерела
rules-untranslated = Ці правила ще не перекладено, тому їх показано англійською.

example-play-hint = Ваш хід: натисніть на ямку, з якої можна ходити, або зробіть запропонований хід.
example-try = Зробити хід { $move }
example-again = Спробувати ще раз
example-played = Зроблено хід { $move }.
example-illegal = Тут цей хід недопустимий.
example-failed = Не вдалося завантажити приклад.
example-label = Дошка з прикладом

about-title = Про сайт
about-intro = Манкала — безкоштовний сайт, де можна грати в чотирирядні манкали Східної та Південної Африки й вивчати їх; точкою відліку для порівняння слугує стандартна дворядна гра Манкала (калах). Обліковий запис не потрібен нікому: партія — це посилання.
about-rules-heading = Правила та їхні джерела
about-rules-text = Правила кожної гри спираються на опубліковані описи гравців і дослідників. Там, де джерела розходяться або залишають питання відкритим, на сторінці правил сказано, якого тлумачення дотримується сайт і чому. На кожній сторінці джерела наведено повністю:
about-engine-heading = Комп’ютерні суперники
about-engine-text = Комп’ютер грає на восьми рівнях: від початківця, який бачить на один хід уперед, до повного пошуку приблизно по секунді на хід. Силу програм, що стоять за рівнями, вимірюють у партіях між ними, окремо в кожній грі.
about-licence-heading = Ліцензія
about-licence-text = Програма сайту — вільне програмне забезпечення за ліцензією GNU Affero General Public License версії 3 або пізнішої.
about-version-heading = Версія
about-version = Версія { $version }, коміт { $commit }.
example-stop = Зупинитися в ямці nyumba
example-safari = Safari: сіяти далі

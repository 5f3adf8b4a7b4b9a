# Сторінки, які формує сервер: каркас кожної сторінки, головна сторінка, сторінка партії без
# JavaScript і сторінки помилок.

site-name = Манкала
# Власна назва мови в перемикачі мов.
language-name = Українська
language-switch = Мова
# Показується мовою, яку запам’ятав відвідувач, на сторінці іншою мовою.
language-offer = Ця сторінка іншою мовою, ніж та, яку ви обрали.
language-offer-link = Читати українською
nav-label = Сайт
nav-new-game = Нова партія
nav-rules = Правила
nav-about = Про сайт
footer-tagline = Без реєстрації: щоб грати, досить посилання.

home-title = Грати
home-heading = Грайте в бао та інші чотирирядні манкали
home-intro = Без реєстрації. Створіть партію, поділіться посиланням і грайте з другом, з комп’ютером або удвох, передаючи один пристрій.
home-games = Ігри
home-card-play = Грати
home-card-rules = Правила
home-family-link = Як ці ігри пов’язані між собою і з якої почати
home-new-game = Нова партія
home-game = Гра
home-variant = Варіант
home-options-hint = Правила на вибір (діють лише ті, що стосуються обраної гри):
home-opponent = Суперник
home-opponent-friend = Друг за посиланням
home-opponent-computer = Комп’ютер
home-opponent-local = Удвох на цьому пристрої
home-level = Рівень комп’ютера
home-side = Ваша сторона
home-side-south = Південь (ходить першим)
home-side-north = Північ
home-side-random = Випадково
home-create = Створити партію

game-your-move = Ваш хід
game-play = Зробити хід
game-invite = Запросіть друга:
game-download-record = Завантажити запис партії
game-invite-used = Це запрошення вже використано: ви дивитеся партію як глядач.
game-status-your-move = Ваш хід (напівхід { $ply })
game-status-to-move = Хід { $side ->
    [south] Півдня
   *[north] Півночі
} (напівхід { $ply })
game-extras-hands = У руці: Південь { $south }, Північ { $north }
game-extras-stores = { $field }: Південь { $south }, Північ { $north }

error-title-not-found = Не знайдено
error-title-forbidden = Це не ваше місце
error-title-server = Щось пішло не так
error-title-refused = Не вдалося
error-start-new = Почати нову партію
error-bad-message = Не вдалося прочитати повідомлення.
error-protocol = Ця сторінка застаріла: перезавантажте її.
error-not-player = За цим посиланням немає місця гравця в партії; звичайне посилання на партію дає змогу її дивитися.
error-not-your-turn = Зараз не ваш хід.
error-game-over = Партію завершено.
error-stale-ply = Цей хід запізнився: позиція вже змінилася.
error-illegal-move = Тут цей хід недопустимий.
error-no-offer = Немає пропозиції, на яку можна відповісти.
error-nothing-to-take-back = Немає вашого ходу, який можна було б повернути.
error-not-over = Реванш можна запропонувати лише після завершення партії.
error-computer-busy = Комп’ютер зайнятий іншими партіями: спробуйте трохи згодом.
error-store = Не вдалося зберегти партію; спробуйте ще раз.
error-internal = На сервері щось пішло не так.
error-bad-request = Не вдалося обробити запит: перевірте форму і спробуйте ще раз.
error-not-found = Такої сторінки або партії немає.
error-cross-site = Цю форму надіслано з іншого сайту, тому запит відхилено. Відкрийте цей сайт самі й почніть знову з його сторінки.
error-unsupported-media-type = Запит надіслано не так, як його надсилають сторінки цього сайту.
error-rate-limited = З вашої адреси за короткий час розпочато забагато партій. Зачекайте трохи й спробуйте ще раз.
refused-busy = Зараз до сайту відкрито забагато з’єднань. Спробуйте ще раз трохи згодом.
refused-slow = Запит надходив надто повільно, тому його перервано. Спробуйте ще раз.

invite-own-title = Це ваше запрошення
invite-own-explain = Надішліть це посилання другові: хто перший його відкриє, той і гратиме з вами. Якщо ви відкриєте його самі, запрошення залишиться чинним.
invite-own-label = Посилання-запрошення
invite-own-copy = Копіювати
invite-own-copied = Скопійовано
invite-own-back = Повернутися до своєї партії

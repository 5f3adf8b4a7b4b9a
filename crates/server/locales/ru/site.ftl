# The server-rendered pages: the frame of every page, the home page, the game page without
# JavaScript, and error pages.

site-name = Манкала
# Самоназвание языка в переключателе языков.
language-name = Русский
language-switch = Язык
# Показывается на языке, который запомнил посетитель, когда страница на другом языке.
language-offer = Эта страница не на том языке, который вы выбрали.
language-offer-link = Читать на русском
nav-label = Сайт
nav-new-game = Новая партия
nav-rules = Правила
nav-about = О сайте
footer-tagline = Без регистрации: чтобы играть, достаточно ссылки.

home-title = Играть
home-heading = Играйте в бао и другие четырёхрядные манкалы
home-intro = Регистрация не нужна. Создайте партию, поделитесь ссылкой и играйте с другом, с компьютером или вдвоём на одном устройстве.
home-games = Игры
home-card-play = Играть
home-card-rules = Правила
home-family-link = Как связаны эти игры и с какой начать
home-new-game = Новая партия
home-game = Игра
home-variant = Вариант
home-options-hint = Правила на выбор (действуют только правила выбранной игры):
home-opponent = Соперник
home-opponent-friend = Друг по ссылке
home-opponent-computer = Компьютер
home-opponent-local = Вдвоём на этом устройстве
home-level = Уровень компьютера
home-side = Ваша сторона
home-side-south = Юг (ходит первым)
home-side-north = Север
home-side-random = Случайно
home-create = Создать партию

game-your-move = Ваш ход
game-play = Сходить
game-invite = Пригласите друга:
game-download-record = Скачать запись партии
game-invite-used = Это приглашение уже использовано: вы смотрите партию как зритель.
game-status-your-move = Ваш ход (полуход { $ply })
game-status-to-move = { $side ->
    [south] Ход Юга
   *[north] Ход Севера
} (полуход { $ply })
game-extras-hands = В руке: Юг { $south }, Север { $north }
game-extras-stores = { $field }: Юг { $south }, Север { $north }

error-title-not-found = Не найдено
error-title-forbidden = Это не ваше место
error-title-server = Что-то пошло не так
error-title-refused = Не получилось
error-start-new = Начать новую партию
error-bad-message = Не удалось прочитать сообщение.
error-protocol = Эта страница устарела: перезагрузите её.
error-not-player = Эта ссылка не даёт места игрока в партии; смотреть партию можно по обычной ссылке на неё.
error-not-your-turn = Сейчас не ваш ход.
error-game-over = Партия окончена.
error-stale-ply = Ход пришёл слишком поздно: позиция уже изменилась.
error-illegal-move = Здесь такой ход недопустим.
error-no-offer = Нет предложения, на которое можно ответить.
error-nothing-to-take-back = У вас нет хода, который можно вернуть.
error-not-over = Реванш можно предложить только после окончания партии.
error-computer-busy = Компьютер занят другими партиями: попробуйте чуть позже.
error-store = Не удалось сохранить партию; попробуйте ещё раз.
error-internal = На сервере что-то пошло не так.
error-bad-request = Запрос не удалось обработать: проверьте форму и попробуйте ещё раз.
error-not-found = Такой страницы или партии нет.
error-cross-site = Эта форма отправлена с другого сайта, поэтому запрос отклонён. Откройте этот сайт сами и начните заново с его страницы.
error-unsupported-media-type = Запрос отправлен не так, как его отправляют страницы этого сайта.
error-rate-limited = С вашего адреса за короткое время начато слишком много партий. Подождите немного и попробуйте ещё раз.
refused-busy = Сейчас к сайту открыто слишком много соединений. Попробуйте ещё раз чуть позже.
refused-slow = Запрос поступал слишком медленно и был прерван. Попробуйте ещё раз.

invite-own-title = Это ваше приглашение
invite-own-explain = Отправьте эту ссылку другу: первый, кто её откроет, станет вашим соперником. Если вы откроете её сами, приглашение останется в силе.
invite-own-label = Ссылка-приглашение
invite-own-copy = Копировать
invite-own-copied = Скопировано
invite-own-back = Вернуться к своей партии

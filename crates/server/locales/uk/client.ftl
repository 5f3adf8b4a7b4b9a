# Клієнт дошки (web/*.js): сторінка живої партії та помічник форми на головній сторінці.
# Надсилається браузеру як JSON (GET /{lang}/messages.json) разом із common.ftl і games.ftl.
# Змінні сторін ($side, $winner) мають значення `south` і `north`: вибір за ними, як у common.ftl.
# $move і $pit — записи ходів і назви ямок у нотації (A3>, a6<+, B12): їх не перекладають.
# $arrow — стрілка (→ ← ↑ ↓), що показує напрямок на екрані.

## Рядок черги над дошкою

turn-connecting = Підключення…
turn-thinking = Комп’ютер думає…
turn-you = Ваш хід ({ $side ->
    [south] Південь
   *[north] Північ
})
# Додатковий хід у калаху: та сама сторона ходить ще раз.
turn-you-again = Ваш хід: ходіть ще раз ({ $side ->
    [south] Південь
   *[north] Північ
})
turn-computer = Хід комп’ютера ({ $side ->
    [south] Південь
   *[north] Північ
})
turn-opponent = Хід суперника ({ $side ->
    [south] Південь
   *[north] Північ
})
# Гра удвох на одному пристрої та глядачі.
turn-side = { $side ->
    [south] Хід Півдня
   *[north] Хід Півночі
}
turn-side-again = { $side ->
    [south] Південь ходить ще раз
   *[north] Північ ходить ще раз
}
# Поки хід анімується.
turn-playing-you = Ви робите хід { $move }…
turn-playing-computer = Комп’ютер робить хід { $move }…
turn-playing-opponent = Суперник робить хід { $move }…
turn-playing-side = { $side ->
    [south] Південь робить хід { $move }…
   *[north] Північ робить хід { $move }…
}
# $result — позначка результату: 1-0, 0-1 або 1/2-1/2.
turn-over-you-won = Партію завершено: ви виграли ({ $result })
turn-over-you-lost = Партію завершено: ви програли ({ $result })
turn-over-side-won = Партію завершено: { $winner ->
    [south] Південь виграв
   *[north] Північ виграла
} ({ $result })
turn-over-draw = Партію завершено: нічия ({ $result })
# Поки немає зв’язку: жоден хід не можна надіслати.
turn-offline = Немає зв’язку: підключаємося знову…
# Заголовок вкладки, коли хід гравця; $title — власний заголовок сторінки.
title-your-turn = ● Ваш хід — { $title }
# Хто дивиться партію. Глядач бачить перше; гравці бачать друге, коли хтось дивиться.
watching-you = Ви дивитеся цю партію ({ $count ->
    [one] { $count } глядач
    [few] { $count } глядачі
    [many] { $count } глядачів
   *[other] { $count } глядача
})
watching-count = { $count ->
    [one] Партію дивиться { $count } глядач
    [few] Партію дивляться { $count } глядачі
    [many] Партію дивляться { $count } глядачів
   *[other] Партію дивиться { $count } глядача
}
# Повідомлення сервера для цього відвідування (запрошення вже використано) можна закрити.
notice-dismiss = Закрити

## Результат для гравця: звучить перед реченням outcome-* з common.ftl

outcome-you-win = Ви виграли!
outcome-you-lose = Ви програли.
outcome-you-draw = Нічия.

## Смуги гравців над дошкою і під нею

player-you = Ви
player-opponent = Суперник
# Комп’ютер, коли партію дивляться або грають удвох на одному пристрої, де сторону більше ніде не видно.
player-computer-side = Комп’ютер, рівень { $level } ({ $side ->
    [south] Південь
   *[north] Північ
})
panel-to-move = ходить
# $seeds — кількість, напівжирним.
panel-hand = У руці { $seeds }
# $field — одна з назв stores-* з common.ftl (Амбар, Захоплено, ...); $seeds — кількість.
panel-stores = { $field } { $seeds }
panel-nyumba = Nyumba: { $pit }
panel-no-nyumba = Без nyumba
panel-waiting = чекаємо на гравця
panel-connected = на зв’язку
panel-disconnected = не на зв’язку
panel-opponent-disconnected = суперник не на зв’язку
panel-moves = Ходи
# Що останній хід змінив у руці чи в амбарі: $change — зі знаком (+7, −1).
panel-change = ({ $change })

## Ходи: останній хід, список ходів і речення, яке чує користувач програми зчитування з екрана

move-last = Останній хід: { $move } ({ $side ->
    [south] Південь
   *[north] Північ
})
move-list-title = { $side ->
    [south] Південь
   *[north] Північ
}, напівхід { $ply }
move-list-empty = Ходів ще не було.
move-played = { $side ->
    [south] Південь зробив хід { $move }.
   *[north] Північ зробила хід { $move }.
}
# $captures — список елементів move-capture, з’єднаний так, як перелічують у мові
# («5 зерен з A1, 2 зерна з A2 і 3 зерна з A4»).
move-played-captured = { $side ->
    [south] Південь зробив хід { $move } і захопив { $captures }.
   *[north] Північ зробила хід { $move } і захопила { $captures }.
}
move-played-again = { $side ->
    [south] Південь зробив хід { $move } і ходить ще раз.
   *[north] Північ зробила хід { $move } і ходить ще раз.
}
move-played-captured-again = { $side ->
    [south] Південь зробив хід { $move }, захопив { $captures } — і ходить ще раз.
   *[north] Північ зробила хід { $move }, захопила { $captures } — і ходить ще раз.
}
move-capture = { $seeds ->
    [one] { $seeds } зерно
    [few] { $seeds } зерна
    [many] { $seeds } зерен
   *[other] { $seeds } зерна
} з { $pit }
announce-game-over = Партію завершено.
# Після речення про хід: чий тепер хід; $turn — один із рядків turn-* вище.
announce-turn = { $turn }.
# Заголовок стовпця номерів ходів у списку ходів.
move-list-number = №

## Що зробив останній хід: показано під дошкою до наступного ходу

# $captures — список елементів effect-capture-sown або move-capture.
effect-captured = { $side ->
    [south] Південь захопив { $captures }.
   *[north] Північ захопила { $captures }.
}
# Бао: захоплені зерна посіяно з ямки kichwa $kichwa.
effect-capture-sown = { $seeds ->
    [one] { $seeds } зерно з { $pit }, посіяне з { $kichwa }
    [few] { $seeds } зерна з { $pit }, посіяні з { $kichwa }
    [many] { $seeds } зерен з { $pit }, посіяних з { $kichwa }
   *[other] { $seeds } зерна з { $pit }, посіяних з { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] Ямку nyumba Півдня втрачено.
   *[north] Ямку nyumba Півночі втрачено.
}
effect-takasia = Ямку { $pit } заблоковано правилом takasia на наступний хід.

## Пояснення позначок у списку ходів (самі позначки показано поруч)

legend-heading = Позначки в записі ходів
legend-direction = напрямок ходу: ліворуч чи праворуч від того, хто ходить (під час захоплення — кінець внутрішнього ряду, куди входять захоплені зерна)
legend-safari = після напрямку: safari, хід продовжився з ямки nyumba
legend-place = перед ямкою: у неї кладуть зерно із запасу
legend-lap = коло повернуло за годинниковою стрілкою (c) або проти годинникової стрілки (a)
legend-takasa = takasa: хід нічого не захопив
legend-takasia = хід takasa, що блокує одну з ямок суперника (takasia)
legend-win = хід виграє партію

## Дошка (назви для програм зчитування з екрана)

board-label = Дошка
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } зерно
    [few] { $seeds } зерна
    [many] { $seeds } зерен
   *[other] { $seeds } зерна
}
board-store = { $side ->
    [south] Амбар Півдня
   *[north] Амбар Півночі
}, { $seeds ->
    [one] { $seeds } зерно
    [few] { $seeds } зерна
    [many] { $seeds } зерен
   *[other] { $seeds } зерна
}
board-pit-nyumba = nyumba
board-pit-takasia = заблокована правилом takasia
board-pit-reserved = зарезервована
board-pit-last = останній хід
board-pit-playable = можна ходити
board-pit-selected = обрана
board-pit-captured = захоплена останнім ходом
board-pit-deciding = тут хід чекає на вибір

## Діалог ходу: вибір після натискання на ямку

dialogue-label = Оберіть
dialogue-wait = Зачекайте на свій хід.
dialogue-not-playable = З ямки { $pit } зараз не можна почати хід.
# $move — хід, обраний досі: ямка і вже зроблений вибір (A3>).
dialogue-prompt = { $move }: оберіть
dialogue-prompt-direction = { $pit }: у який бік?
dialogue-prompt-kichwa = { $pit } захоплює: куди ввести захоплені зерна?
dialogue-prompt-nyumba = { $move }: хід доходить до вашої ямки nyumba
dialogue-prompt-lap = { $move }: у який бік іде це коло?
# Захоплення в бао: захоплені зерна входять у ямку kichwa (крайню ямку внутрішнього ряду).
dialogue-kichwa-left = { $arrow } Ввести в { $pit } (ліва kichwa)
dialogue-kichwa-left-long = Захоплені зерна входять у { $pit }, ліву ямку kichwa, і йдуть праворуч
dialogue-kichwa-right = { $arrow } Ввести в { $pit } (права kichwa)
dialogue-kichwa-right-long = Захоплені зерна входять у { $pit }, праву ямку kichwa, і йдуть ліворуч
dialogue-sow-towards = { $arrow } Сіяти в бік { $to }
dialogue-sow-right-long = Сіяти з { $from } праворуч, перше зерно — у { $to }
dialogue-sow-left-long = Сіяти з { $from } ліворуч, перше зерно — у { $to }
# Дворядні дошки.
dialogue-right = Праворуч →
dialogue-right-long = Сіяти з { $from } праворуч
dialogue-left = ← Ліворуч
dialogue-left-long = Сіяти з { $from } ліворуч
# Бао: хід, що закінчується у власній ямці nyumba, може там зупинитися або піти далі (safari).
dialogue-safari = Safari: сіяти далі
dialogue-safari-long = Safari: сіяти далі з ямки nyumba
dialogue-stop = Зупинитися в ямці nyumba
dialogue-stop-long = Зупинитися в ямці nyumba: на цьому хід закінчується
# Омвесо: кожне коло, що доходить до лівого краю, може повернути за годинниковою стрілкою; $lap лічить ці вибори.
dialogue-clockwise = ↻ За годинниковою стрілкою (вибір { $lap })
dialogue-clockwise-long = Вибір { $lap }: за годинниковою стрілкою
dialogue-anticlockwise = ↺ Проти годинникової стрілки (вибір { $lap })
dialogue-anticlockwise-long = Вибір { $lap }: проти годинникової стрілки
dialogue-cancel = Скасувати

## Чому з ямки не можна ходити: показано поруч із нею після натискання

note-spectator = Ви дивитеся як глядач: глядачі не можуть ходити.
note-game-over = Партію завершено.
note-offline = Немає зв’язку: ходи чекають на з’єднання.
note-busy = Зачекайте: хід ще триває.
note-computer-turn = Зараз хід комп’ютера.
# $side — сторона, що ходить; $pit — ямка іншої сторони.
note-other-side = { $side ->
    [south] { $pit } — ямка Півночі: ходить Південь.
   *[north] { $pit } — ямка Півдня: ходить Північ.
}
note-empty = Ямка { $pit } порожня.
note-takasia = Ямку { $pit } на цей хід заблоковано правилом takasia.

## Введення ходу

entry-label = Введіть хід
entry-hint = наприклад, A6< і Enter або ямка й клавіша зі стрілкою
# $move — те, що введено.
entry-no-move = Допустимого ходу { $move } тут немає.

## Кнопки й налаштування біля дошки

control-resign = Здатися
control-takeback = Повернути хід
control-rematch = Реванш
control-flip = Перевернути дошку
control-resign-question = Здатися в цій партії?
control-resign-confirm = Так, здатися
control-resign-cancel = Скасувати
# $menu — меню швидкостей, наведених нижче.
settings-animation = Анімація { $menu }
settings-speed-off = Вимкнена
settings-speed-fast = Швидка
settings-speed-normal = Звичайна
settings-speed-slow = Повільна
# $box — прапорець.
settings-sound = { $box } Звук
# $box — прапорець.
settings-notify = { $box } Сповіщати мене, коли мій хід
notify-title = Ваш хід
# $game — назва гри.
notify-body = Ваш хід у партії: { $game }.

## Пропозиції повернути хід або зіграти реванш

offer-takeback-own = Ви запропонували повернути хід; чекаємо на відповідь…
offer-rematch-own = Ви запропонували реванш; чекаємо на відповідь…
offer-takeback-incoming = Суперник пропонує повернути хід.
offer-rematch-incoming = Суперник пропонує реванш.
offer-takeback-side = { $side ->
    [south] Південь пропонує повернути хід.
   *[north] Північ пропонує повернути хід.
}
offer-rematch-side = { $side ->
    [south] Південь пропонує реванш.
   *[north] Північ пропонує реванш.
}
offer-accept = Прийняти
offer-decline = Відхилити

## Посилання: запрошення, особисте посилання гравця, посилання для глядачів, запис партії

link-invite-heading = Запросіть друга
link-invite-text = Надішліть це посилання другові; хто перший його відкриє, той і гратиме з вами.
link-invite-label = Посилання-запрошення
link-summary = Посилання на цю партію
link-private = Ваше особисте посилання (нікому його не давайте: це ваше місце за дошкою)
link-private-label = Ваше особисте посилання
link-watch = Посилання для глядачів (дивитися може будь-хто)
link-watch-label = Посилання для глядачів
link-copy = Копіювати
link-copied = Скопійовано
link-record = Завантажити запис партії
link-rematch = Перейти до реваншу

## З’єднання і рядок стану

connection-online = на зв’язку
connection-offline = немає зв’язку
connection-reconnecting = , підключаємося знову…
# $ply — кількість напівходів, зіграних досі.
status-ply = Напівхід { $ply }
status-sent = Хід { $move } надіслано…
status-unsent = Немає зв’язку: хід не надіслано. Підключаємося знову…
status-protocol = Ця сторінка застаріла: перезавантажте її.
offline-banner = Зв’язок утрачено: підключаємося знову… Ходи зачекають, доки зв’язок не відновиться.

## Відмови сервера за їхнім кодом (docs/protocol.md §3.4)

client-error-bad_message = Сервер не зміг прочитати це повідомлення.
client-error-protocol = Ця сторінка застаріла: перезавантажте її.
client-error-not_player = Ви дивитеся цю партію як глядач.
client-error-not_your_turn = Зараз не ваш хід.
client-error-game_over = Партію завершено.
client-error-stale_ply = Цей хід запізнився: позиція вже змінилася.
client-error-illegal_move = Тут цей хід недопустимий.
client-error-no_offer = Немає пропозиції, на яку можна відповісти.
client-error-nothing_to_take_back = Немає вашого ходу, який можна було б повернути.
client-error-not_over = Реванш можна запропонувати лише після завершення партії.
client-error-computer_busy = Комп’ютер зайнятий іншими партіями: повторіть хід трохи згодом.
client-error-store = Не вдалося зберегти хід; спробуйте ще раз.
client-error-internal = На сервері щось пішло не так.
client-error-bad_request = Не вдалося обробити запит.
client-error-not_found = Такої партії немає.
# Код, якого ця сторінка не знає (новіший сервер).
client-error-unknown = Сервер відхилив запит ({ $code }).

## Форма нової партії на головній сторінці (web/home.js)

newgame-options = Правила на вибір:
newgame-no-options = У цій грі немає правил на вибір.

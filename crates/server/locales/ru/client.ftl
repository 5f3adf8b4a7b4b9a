# The board client (web/*.js): the live game page, and the home page's form helper.
# Переменные стороны ($side, $winner) принимают значения `south` и `north`: выбор по ним ставит
# название стороны в нужный падеж. $move и $pit — записи ходов и названия лунок (A3>, a6<+, B12):
# не переводятся. $arrow — стрелка (→ ← ↑ ↓), показывающая направление на экране.

## Строка хода над доской

turn-connecting = Подключение…
turn-thinking = Компьютер думает…
turn-you = Ваш ход ({ $side ->
    [south] Юг
   *[north] Север
})
# Дополнительный ход в калахе: та же сторона ходит ещё раз.
turn-you-again = Снова ваш ход ({ $side ->
    [south] Юг
   *[north] Север
})
turn-computer = Ход компьютера ({ $side ->
    [south] Юг
   *[north] Север
})
turn-opponent = Ход соперника ({ $side ->
    [south] Юг
   *[north] Север
})
# Вдвоём на одном устройстве и для зрителей.
turn-side = { $side ->
    [south] Ход Юга
   *[north] Ход Севера
}
turn-side-again = { $side ->
    [south] Снова ход Юга
   *[north] Снова ход Севера
}
# Пока ход показывается анимацией.
turn-playing-you = Вы делаете ход { $move }…
turn-playing-computer = Компьютер делает ход { $move }…
turn-playing-opponent = Соперник делает ход { $move }…
turn-playing-side = { $side ->
    [south] Юг делает ход { $move }…
   *[north] Север делает ход { $move }…
}
# $result — результат: 1-0, 0-1 или 1/2-1/2.
turn-over-you-won = Партия окончена: вы выиграли ({ $result })
turn-over-you-lost = Партия окончена: вы проиграли ({ $result })
turn-over-side-won = Партия окончена: { $winner ->
    [south] Юг выиграл
   *[north] Север выиграл
} ({ $result })
turn-over-draw = Партия окончена: ничья ({ $result })
# Пока связь потеряна: ход отправить нельзя.
turn-offline = Нет связи: переподключение…
# Заголовок вкладки, когда ход игрока; $title — собственный заголовок страницы.
title-your-turn = ● Ваш ход — { $title }
# Кто смотрит партию. Зритель видит первую строку; игроки видят вторую, когда партию кто-то смотрит.
watching-you = Вы смотрите эту партию ({ $count ->
    [one] { $count } зритель
    [few] { $count } зрителя
    [many] { $count } зрителей
   *[other] { $count } зрителя
})
watching-count = { $count ->
    [one] Партию смотрит { $count } зритель
    [few] Партию смотрят { $count } зрителя
    [many] Партию смотрят { $count } зрителей
   *[other] Партию смотрят { $count } зрителя
}
# Сообщение сервера для этого визита (приглашение уже использовано) можно закрыть.
notice-dismiss = Закрыть

## Итог для игрока: говорится перед фразой outcome-* из common.ftl

outcome-you-win = Вы выиграли!
outcome-you-lose = Вы проиграли.
outcome-you-draw = Ничья.

## Полосы игроков над доской и под ней

player-you = Вы
player-opponent = Соперник
# Компьютер, когда партию смотрят или играют вдвоём на одном устройстве: сторона иначе не видна.
player-computer-side = Компьютер, уровень { $level } ({ $side ->
    [south] Юг
   *[north] Север
})
panel-to-move = очередь хода
# $seeds — число, выделенное жирным.
panel-hand = В руке: { $seeds }
# $field — одно из названий stores-* из common.ftl (Хранилище, Захвачено, ...); $seeds — число.
panel-stores = { $field }: { $seeds }
panel-nyumba = Nyumba: { $pit }
panel-no-nyumba = Без nyumba
panel-waiting = ещё не присоединился
panel-connected = в сети
panel-disconnected = отключился
panel-opponent-disconnected = соперник отключился
panel-moves = Ходы
# Что последний ход изменил в руке или в хранилище: $change со знаком (+7, −1).
panel-change = ({ $change })

## Ходы: последний ход, список ходов и фраза для экранного диктора

move-last = Последний ход: { $move } ({ $side ->
    [south] Юг
   *[north] Север
})
move-list-title = { $side ->
    [south] Юг
   *[north] Север
}, полуход { $ply }
move-list-empty = Ходов пока нет.
move-played = { $side ->
    [south] Юг сделал ход { $move }.
   *[north] Север сделал ход { $move }.
}
# $captures — список пунктов move-capture, соединённых по правилам языка
# («5 семян из A1, 2 семени из A2 и 3 семени из A4»).
move-played-captured = { $side ->
    [south] Юг сделал ход { $move } и захватил { $captures }.
   *[north] Север сделал ход { $move } и захватил { $captures }.
}
move-played-again = { $side ->
    [south] Юг сделал ход { $move } и ходит ещё раз.
   *[north] Север сделал ход { $move } и ходит ещё раз.
}
move-played-captured-again = { $side ->
    [south] Юг сделал ход { $move } и захватил { $captures }. Юг ходит ещё раз.
   *[north] Север сделал ход { $move } и захватил { $captures }. Север ходит ещё раз.
}
move-capture = { $seeds ->
    [one] { $seeds } семя из { $pit }
    [few] { $seeds } семени из { $pit }
    [many] { $seeds } семян из { $pit }
   *[other] { $seeds } семени из { $pit }
}
announce-game-over = Партия окончена.
# После фразы о ходе: чей ход теперь; $turn — одна из строк turn-* выше.
announce-turn = { $turn }.
# Заголовок столбца с номерами ходов в списке ходов.
move-list-number = №

## Что сделал последний ход: говорится под доской до следующего хода

# $captures — список пунктов effect-capture-sown или move-capture.
effect-captured = { $side ->
    [south] Юг захватил { $captures }.
   *[north] Север захватил { $captures }.
}
# Бао: захваченные семена высеваются из kichwa $kichwa.
effect-capture-sown = { $seeds ->
    [one] { $seeds } из { $pit } и высеял его, начиная с { $kichwa }
    [few] { $seeds } из { $pit } и высеял их, начиная с { $kichwa }
    [many] { $seeds } из { $pit } и высеял их, начиная с { $kichwa }
   *[other] { $seeds } из { $pit } и высеял их, начиная с { $kichwa }
}
effect-nyumba-destroyed = { $side ->
    [south] Nyumba Юга утрачена.
   *[north] Nyumba Севера утрачена.
}
effect-takasia = Лунка { $pit } заблокирована правилом takasia на следующий ход.

## Пояснение к знакам в списке ходов (сами знаки показаны рядом)

legend-heading = Знаки в записи ходов
legend-direction = направление хода: влево или вправо от ходящего игрока (при захвате — край внутреннего ряда, куда входят захваченные семена)
legend-safari = после направления: safari, ход продолжился из лунки nyumba
legend-place = перед лункой: в неё кладётся семя из запаса
legend-lap = круг шёл по часовой стрелке (c) или против часовой стрелки (a)
legend-takasa = takasa: ход ничего не захватил
legend-takasia = ход takasa, который блокирует одну из лунок соперника (takasia)
legend-win = ход выигрывает партию

## Доска (названия для экранного диктора)

board-label = Доска
board-pit = { $pit }, { $seeds ->
    [one] { $seeds } семя
    [few] { $seeds } семени
    [many] { $seeds } семян
   *[other] { $seeds } семени
}
board-store = { $side ->
    [south] Хранилище Юга
   *[north] Хранилище Севера
}, { $seeds ->
    [one] { $seeds } семя
    [few] { $seeds } семени
    [many] { $seeds } семян
   *[other] { $seeds } семени
}
board-pit-nyumba = nyumba
board-pit-takasia = заблокирована правилом takasia
board-pit-reserved = зарезервирована
board-pit-last = последний ход
board-pit-playable = можно ходить
board-pit-selected = выбрана
board-pit-captured = захвачена последним ходом
board-pit-deciding = здесь ход ждёт выбора

## Диалог хода: выбор после нажатия на лунку

dialogue-label = Выберите
dialogue-wait = Дождитесь своего хода.
dialogue-not-playable = Из { $pit } сейчас нельзя начать ход.
# $move — ход на данный момент: лунка и сделанный выбор (A3>).
dialogue-prompt = { $move }: выберите
dialogue-prompt-direction = { $pit }: в какую сторону?
dialogue-prompt-kichwa = { $pit } захватывает: куда ввести захваченные семена?
dialogue-prompt-nyumba = { $move }: ход дошёл до вашей nyumba
dialogue-prompt-lap = { $move }: куда пойдёт этот круг?
# Захват в бао: захваченные семена вводятся в kichwa (крайнюю лунку внутреннего ряда).
dialogue-kichwa-left = { $arrow } Ввести в { $pit } (левая kichwa)
dialogue-kichwa-left-long = Захваченные семена вводятся в { $pit }, левую kichwa, и идут вправо
dialogue-kichwa-right = { $arrow } Ввести в { $pit } (правая kichwa)
dialogue-kichwa-right-long = Захваченные семена вводятся в { $pit }, правую kichwa, и идут влево
dialogue-sow-towards = { $arrow } Сеять в сторону { $to }
dialogue-sow-right-long = Сеять вправо из { $from }, первое семя — в { $to }
dialogue-sow-left-long = Сеять влево из { $from }, первое семя — в { $to }
# Двухрядные доски.
dialogue-right = Вправо →
dialogue-right-long = Сеять вправо из { $from }
dialogue-left = ← Влево
dialogue-left-long = Сеять влево из { $from }
# Бао: ход, который заканчивается в своей nyumba, может остановиться в ней или пойти дальше (safari).
dialogue-safari = Safari: сеять дальше
dialogue-safari-long = Safari: сеять дальше из лунки nyumba
dialogue-stop = Остановиться в лунке nyumba
dialogue-stop-long = Остановиться в лунке nyumba: ход на этом заканчивается
# Омвесо: каждый круг, дошедший до левого края, может повернуть по часовой стрелке; $lap — номер такого выбора.
dialogue-clockwise = ↻ По часовой стрелке (выбор { $lap })
dialogue-clockwise-long = Выбор { $lap }: по часовой стрелке
dialogue-anticlockwise = ↺ Против часовой стрелки (выбор { $lap })
dialogue-anticlockwise-long = Выбор { $lap }: против часовой стрелки
dialogue-cancel = Отменить

## Почему из лунки нельзя ходить: говорится рядом с ней после нажатия

note-spectator = Вы смотрите партию: зрители не могут ходить.
note-game-over = Партия окончена.
note-offline = Нет связи: ходы ждут, пока она не восстановится.
note-busy = Подождите: ход ещё выполняется.
note-computer-turn = Сейчас ход компьютера.
# $side — сторона, которая ходит; $pit — лунка другой стороны.
note-other-side = { $side ->
    [south] { $pit } — лунка Севера, а ходит Юг.
   *[north] { $pit } — лунка Юга, а ходит Север.
}
note-empty = Лунка { $pit } пуста.
note-takasia = Лунка { $pit } заблокирована правилом takasia на этот ход.

## Ввод хода с клавиатуры

entry-label = Введите ход
entry-hint = например, A6< и Enter или лунка и клавиша со стрелкой
# $move — то, что введено.
entry-no-move = Здесь нет допустимого хода { $move }.

## Кнопки и настройки рядом с доской

control-resign = Сдаться
control-takeback = Вернуть ход
control-rematch = Реванш
control-flip = Перевернуть доску
control-resign-question = Сдаться в этой партии?
control-resign-confirm = Да, сдаться
control-resign-cancel = Отменить
# $menu — меню скоростей ниже.
settings-animation = Анимация { $menu }
settings-speed-off = Выключена
settings-speed-fast = Быстрая
settings-speed-normal = Обычная
settings-speed-slow = Медленная
# $box — флажок.
settings-sound = { $box } Звук
# $box — флажок.
settings-notify = { $box } Уведомлять меня, когда наступит мой ход
notify-title = Ваш ход
# $game — название игры.
notify-body = { $game }: сейчас ваш ход.

## Предложения вернуть ход или сыграть реванш

offer-takeback-own = Вы предложили вернуть ход; ждём ответа…
offer-rematch-own = Вы предложили реванш; ждём ответа…
offer-takeback-incoming = Соперник предлагает вернуть ход.
offer-rematch-incoming = Соперник предлагает реванш.
offer-takeback-side = { $side ->
    [south] Юг предлагает вернуть ход.
   *[north] Север предлагает вернуть ход.
}
offer-rematch-side = { $side ->
    [south] Юг предлагает реванш.
   *[north] Север предлагает реванш.
}
offer-accept = Принять
offer-decline = Отклонить

## Ссылки: приглашение, личная ссылка игрока, ссылка для зрителей, запись партии

link-invite-heading = Пригласите друга
link-invite-text = Отправьте эту ссылку другу: первый, кто её откроет, станет вашим соперником.
link-invite-label = Ссылка-приглашение
link-summary = Ссылки на эту партию
link-private = Ваша личная ссылка (никому её не давайте: это ваше место в партии)
link-private-label = Ваша личная ссылка
link-watch = Ссылка для зрителей (смотреть может любой)
link-watch-label = Ссылка для зрителей
link-copy = Копировать
link-copied = Скопировано
link-record = Скачать запись партии
link-rematch = Перейти к реваншу

## Соединение и строка состояния

connection-online = в сети
connection-offline = не в сети
connection-reconnecting = , переподключение…
# $ply — число сделанных полуходов.
status-ply = Полуход { $ply }
status-sent = Отправлено: { $move }…
status-unsent = Нет связи: ход не отправлен. Переподключение…
status-protocol = Эта страница устарела: перезагрузите её.
offline-banner = Связь потеряна: переподключение… Ходы подождут, пока она не вернётся.

## Отказы сервера, по их кодам (docs/protocol.md §3.4)

client-error-bad_message = Сервер не смог прочитать это сообщение.
client-error-protocol = Эта страница устарела: перезагрузите её.
client-error-not_player = Вы смотрите эту партию как зритель.
client-error-not_your_turn = Сейчас не ваш ход.
client-error-game_over = Партия окончена.
client-error-stale_ply = Ход пришёл слишком поздно: позиция уже изменилась.
client-error-illegal_move = Здесь такой ход недопустим.
client-error-no_offer = Нет предложения, на которое можно ответить.
client-error-nothing_to_take_back = У вас нет хода, который можно вернуть.
client-error-not_over = Реванш можно предложить только после окончания партии.
client-error-computer_busy = Компьютер занят другими партиями: повторите ход чуть позже.
client-error-store = Не удалось сохранить ход; попробуйте ещё раз.
client-error-internal = На сервере что-то пошло не так.
client-error-bad_request = Запрос не удалось обработать.
client-error-not_found = Такой партии нет.
# Код, которого эта страница не знает (сервер новее).
client-error-unknown = Сервер отклонил запрос ({ $code }).

## Форма новой партии на главной странице (web/home.js)

newgame-options = Правила на выбор:
newgame-no-options = В этой игре нет правил на выбор.

# Messages shared by the pages and the board client: sides, levels, outcomes, boards.
# Переменные стороны ($side, $winner, $loser, $mover) принимают значения `south` и `north`:
# выбор по ним позволяет поставить название стороны в нужный падеж.

side-south = Юг
side-north = Север
side-name = { $side ->
    [south] Юг
   *[north] Север
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, с хранилищами

stores-store = Хранилище
stores-captured = Захвачено
stores-reserve = Запас
stores-to_place = Не расставлено

level-name-1 = новичок
level-name-2 = ученик
level-name-3 = любитель
level-name-4 = клубный игрок
level-name-5 = сильный игрок
level-name-6 = эксперт
level-name-7 = мастер
level-name-8 = сильнейший
level-choice = Уровень { $level }: { $name }
computer-level = Компьютер, уровень { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] Юг выиграл
   *[north] Север выиграл
}, внутренний ряд { $loser ->
    [south] Юга
   *[north] Севера
} пуст
outcome-no-legal-move = { $result }: { $winner ->
    [south] Юг выиграл
   *[north] Север выиграл
}, у { $loser ->
    [south] Юга
   *[north] Севера
} нет допустимого хода
outcome-repetition-draw = { $result }: ничья из-за повторения позиции
outcome-repetition-win = { $result }: { $winner ->
    [south] Юг выиграл
   *[north] Север выиграл
} из-за повторения позиции
outcome-resignation = { $result }: { $winner ->
    [south] Юг выиграл
   *[north] Север выиграл
}, { $loser ->
    [south] Юг
   *[north] Север
} сдался
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] Юг выиграл по числу семян — { $south } против { $north }
   *[north] Север выиграл по числу семян — { $north } против { $south }
}
outcome-seeds-counted-draw = { $result }: ничья, у каждого по { $south ->
    [one] { $south } семени
    [few] { $south } семени
    [many] { $south } семян
   *[other] { $south } семени
}
outcome-other = { $result }: партия окончена

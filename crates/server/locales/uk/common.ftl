# Повідомлення, спільні для сторінок і клієнта дошки: сторони, рівні, результати, дошки.
# Змінні сторін ($side, $winner, $loser, $mover) мають значення `south` і `north`: вибір за ними
# дає змогу ставити назву сторони в потрібному відмінку.

side-south = Південь
side-north = Північ
side-name = { $side ->
    [south] Південь
   *[north] Північ
}

board-size = { $rows }×{ $width }
board-size-stores = { $rows }×{ $width }, з амбарами

stores-store = Амбар
stores-captured = Захоплено
stores-reserve = Запас
stores-to_place = Не розставлено

level-name-1 = початківець
level-name-2 = новачок
level-name-3 = аматор
level-name-4 = клубний гравець
level-name-5 = сильний гравець
level-name-6 = експерт
level-name-7 = майстер
level-name-8 = найсильніший
level-choice = Рівень { $level }: { $name }
computer-level = Комп’ютер, рівень { $level }

outcome-front-row-empty = { $result }: { $winner ->
    [south] Південь виграв
   *[north] Північ виграла
}, внутрішній ряд { $loser ->
    [south] Півдня
   *[north] Півночі
} порожній
outcome-no-legal-move = { $result }: { $winner ->
    [south] Південь виграв
   *[north] Північ виграла
}, у { $loser ->
    [south] Півдня
   *[north] Півночі
} немає допустимого ходу
outcome-repetition-draw = { $result }: нічия через повторення позиції
outcome-repetition-win = { $result }: { $winner ->
    [south] Південь виграв
   *[north] Північ виграла
} через повторення позиції
outcome-resignation = { $result }: { $winner ->
    [south] Південь виграв
   *[north] Північ виграла
}, { $loser ->
    [south] Південь здався
   *[north] Північ здалася
}
outcome-seeds-counted-win = { $result }: { $winner ->
    [south] Південь виграв за кількістю зерен, { $south } проти { $north }
   *[north] Північ виграла за кількістю зерен, { $north } проти { $south }
}
outcome-seeds-counted-draw = { $result }: нічия, у кожного { $south ->
    [one] { $south } зерно
    [few] { $south } зерна
    [many] { $south } зерен
   *[other] { $south } зерна
}
outcome-other = { $result }: партію завершено

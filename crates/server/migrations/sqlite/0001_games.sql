CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    rules         TEXT NOT NULL,
    mode          TEXT NOT NULL,
    south_kind    TEXT NOT NULL,
    south_level   INTEGER,
    south_secret  TEXT,
    south_joined  INTEGER NOT NULL,
    north_kind    TEXT NOT NULL,
    north_level   INTEGER,
    north_secret  TEXT,
    north_joined  INTEGER NOT NULL,
    invite        TEXT,
    epoch         INTEGER NOT NULL DEFAULT 0,
    resigned      TEXT,
    result        TEXT,
    rematch       TEXT,
    created       INTEGER NOT NULL
);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games(id),
    ply      INTEGER NOT NULL,
    move     TEXT NOT NULL,
    created  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

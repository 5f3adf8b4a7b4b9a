-- The games and their moves, as in migrations/sqlite/0001_games.sql: the same columns with the
-- same names and types (text, and 64-bit integers for numbers and flags), so one reader serves
-- both databases.
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    rules         TEXT NOT NULL,
    mode          TEXT NOT NULL,
    south_kind    TEXT NOT NULL,
    south_level   BIGINT,
    south_secret  TEXT,
    south_joined  BIGINT NOT NULL,
    north_kind    TEXT NOT NULL,
    north_level   BIGINT,
    north_secret  TEXT,
    north_joined  BIGINT NOT NULL,
    invite        TEXT,
    epoch         BIGINT NOT NULL DEFAULT 0,
    resigned      TEXT,
    result        TEXT,
    rematch       TEXT,
    created       BIGINT NOT NULL
);

-- The unique key on (game, ply) decides between two instances writing the same ply.
CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games(id),
    ply      BIGINT NOT NULL,
    move     TEXT NOT NULL,
    created  BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

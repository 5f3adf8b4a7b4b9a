-- The invitation token is no longer stored, only its SHA-256 (docs/protocol.md §1), as on
-- SQLite (migrations/sqlite/0002_invite_hash.sql): the column is renamed and the clear tokens
-- it held are hashed in place (lowercase hex of the token's UTF-8 bytes, as the server's
-- `hash_secret`). Old links still work; the creator's page no longer shows them.
ALTER TABLE games RENAME COLUMN invite TO invite_hash;
UPDATE games SET invite_hash = encode(sha256(convert_to(invite_hash, 'UTF8')), 'hex')
    WHERE invite_hash IS NOT NULL;

-- Unstarted games are swept by their creation time.
CREATE INDEX games_created ON games (created);

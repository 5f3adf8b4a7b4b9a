-- The invitation token is no longer stored, only its SHA-256 (docs/protocol.md §1). The
-- column is renamed here; the server hashes the clear tokens it held in place, in the same
-- transaction (store/sqlite.rs, `hash_clear_invites`). A token is now derived from the
-- creator's seat secret, so the creator's page shows the invitation again after a restart;
-- for a game created before this migration the old link still works, but the creator's page
-- no longer shows it.
ALTER TABLE games RENAME COLUMN invite TO invite_hash;

-- Unstarted games are swept by their creation time.
CREATE INDEX games_created ON games (created);

-- Standing offers are stored, so that every instance of the server sees them (a takeback offer
-- counts only at the epoch and ply it was made at; sides are 's' or 'n'), as on SQLite
-- (migrations/sqlite/0003_offers.sql).
ALTER TABLE games ADD COLUMN takeback_by TEXT;
ALTER TABLE games ADD COLUMN takeback_epoch BIGINT;
ALTER TABLE games ADD COLUMN takeback_ply BIGINT;
ALTER TABLE games ADD COLUMN rematch_by TEXT;

-- Trigram indexes for the console's searches (ILIKE '%text%' on station and account names, device
-- ids, e-mails). The indexes themselves are in the read models' DDL (libs/platform/src/read-models),
-- so a rebuild's fresh tables get them too; the extension must exist before those tables are made.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

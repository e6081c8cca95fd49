-- Which upstream source served a row (collectors/source-chain.ts: mp, weread, paid, client, page…); '' for rows
-- written before sources were recorded, or by a single-source collector.
ALTER TABLE articles ADD COLUMN IF NOT EXISTS source LowCardinality(String) DEFAULT '' AFTER source_account;

ALTER TABLE article_snapshots ADD COLUMN IF NOT EXISTS source LowCardinality(String) DEFAULT '';

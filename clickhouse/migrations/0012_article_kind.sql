-- 消息类型 and 转载来源: the message kind (article 图文, picture 图片, text 文本, video 视频, voice 语音, share 转载/分享;
-- platform/message-kind.ts) from WeChat's item_show_type and the page, and the account a reprint or share came from
-- ("以下文章来源于…"), as the collectors read them. '' where a row was written before they were read.
ALTER TABLE articles ADD COLUMN IF NOT EXISTS kind LowCardinality(String) DEFAULT '' AFTER item_show_type;

ALTER TABLE articles ADD COLUMN IF NOT EXISTS source_account String DEFAULT '' AFTER kind;

-- The history list (account_articles) shows both: the view is recreated to carry them. Old rows keep ''.
ALTER TABLE account_articles ADD COLUMN IF NOT EXISTS kind LowCardinality(String) DEFAULT '' AFTER copyright_stat;

ALTER TABLE account_articles ADD COLUMN IF NOT EXISTS source_account String DEFAULT '' AFTER kind;

DROP VIEW IF EXISTS account_articles_mv;

CREATE MATERIALIZED VIEW IF NOT EXISTS account_articles_mv TO account_articles AS
SELECT mid, pubtime, idx, aid, title, href, copyright_stat, kind, source_account, source_url, updated_at
FROM articles;

-- 原创 in one code set (platform/copyright.ts: 0 unknown, 1 original, 2 reprint, 3 share). Rows written before
-- carried the simulator's 11 for an original (no real page or list says 11) and other WeChat numbers (101…) for
-- the rest, which said nothing more than "not original".
ALTER TABLE articles UPDATE copyright_stat = if(copyright_stat = 11, 1, 0) WHERE copyright_stat > 3
SETTINGS mutations_sync = 2;

ALTER TABLE account_articles UPDATE copyright_stat = if(copyright_stat = 11, 1, 0) WHERE copyright_stat > 3
SETTINGS mutations_sync = 2;

-- Whose minute-level series an article is (api/monitor-series-access.ts): the orders on one account, found without
-- knowing the member.
CREATE INDEX IF NOT EXISTS monitor_orders_article ON monitor_orders (mid, msgid, idx);

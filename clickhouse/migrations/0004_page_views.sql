-- 页面浏览: one row per route change of the dashboard (spec §2 Router behaviour: a page-view event per route change),
-- sent by the browser with navigator.sendBeacon. `vid` is an anonymous visitor id the browser keeps in local storage;
-- `user_id` is the member's id when logged in (0 for visitors). Kept 400 days.
CREATE TABLE IF NOT EXISTS page_views (
  ts DateTime64(3, 'Asia/Shanghai') DEFAULT now64(3),
  path String,
  query String,
  referrer String,
  vid String,
  user_id UInt64
) ENGINE = MergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (toDate(ts), path, ts)
TTL toDateTime(ts) + INTERVAL 400 DAY;

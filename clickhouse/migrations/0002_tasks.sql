-- Where collector work stands, as the collectors report it on the bus (monitor.status, crawl.progress).
-- The API reads these for task lists, report windows and back-collection progress; members' orders
-- themselves (who asked, quota) live in PostgreSQL.

-- 监测任务状态: the newest report (by `at`) of each monitor task wins.
CREATE TABLE IF NOT EXISTS monitor_status (
  task_id String,
  state LowCardinality(String),
  biz String,
  aids Array(String),
  start_ts Nullable(DateTime('Asia/Shanghai')),
  end_ts Nullable(DateTime('Asia/Shanghai')),
  polls UInt32,
  at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(at)
ORDER BY task_id;

-- 回采/更新/收录进度: the newest report (by `at`) of each crawl request wins. `result` is the
-- inclusion result of spec §3 as JSON ('' for other kinds).
CREATE TABLE IF NOT EXISTS crawl_progress (
  request_id String,
  kind LowCardinality(String),
  state LowCardinality(String),
  biz String,
  pages UInt32,
  articles UInt32,
  snapshots UInt32,
  covered_from Nullable(DateTime('Asia/Shanghai')),
  percent Float32,
  message String,
  result String,
  at DateTime64(3, 'Asia/Shanghai')
) ENGINE = ReplacingMergeTree(at)
ORDER BY request_id;

-- 刷量检测的三态结论与置信度 (stream/analytics/fake-detector.ts): verdict 'fake' 疑似刷量, 'clean' 正常,
-- 'insufficient' 证据不足 (status stays 0 for it, as the spec has only 0/1); confidence is the calibrated
-- probability that the verdict is right; reason says in Chinese why 正常 or 证据不足. '' / 0 on rows written
-- by the earlier detector.
ALTER TABLE fake_reports ADD COLUMN IF NOT EXISTS verdict LowCardinality(String) DEFAULT '' AFTER status;

ALTER TABLE fake_reports ADD COLUMN IF NOT EXISTS confidence Float32 DEFAULT 0 AFTER verdict;

ALTER TABLE fake_reports ADD COLUMN IF NOT EXISTS reason String DEFAULT '' AFTER signals;

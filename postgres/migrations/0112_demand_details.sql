-- Demands from the service pages (account/v1 submit_demand): which service and page a demand came from, the
-- company, and its handling state for the admins' demand list (account/v1 demand_list, update_demand_status).
ALTER TABLE demands ADD COLUMN IF NOT EXISTS company text NOT NULL DEFAULT '';
ALTER TABLE demands ADD COLUMN IF NOT EXISTS service text NOT NULL DEFAULT '';
ALTER TABLE demands ADD COLUMN IF NOT EXISTS source_path text NOT NULL DEFAULT '';
ALTER TABLE demands ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'new';
ALTER TABLE demands ADD COLUMN IF NOT EXISTS updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE demands DROP CONSTRAINT IF EXISTS demands_status_check;
ALTER TABLE demands ADD CONSTRAINT demands_status_check CHECK (status IN ('new', 'contacting', 'done'));
CREATE INDEX IF NOT EXISTS demands_status_created ON demands (status, created_at DESC);

import type { DemandService, DemandStatus } from '../contract/demand-services';
import type { MemberDb } from '../postgres/db';

/**
 * Demands from the service pages (spec §7 "submit_demand"): visitors and members send them; admins list them and
 * move them through new → contacting → done.
 */

export interface DemandRow {
  id: string;
  user_id: string | null;
  name: string;
  phone: string;
  company: string;
  service: DemandService | '';
  content: string;
  source_path: string;
  status: DemandStatus;
  created_at: string;
  updated_at: string;
}

export interface NewDemand {
  name: string;
  phone: string;
  content: string;
  company: string;
  service: DemandService | '';
  source_path: string;
}

const BEIJING = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

export async function addDemand(db: MemberDb, userId: number | null, f: NewDemand): Promise<void> {
  await db.query(
    `INSERT INTO demands (user_id, name, phone, content, company, service, source_path)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, f.name, f.phone, f.content, f.company, f.service, f.source_path],
  );
}

/** A page of demands (newest first) by optional status and service, with the count of each status overall. */
export async function listDemands(
  db: MemberDb,
  q: { status?: DemandStatus; service?: DemandService | ''; page: number; num: number },
) {
  const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR service = $2)`;
  const filters = [q.status ?? null, q.service ?? null];
  const [rows, totals, counts] = await Promise.all([
    db.query<DemandRow>(
      `SELECT id::text AS id, user_id::text AS user_id, name, phone, company, service, content, source_path,
              status, ${BEIJING('created_at')} AS created_at, ${BEIJING('updated_at')} AS updated_at
       FROM demands WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [...filters, q.num, (q.page - 1) * q.num],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM demands WHERE ${where}`, filters),
    db.query<{ status: DemandStatus; n: number }>(
      'SELECT status, count(*)::int AS n FROM demands GROUP BY status',
    ),
  ]);
  return { total: totals[0]?.n ?? 0, rows, counts };
}

/** Moves a demand to a status; false when there is no such demand. */
export async function setDemandStatus(db: MemberDb, id: number, status: DemandStatus): Promise<boolean> {
  const updated = await db.query(
    'UPDATE demands SET status = $2, updated_at = now() WHERE id = $1 RETURNING id',
    [id, status],
  );
  return updated.length > 0;
}

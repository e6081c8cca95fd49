import type { Context } from 'hono';
import { FREE_RANK_DEPTH } from '../../contract/shapes/rankings';
import { can } from '../../members/membership';
import { requireLevel } from '../member-session';

/**
 * A deep page needs a paid level; the first FREE_RANK_DEPTH places of a ranking or list are open to everyone.
 * Shared by rank/v1, the main/v1 lists, account search and the original/v1 lists (which answer in `status`).
 */
export function depthGate(
  c: Context,
  page: number,
  size: number,
  style: 'error_code' | 'status' = 'error_code',
): Response | null {
  if (page * size <= FREE_RANK_DEPTH) return null;
  const gate = requireLevel(c, can.paidFeature, style, `前 ${FREE_RANK_DEPTH} 名免费查看，更多需开通会员`);
  return gate instanceof Response ? gate : null;
}

import { z } from 'zod';

/** A member's invitees (邀请有礼): registered with their code, redeemed, still available, still needed. */
export const inviteProgress = z.object({
  invite_code: z.string(),
  invited: z.number(),
  redeemed: z.number(),
  available: z.number(),
  /** Invitees still needed before a reward can be redeemed (0: redeemable now). */
  need: z.number(),
});

/** invite_to_vip's answer: the days earned and the level they extend, with the progress and the rule. */
export const inviteRedemption = inviteProgress.extend({
  days: z.number(),
  used: z.number(),
  vip_id: z.number(),
  vip_name: z.string(),
  vip_expire: z.string(),
  rule: z.string(),
});
export type InviteRedemption = z.output<typeof inviteRedemption>;

import { z } from 'zod';

const flag = z.union([z.literal(0), z.literal(1)]);

/** The member's own account as user/v1 user_info answers it. */
export const userInfo = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string(),
  /** Masked: 138****0000. */
  phone: z.string(),
  vip_id: z.number(),
  vip_name: z.string(),
  /** Beijing time 'YYYY-MM-DD HH:MM:SS'; null for a level without an end. */
  vip_expire: z.string().nullable(),
  is_admin: flag,
  api_balance: z.number(),
  invite_code: z.string(),
  wx_bound: flag,
  qq_bound: flag,
  /** The profile form's answers (/account/v1 profile), null until filled in. */
  profile: z.record(z.string(), z.string()).nullable(),
  reg_time: z.string(),
});
export type UserInfo = z.output<typeof userInfo>;

/** The level and display of the member (user/v1 user_profile). */
export const userProfile = z.object({
  vip_id: z.number(),
  vip_name: z.string(),
  vip_expire: z.string().nullable(),
  /** Months of history posts the level may see. */
  history_months: z.number(),
  name: z.string(),
  avatar: z.string(),
});
export type UserProfile = z.output<typeof userProfile>;

/** Members who registered with the member's invite code, newest first (user/v1 invite_record). */
export const inviteRecords = z.object({
  invite_code: z.string(),
  total: z.number(),
  list: z.array(
    z.object({ name: z.string(), phone: z.string(), vip_id: z.number(), created_at: z.string() }),
  ),
});
export type InviteRecords = z.output<typeof inviteRecords>;

/** The sentence a member types to confirm deleting the account (注销账号). */
export const DELETION_CONFIRM_TEXT = '确认注销';

/** What stands in the way of deleting the account, and the sentence to type (user/v1 deletion_check). */
export const deletionCheck = z.object({ blockers: z.array(z.string()), confirm_text: z.string() });
export type DeletionCheck = z.output<typeof deletionCheck>;

/** The deletion's confirmation: the password or an SMS code, and the typed sentence (user/v1 delete_account). */
export const deleteAccountInput = z
  .object({
    password: z.string().max(64).default(''),
    code: z.string().trim().max(10).default(''),
    confirm_text: z.string({ message: `请输入“${DELETION_CONFIRM_TEXT}”` }).trim(),
  })
  .refine((v) => v.password !== '' || v.code !== '', '请输入登录密码或短信验证码')
  .refine((v) => v.confirm_text === DELETION_CONFIRM_TEXT, `请输入“${DELETION_CONFIRM_TEXT}”以确认注销`);

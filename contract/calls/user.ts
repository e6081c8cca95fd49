import { z } from 'zod';
import { defineCall } from '../define';
import { pageNumber, pageSize } from '../inputs';
import { deleteAccountInput, deletionCheck, inviteRecords, userInfo, userProfile } from '../shapes/user';

/** The /fbmain/user calls. */
export const user = {
  loginOut: defineCall({
    group: 'User',
    name: 'login_out',
    methods: ['GET'],
    path: '/user/v1/login_out',
    access: 'public',
    envelope: 'error_code',
    origin: 'spec',
    summary: '退出登录：作废当前的 accessToken 会话；未登录或令牌已过期也回成功。',
    input: z.object({}),
    output: z.undefined(),
  }),
  userProfile: defineCall({
    group: 'User',
    name: 'user_profile',
    methods: ['GET'],
    path: '/user/v1/user_profile',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary: '本人的会员等级（vip_id）、等级名、到期时间、可看历史月数、昵称与头像。',
    input: z.object({}),
    output: userProfile,
  }),
  inviteRecord: defineCall({
    group: 'User',
    name: 'invite_record',
    methods: ['GET'],
    path: '/user/v1/invite_record',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary: '本人的邀请码与通过它注册的好友列表（昵称、打码手机号、等级、注册时间），分页。',
    input: z.object({ page: pageNumber, num: pageSize(100, 20) }),
    output: inviteRecords,
  }),
  userInfo: defineCall({
    group: 'User',
    name: 'user_info',
    methods: ['GET'],
    path: '/user/v1/user_info',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '本人的账号信息：昵称、头像、打码手机号、会员等级与到期时间、是否管理员、API 余额、邀请码、微信/QQ 绑定状态、资料与注册时间。',
    input: z.object({}),
    output: userInfo,
  }),
  deletionCheck: defineCall({
    group: 'User',
    name: 'deletion_check',
    methods: ['GET'],
    path: '/user/v1/deletion_check',
    access: 'member',
    envelope: 'error_code',
    origin: 'platform',
    summary:
      '注销账号前的检查：待确认转账、支付中的订单、进行中的监测与回采，以及需要输入的确认文字（/deletion 页）。',
    input: z.object({}),
    output: deletionCheck,
  }),
  deleteAccount: defineCall({
    group: 'User',
    name: 'delete_account',
    methods: ['POST'],
    path: '/user/v1/delete_account',
    access: 'member',
    envelope: 'error_code',
    origin: 'platform',
    summary:
      '注销本人账号：须输入登录密码或短信验证码与确认文字，错误次数计入登录限制；仍有待确认转账、支付中订单或进行中任务时拒绝，否则删除个人数据并匿名化账号（/deletion 页）。',
    input: deleteAccountInput,
    output: z.undefined(),
  }),
};

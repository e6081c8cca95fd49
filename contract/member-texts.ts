/**
 * The one table of user-facing messages and codes of the member flows. The spec (§5, §8) gives the
 * messages in English; these are their Chinese texts, kept exactly so the dashboard can match them.
 */
export const M = {
  // §5 validation
  PHONE_EMPTY: '手机号不能为空',
  PHONE_INVALID: '请输入正确的手机号',
  PASSWORD_SHORT: '密码长度不能小于8位',
  PASSWORD_LONG: '密码长度不能超过15位',
  PASSWORD_MISMATCH: '两次输入的密码不一致',
  AGREE_REQUIRED: '请先勾选用户协议',
  CODE_EMPTY: '验证码不能为空',
  USER_TYPE_EMPTY: '请选择您的行业定位',
  USERNAME_EMPTY: '用户名不能为空',
  CONTACT_EMPTY: '联系方式不能为空',
  PASSWORD_EMPTY: '密码不能为空',
  COMPANY_EMPTY: '公司名称不能为空',
  INDUSTRY_EMPTY: '行业不能为空',
  NEED_TOO_LONG: '请在200字以内填写您的大致需求',
  CHOOSE_GROUP: '请选择分组',
  CHOOSE_GROUP_OR_ACCOUNT: '请选择您想要的分组或公众号后再加入收藏',
  // §8 results
  SUCCESS: 'success',
  CODE_SENT: '验证码已发送',
  RESET_OK: '密码修改成功',
  RESET_VERIFIED: '验证通过',
  REGISTER_OK: '注册成功',
  PROFILE_OK: '提交成功',
  LOGOUT_OK: '退出成功',
  CREATED: '创建成功',
  ADDED: '添加成功',
  DELETED: '删除成功',
  UPDATED: '修改成功',
  ALREADY_IN_GROUP: '该公众号已在分组中',
  ARTICLE_COLLECTED: '文章已收藏至分组',
  REQUEST_FAILED: '请求失败',
  // sessions and permissions
  NOT_LOGGED_IN: '用户未登录',
  LEVEL_INSUFFICIENT: '会员等级不足，去升级',
  PAGE_UPDATE_LEVEL: '该功能仅限高级及以上会员使用',
  OWNER_LEVEL: '主体信息仅限豪华及以上会员查看',
  ADMIN_ONLY: '仅限管理员操作',
  MONITOR_SERIES_OWNER_ONLY: '该文章的分钟级监测数据仅下单监测的会员可查看，如需查看请创建监测任务',
  // login and registration
  LOGIN_FAILED: '手机号或密码错误',
  LOGIN_LOCKED: '登录失败次数过多，请15分钟后再试',
  // The phone's own lock holds passwords only: its owner can still log in with an SMS code.
  LOGIN_LOCKED_ACCOUNT: '该账号密码错误次数过多，请15分钟后再试，或使用短信验证码登录',
  QR_WAITING: '等待扫码确认',
  QR_EXPIRED: '二维码已失效，请刷新二维码',
  QR_CONFIRMED: '已确认登录，请返回电脑端',
  PHONE_REGISTERED: '该手机号已注册，请直接登录',
  PHONE_NOT_REGISTERED: '该手机号未注册',
  CODE_WRONG: '验证码错误或已过期',
  CODE_COOLDOWN: (s: number) => `发送过于频繁，请${s}秒后再试`,
  CODE_DAILY_CAP: '今日验证码发送次数已达上限，请明天再试',
  SMS_FAILED: '短信发送失败，请稍后重试',
  INVITE_INVALID: '邀请码无效',
  REGISTER_TOKEN_INVALID: '登录凭证已失效，请重新扫码',
  IDENTITY_BOUND: '该账号已绑定其他手机号',
  OAUTH_DISABLED: '未启用该登录方式',
  OAUTH_FAILED: '第三方登录失败，请重试',
  // Demo stand-ins outside demo mode, and phones set without a code (issue #29 finding 1)
  QR_LOGIN_OFF: (provider: string) => `${provider}登录未开通，请使用手机号登录`,
  DEMO_CONFIRM_OFF: '演示确认页只在演示模式下可用',
  SANDBOX_OFF: '沙箱收银台只在演示模式下可用，请通过支付宝支付',
  // orders, payment, API
  PACKAGE_UNKNOWN: '套餐不存在',
  VIP_DOWNGRADE: '当前会员等级更高，无需购买该套餐',
  ORDER_NOT_FOUND: '订单不存在',
  ORDER_PAID: '订单已支付',
  ORDER_CLOSED: '订单已关闭，请重新下单',
  API_KEY_INVALID: 'API 密钥无效',
  API_BALANCE_EMPTY: 'API 余额不足，请充值',
  API_RATE_LIMITED: (perMinute: number, s: number) =>
    `调用过于频繁：每个密钥每分钟最多 ${perMinute} 次，请 ${s} 秒后再试`,
  // Rate limits of the /fbmain calls (api/throttle.ts): HTTP 429 with Retry-After.
  RATE_LIMITED: (s: number) => `操作过于频繁，请${s}秒后再试`,
  UPSTREAM_RATE_LIMITED: (s: number) => `实时查询过于频繁（需要访问微信），请${s}秒后再试`,
  UPSTREAM_DAILY_CAP: (n: number) => `今日实时查询次数已达上限（${n} 次），请明天再试`,
  INCLUSION_DAILY_CAP: (n: number) => `今日新收录的公众号已达上限（每天 ${n} 个），请明天再试`,
  NOT_FOUND: '记录不存在',
  GROUP_NOT_FOUND: '分组不存在',
  INVOICE_ORDER_UNPAID: '只能为已支付的订单申请发票',
  INVOICE_EXISTS: '该订单已申请发票',
} as const;

/** error_code values of the member flows (spec §8 names 30000, 30008, 30009, 501, 40002, 40005). */
export const MemberCodes = {
  OK: 0,
  /** Form validation failed (register, register_collect, reset, login). */
  FORM_INVALID: 30000,
  /** Login: waiting for the QR to be confirmed (the dialog keeps polling). */
  QR_WAITING: 30001,
  /** Login: wrong phone or password, or too many failures. */
  LOGIN_FAILED: 30002,
  /** Login: QR token unknown, expired or already used. */
  QR_EXPIRED: 30003,
  /** sendCode refused: cooldown, daily cap or provider failure. */
  CODE_REFUSED: 30004,
  /** Register: phone already registered, or identity already bound. */
  PHONE_REGISTERED: 30008,
  /** Register / reset: verification code wrong or expired. */
  CODE_WRONG: 30009,
  /** Register: the QR accessToken is invalid or expired, or the invite code is unknown. */
  TOKEN_INVALID: 501,
  NOT_LOGGED_IN: 40001,
  LEVEL_INSUFFICIENT: 40002,
  ALREADY_IN_GROUP: 40005,
  /** Profile collection success (spec §8: code 2000). */
  PROFILE_OK: 2000,
} as const;

/** The profile roles of the dialog (spec §2); a client may send the label or its 1-based number. */
export const USER_TYPES = ['广告主', '媒介代理', '舆情代理', '4A公司', '其他'] as const;

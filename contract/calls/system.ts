import { z } from 'zod';
import { defineCall } from '../define';
import { systemInfo } from '../shapes/system';

/** The /fbmain/system calls. */
export const system = {
  info: defineCall({
    group: 'System',
    name: 'info',
    methods: ['GET'],
    path: '/system/v1/info',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary:
      '平台信息：是否演示模式与上游来源（模拟器或微信），以及已收录的公众号数、文章数、计数快照数与最近一轮采集的完成时间。',
    input: z.object({}),
    output: systemInfo,
  }),
};

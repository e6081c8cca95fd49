// Columns of an account's figures as the account lists show them (主体, 收藏, 品牌声量): 万 where due, right-aligned.
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { formatRatio, formatTotal } from '../../lib/format';

/** One count column. */
export function figureColumn<T>(title: string, key: keyof T & string, width = 96): ColumnType<T> {
  return { title, dataIndex: key, width, align: 'right', render: (v: number) => formatTotal(v) };
}

interface AccountFigureFields {
  fans: number;
  index: number;
  articles: number;
  reads: number;
  avg_reads: number;
  head_avg_reads: number;
  likes: number;
}

/** 估算活跃粉丝, 指数, 发文篇数, 总阅读, 篇均阅读, 头条均阅读, 点赞. */
export function accountFigureColumns<T extends AccountFigureFields>(
  widths: { reads?: number; likes?: number } = {},
): ColumnsType<T> {
  return [
    figureColumn<T>('估算活跃粉丝', 'fans', 130),
    { title: '指数', dataIndex: 'index', width: 80, align: 'right', render: (v: number) => formatRatio(v) },
    figureColumn<T>('发文篇数', 'articles'),
    figureColumn<T>('总阅读', 'reads', widths.reads ?? 110),
    figureColumn<T>('篇均阅读', 'avg_reads'),
    figureColumn<T>('头条均阅读', 'head_avg_reads', 110),
    figureColumn<T>('点赞', 'likes', widths.likes ?? 90),
  ];
}

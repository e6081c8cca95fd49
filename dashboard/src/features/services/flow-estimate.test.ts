import { describe, expect, it } from 'vitest';
import type { HistoryArticle, HistoryArticleGroup } from '../../api/types';
import { articleIncome, DEFAULT_ASSUMPTIONS, monthlyIncome, sampleOf } from './flow-estimate';

const art = (read: number) => ({ read }) as HistoryArticle;
const group = (postTime: string, reads: number[]): HistoryArticleGroup => ({
  postTime,
  update_time: postTime,
  articles: reads.map(art),
});

describe('流量主 estimate', () => {
  it('reads the sample: average reads and the pace over the days it spans', () => {
    const s = sampleOf([
      group('2026-11-10 20:00:00', [9000, 3000]),
      group('2026-11-06 08:00:00', [6000]),
      group('2026-11-01 21:00:00', [2000, 1000, 3000]),
    ]);
    expect(s).toMatchObject({
      articles: 6,
      pushes: 3,
      days: 10,
      first: '2026-11-01 21:00:00',
      last: '2026-11-10 20:00:00',
      totalReads: 24_000,
      avgRead: 4000,
      monthlyArticles: 18,
    });
    expect(sampleOf([])).toBeNull();
  });

  it('applies reads × exposure × click rate × price per click', () => {
    const a = { ...DEFAULT_ASSUMPTIONS, monthlyArticles: 30 };
    // 10 000 reads × 50 % × 1.5 % × ¥0.5 = ¥37.5
    expect(articleIncome(10_000, a)).toBeCloseTo(37.5);
    expect(monthlyIncome(10_000, a)).toBeCloseTo(1125);
    expect(articleIncome(10_000, { ...a, clickPct: 3 })).toBeCloseTo(75);
  });
});

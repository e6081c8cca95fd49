// 流量主收益估算: the formula of /officialflow, kept apart from the page so it is stated (and tested) once.
import type { HistoryArticleGroup } from '../../api/types';

/** Editable assumptions; percentages are 0–100, the price is yuan per click after WeChat's share. */
export interface FlowAssumptions {
  /** Share of readers who scroll to the ad at the end of the article. */
  exposurePct: number;
  /** Share of ad viewers who click. */
  clickPct: number;
  /** Publisher's income per click (yuan). */
  pricePerClick: number;
  /** Articles published per month. */
  monthlyArticles: number;
}

/** Defaults in the middle of what 流量主 publishers commonly report; every one is editable on the page. */
export const DEFAULT_ASSUMPTIONS: Omit<FlowAssumptions, 'monthlyArticles'> = {
  exposurePct: 50,
  clickPct: 1.5,
  pricePerClick: 0.5,
};

export interface FlowSample {
  articles: number;
  pushes: number;
  /** Calendar days from the oldest to the newest push of the sample, at least 1. */
  days: number;
  first: string;
  last: string;
  totalReads: number;
  avgRead: number;
  /** Articles per 30 days at the sample's pace. */
  monthlyArticles: number;
}

const DAY_MS = 86_400_000;
const dayOf = (postTime: string) => Date.parse(`${postTime.slice(0, 10)}T00:00:00Z`);

/** The sample's figures: reads of the recent articles and the publishing pace they imply. */
export function sampleOf(groups: HistoryArticleGroup[]): FlowSample | null {
  const articles = groups.flatMap((g) => g.articles);
  if (articles.length === 0) return null;
  const times = groups.map((g) => g.postTime).sort();
  const first = times[0] ?? '';
  const last = times[times.length - 1] ?? '';
  const days = Math.max(1, Math.round((dayOf(last) - dayOf(first)) / DAY_MS) + 1);
  const totalReads = articles.reduce((s, a) => s + a.read, 0);
  return {
    articles: articles.length,
    pushes: groups.length,
    days,
    first,
    last,
    totalReads,
    avgRead: Math.round(totalReads / articles.length),
    monthlyArticles: Math.max(1, Math.round((articles.length / days) * 30)),
  };
}

/** Income of one article with `reads` reads: reads × exposure × click rate × price per click. */
export function articleIncome(reads: number, a: FlowAssumptions): number {
  return reads * (a.exposurePct / 100) * (a.clickPct / 100) * a.pricePerClick;
}

export function monthlyIncome(avgRead: number, a: FlowAssumptions): number {
  return articleIncome(avgRead, a) * a.monthlyArticles;
}

export const yuan = (n: number) =>
  `¥${n.toLocaleString('zh-CN', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;

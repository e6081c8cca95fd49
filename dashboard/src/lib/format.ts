// Display helpers for numbers and article positions.

const groupedInteger = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const groupedDecimal = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Reads, likes and similar counts: "10万+" from 100000, otherwise thousands separators. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  if (value >= 100_000) return '10万+';
  return groupedInteger.format(value);
}

/** Plain totals with thousands separators (no 10万+ cap). */
export function formatTotal(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return groupedInteger.format(value);
}

/** Ratios such as relative likes and read quality: at most two decimals. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return groupedDecimal.format(value);
}

const POSITION_LABELS = ['头条', '次条', '第三条', '第四条', '第五条', '第六条', '第七条', '第八条'];

/** 1 头条, 2 次条, 3..8 第三条..第八条. */
export function positionLabel(position: number): string {
  return POSITION_LABELS[position - 1] ?? `第${position}条`;
}

/** Shares such as the estimated fake-read share (0–1): "23.4%". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${groupedDecimal.format(Math.round(value * 1000) / 10)}%`;
}

const oneDecimal = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 });

/**
 * Large figures as Chinese sites write them: "11.2万" from 111602, "1.3亿" from 130000000; below 10000 as they are
 * (grouped, at most two decimals). Pages show the exact value beside it, in a tooltip (isAbbreviated tells when).
 */
export function formatWan(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const size = Math.abs(value);
  if (size >= 100_000_000) return `${oneDecimal.format(value / 100_000_000)}亿`;
  if (size >= 10_000) return `${oneDecimal.format(value / 10_000)}万`;
  return groupedDecimal.format(value);
}

/** True when formatWan shortens the value (10000 or more), so the exact value needs showing too. */
export const isAbbreviated = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value) && Math.abs(value) >= 10_000;

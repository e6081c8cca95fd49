import { describe, expect, it } from 'vitest';
import { formatWan, isAbbreviated } from './format';

describe('formatWan', () => {
  it('writes 10000 and more in 万 (亿 from 100 million) with one decimal, smaller values as they are', () => {
    expect(formatWan(111_602)).toBe('11.2万');
    expect(formatWan(10_000)).toBe('1万');
    expect(formatWan(9_999)).toBe('9,999');
    expect(formatWan(523.456)).toBe('523.46');
    expect(formatWan(130_000_000)).toBe('1.3亿');
    expect(formatWan(null)).toBe('-');
    expect(isAbbreviated(111_602)).toBe(true);
    expect(isAbbreviated(9_999)).toBe(false);
    expect(isAbbreviated(null)).toBe(false);
  });
});

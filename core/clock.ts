/**
 * The platform's notion of now. Real by default; fixed for reproducible demos and tests, where the
 * simulator and the collectors must agree on what "today" is.
 */
export interface Clock {
  now(): number;
}

export const realClock: Clock = { now: () => Date.now() };

export const fixedClock = (ms: number): Clock => ({ now: () => ms });

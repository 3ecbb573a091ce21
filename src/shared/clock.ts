/** Injected time source so tests and the corpus generator can pin "now". Unix seconds. */
export interface Clock {
  nowSeconds(): number;
}

export const systemClock: Clock = { nowSeconds: () => Math.floor(Date.now() / 1000) };

export const fixedClock = (seconds: number): Clock => ({ nowSeconds: () => seconds });

export const DAY = 86_400;
export const HOUR = 3_600;

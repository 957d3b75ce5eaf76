// A small seeded generator for the calibration samplers: the same seed gives the same runs.
// mulberry32 (Tommy Ettinger, public domain): 32-bit state, period 2^32, good enough for
// sampling parameter spaces; not for cryptography.

export type Rng = () => number;

/** A generator of uniform numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator of one stream of a request (iteration, batch): independent of the order in
 * which workers finish, so a request's samples depend only on its seed and its results. */
export function streamRng(seed: number, stream: number): Rng {
  // mix the two numbers (a splitmix-like hash) so neighbouring streams do not correlate
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul((stream + 1) >>> 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return mulberry32((h ^ (h >>> 16)) >>> 0);
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

// Weather series come back from pg as a Buffer and from PGlite (npm start) as a plain
// Uint8Array: both must decode the same.
import { describe, expect, it } from 'vitest';
import { decodeSeries } from '../src/modules/datasets/service.ts';

describe('decodeSeries', () => {
  const values = new Float32Array([1.5, -99, 12.25, 0, 3, 4]);
  const bytes = new Uint8Array(values.buffer.slice(0));
  it('reads a Uint8Array (PGlite) and a Buffer (pg) alike', () => {
    for (const series of [bytes, Buffer.from(bytes)]) {
      expect([...decodeSeries({ series: series as Buffer, numDays: 6, variable: 'pcp' })[0]!]).toEqual([...values]);
      const [tmax, tmin] = decodeSeries({ series: series as Buffer, numDays: 3, variable: 'tmp' });
      expect([...tmax!]).toEqual([1.5, -99, 12.25]);
      expect([...tmin!]).toEqual([0, 3, 4]);
    }
  });
  it('reads a view into a larger buffer at an offset', () => {
    const big = new Uint8Array(bytes.length + 8);
    big.set(bytes, 8);
    expect([...decodeSeries({ series: big.subarray(8) as Buffer, numDays: 6, variable: 'pcp' })[0]!]).toEqual([...values]);
  });
});

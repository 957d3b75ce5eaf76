import { useEffect, useState } from 'react';
import { TIMING } from '../messages.ts';

export function useDebounced<T>(value: T, ms: number = TIMING.debounceMs): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

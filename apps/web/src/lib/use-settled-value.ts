import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` milliseconds: a search asked when typing stops. */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const wait = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(wait);
  }, [value, ms]);
  return settled;
}

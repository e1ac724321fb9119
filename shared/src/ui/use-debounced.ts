import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` (each keystroke or slider move should not start a request). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

import { useEffect, useState } from 'react'

/**
 * The value after the person stopped typing for `delayMs`, so what follows their typing (a live note
 * read to screen readers, a preview) does not change at every key.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

import { useDeferredValue } from 'react';

/**
 * A query's answer rendered in a transition, in React's short slices (an answer arriving renders in one task
 * otherwise), and never an answer to an earlier request than the latest: undefined until the deferred copy answers
 * the same request (`same`) as the latest one.
 */
export function useDeferredAnswer<T>(latest: T | undefined, same: (deferred: T, latest: T) => boolean): T | undefined {
  const deferred = useDeferredValue<T | null | undefined>(latest, null);
  return latest && deferred && same(deferred, latest) ? deferred : undefined;
}

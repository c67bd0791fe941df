import { useCallback, useRef, useState } from 'react';

/**
 * Which fields show their error: the ones the user changed and then left, and every one after a submit
 * (`showAll`). Focus passing through a field without typing marks nothing. One rule for every form.
 */
export function useLeftFields<F extends string>() {
  // Read only in event handlers (leaving a field), never while rendering.
  const typed = useRef(new Set<F>());
  const [left, setLeft] = useState<ReadonlySet<F>>(() => new Set());
  const [all, setAll] = useState(false);
  /** Marks the field (a value the user chose or that was filled in for them). */
  const mark = useCallback(
    (field: F) => setLeft((current) => (current.has(field) ? current : new Set(current).add(field))),
    [],
  );
  /** The user changed the field. */
  const changed = useCallback((field: F) => {
    typed.current.add(field);
  }, []);
  /** The field lost the focus: marked if it was changed. */
  const leave = useCallback(
    (field: F) => {
      if (typed.current.has(field)) mark(field);
    },
    [mark],
  );
  const clear = useCallback(() => {
    typed.current.clear();
    setLeft(new Set());
    setAll(false);
  }, []);
  const showAll = useCallback(() => setAll(true), []);
  const isShown = (field: F) => all || left.has(field);
  return { isShown, changed, leave, mark, showAll, clear };
}

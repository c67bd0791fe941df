import { useState } from 'react';

/**
 * A number that changes each time `open` becomes true. Used as the `key` of a dialog's form: every
 * opening starts from a fresh form, while the form stays on screen during the closing animation.
 */
export function useOpeningKey(open: boolean): number {
  const [key, setKey] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setKey((previous) => previous + 1);
  }
  return key;
}

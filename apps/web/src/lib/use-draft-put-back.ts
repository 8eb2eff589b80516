import { useCallback, useEffect, useState } from 'react';
import type { DeviceRecord } from './device-record.ts';

/**
 * A saved form's draft (lib/form-draft.ts) put back once, as the form opens: `restore` answers the
 * values to put back from what was kept, or null when that is what is saved (the draft is then
 * forgotten, silently). `restored` says it was put back, for the form's "not saved yet" notice;
 * `saved` forgets it once the form is saved.
 */
export function useDraftPutBack<T>(
  draft: DeviceRecord<Partial<T>>,
  setValues: (values: Partial<T>) => void,
  restore: (kept: Partial<T>) => Partial<T> | null,
): { restored: boolean; saved: () => void } {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const kept = draft.read();
    const values = kept && restore(kept);
    if (!values) return draft.forget();
    setValues(values);
    setRestored(true);
    // Once, as the form opens: a later answer of the member (the form's own save) is not a draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, setValues]);
  const saved = useCallback(() => {
    draft.forget();
    setRestored(false);
  }, [draft]);
  return { restored, saved };
}

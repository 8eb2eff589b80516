import { storedFields, tabRecord, type DeviceRecord } from './device-record.ts';

type DraftValue = string | boolean | number | readonly string[] | null;

/**
 * What a form holds, kept for this tab only (lost when it closes), so what a member typed outlives
 * leaving the page (a link in the form, Back) and a reload (a phone drops a tab left in the
 * background while the member is in another app). Only the fields named are kept: never a password.
 * A field is read back only as text, a yes or no, a finite number, a list of texts, or nothing; the
 * form checks what it puts back against what it offers, and forgets its draft once saved.
 */
export function tabDraft<T extends Record<string, DraftValue>>(
  key: string,
  fields: readonly (keyof T & string)[],
): DeviceRecord<Partial<T>> {
  const pick = (from: Record<string, unknown>): Partial<T> => {
    const draft: Partial<T> = {};
    for (const field of fields) {
      const value = from[field];
      if (isDraftValue(value)) draft[field] = value as T[typeof field];
    }
    return draft;
  };
  const record = tabRecord<Partial<T>>(key, (stored) => {
    const found = storedFields(stored);
    return found ? pick(found) : null;
  });
  return { read: record.read, keep: (values) => record.keep(pick(values)), forget: record.forget };
}

const isDraftValue = (value: unknown): value is DraftValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  value === null ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

import type { SyntheticEvent } from 'react';

/**
 * After a refused submit, brings the first field in error into view and focus, so a member at the
 * bottom of a long form on a small phone sees what to fix (runs once React has shown the errors).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  setTimeout(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
    field?.scrollIntoView?.({ block: 'center' });
  }, 0);
}

/**
 * The same, as @mantine/form's `form.onSubmit(handle, focusFirstErrorOf)` second argument: every form
 * whose fields are checked before sending takes it, so a refused submit never leaves the focus on
 * its button.
 */
export function focusFirstErrorOf(
  _errors: unknown,
  _values: unknown,
  event: SyntheticEvent<HTMLFormElement> | undefined,
): void {
  // Read now: React clears the event's currentTarget once the handler returns.
  focusFirstError(event?.currentTarget ?? null);
}

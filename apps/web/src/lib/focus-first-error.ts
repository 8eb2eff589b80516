import type { SyntheticEvent } from 'react';

/**
 * After a refused submit, brings the first field in error into view and focus, so a member at the
 * bottom of a long form on a small phone sees what to fix (runs once React has shown the errors).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  setTimeout(() => {
    const field = form ? firstFieldInError(form) : null;
    field?.focus();
    field?.scrollIntoView?.({ block: 'center' });
  }, 0);
}

/** A group of choices (radios, checkboxes) says its error by the message it is described by. */
const CHOICE_GROUPS = '[role="radiogroup"], [role="group"]';

const groupInError = (group: Element): boolean =>
  (group.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .some((id) => id.endsWith('-error') && group.ownerDocument.getElementById(id) !== null);

/**
 * The first field in error in the form's order: an input marked invalid, or a group of choices whose
 * error shows (its inputs are never marked: the focus goes to its chosen one, else its first).
 */
function firstFieldInError(form: HTMLFormElement): HTMLElement | null {
  for (const element of form.querySelectorAll<HTMLElement>(`[aria-invalid="true"], ${CHOICE_GROUPS}`)) {
    if (element.getAttribute('aria-invalid') === 'true') return element;
    if (!element.matches(CHOICE_GROUPS) || !groupInError(element)) continue;
    const choice =
      element.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
      element.querySelector<HTMLElement>('input:not(:disabled)');
    if (choice) return choice;
  }
  return null;
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

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

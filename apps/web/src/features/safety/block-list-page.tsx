/** Filled by the discovery issue. */
export function BlockListPage() {
  return null;
}

/** Filled by the discovery issue. */
export function SwapPage() {
  return null;
}

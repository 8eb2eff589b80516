/** Filled by the discovery issue. */
export function HomePage() {
  return null;
}

/** Filled by the discovery issue. */
export function ProfilePage() {
  return null;
}

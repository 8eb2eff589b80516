/** Filled by the discovery issue. */
export function ReportPage() {
  return null;
}

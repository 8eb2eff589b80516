/** What the accessibility check prints: each rule once, with its elements and the screens they were on. */
import type { ImpactValue } from 'axe-core';

/** One element breaking one rule, wherever it was met. */
export type Finding = {
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  target: string;
  html: string;
  screens: Set<string>;
};

const ORDER: ImpactValue[] = ['critical', 'serious', 'moderate', 'minor', null];
const MAX_SCREENS = 6;

const screens = (set: Set<string>) => {
  const all = [...set];
  const shown = all.slice(0, MAX_SCREENS).join(', ');
  return all.length > MAX_SCREENS ? `${shown} and ${all.length - MAX_SCREENS} more` : shown;
};

/**
 * Lines such as
 *   accessibility serious  aria-progressbar-name: ARIA progressbar nodes must have an accessible name
 *     https://dequeuniversity.com/rules/axe/4.14/aria-progressbar-name
 *     .mantine-NavigationProgress-root  <div class="..." role="progressbar">  on /home, /swap
 * worst impact first.
 */
export function formatFindings(findings: Finding[]): string[] {
  const byRule = new Map<string, Finding[]>();
  for (const finding of findings) byRule.set(finding.id, [...(byRule.get(finding.id) ?? []), finding]);
  const rules = [...byRule.values()].sort(
    (a, b) => ORDER.indexOf(a[0]!.impact) - ORDER.indexOf(b[0]!.impact) || a[0]!.id.localeCompare(b[0]!.id),
  );
  return rules.flatMap((elements) => {
    const { id, impact, help, helpUrl } = elements[0]!;
    return [
      `accessibility ${String(impact ?? 'unrated').padEnd(8)} ${id}: ${help}`,
      `  ${helpUrl}`,
      ...elements.map((element) => `  ${element.target}  ${element.html}  on ${screens(element.screens)}`),
    ];
  });
}

/**
 * The phone's tab bar at 360 px: each label whole inside its tab and none touching the next, checked
 * on the screen shown (the tab shown is drawn differently from the others).
 */
import type { Page } from 'playwright-core';
import { expect } from './fixtures.ts';

export async function expectTabLabelsWhole(page: Page, where: string) {
  const labels = await page.locator('.mantine-AppShell-footer a').evaluateAll((tabs) =>
    tabs.map((tab) => {
      const label = tab.querySelector('p, span:last-child') ?? tab;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const cut = label.scrollWidth > label.clientWidth;
      return { text: label.textContent, left: text.left, right: text.right, cut };
    }),
  );
  expect(labels.length, `tabs on ${where}`).toBe(6);
  const crowded = labels
    .slice(1)
    .filter((label, i) => label.left - labels[i]!.right < 4)
    .map((label, i) => `${labels[i]!.text}${label.text} (${Math.round(label.left - labels[i]!.right)}px)`);
  expect(crowded, `tab labels closer than 4 px on ${where}`).toEqual([]);
  const cut = labels.filter((label) => label.cut).map((label) => label.text);
  expect(cut, `tab labels cut on ${where}`).toEqual([]);
}

/** Taps each tab but the one named `skip` and checks the labels on the screen it opens. */
export async function expectTabLabelsWholeOnEachTab(page: Page, skip: string) {
  const tabs = page.locator('.mantine-AppShell-footer a');
  const paths = await tabs.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const path of paths.filter((tab) => tab !== skip)) {
    await page.locator(`.mantine-AppShell-footer a[href="${path}"]`).tap();
    await page.locator(`.mantine-AppShell-footer a[href="${path}"][aria-current="page"]`).waitFor();
    await expectTabLabelsWhole(page, path);
  }
}

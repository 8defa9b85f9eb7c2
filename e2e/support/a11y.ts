import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations on the page as it is, one line each (rule, nodes, first target);
 * within one part of it (a CSS selector) when given.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ') ?? ''}`);
}

/** axe-core on the page as it is: no serious or critical violation (contrast, names, roles). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

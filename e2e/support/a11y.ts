import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

type TViolation = Pick<axe.Result, 'id' | 'impact' | 'help'> & {
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * axe-core's serious and critical violations on the page as it is, one line each (rule, nodes, the first
 * node and what is wrong with it); within one part of it (a CSS selector) when given.
 *
 * axe runs in the page itself, injected once per page load (the app navigating in place keeps it), and
 * reports violations only. @axe-core/playwright's AxeBuilder injected it anew on every call and opened a
 * blank page to finish each run: seconds a call, which made a sweep of every route too slow for CI. The app
 * has no frames, so nothing is left out by running axe on the top document.
 */
export async function seriousA11yViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector): Promise<TViolation[]> => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    // Colours caught mid-transition (a theme just switched) are no finding: transitions and one-off
    // animations under way run out first (a spinner runs forever, a paused one may: not waited past 2 s).
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const moment = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.race([
      moment,
      Promise.all(finite.map((animation) => animation.finished.catch(() => null))),
    ]);
    // Only the rules that can find something serious or critical: axe gives each finding its rule's impact
    // (every rule of axe-core 4.x declares one), so a minor or moderate rule (`region`, which walks every
    // node, `heading-order`, the landmark rules) could only add findings filtered out below. A rule without
    // a declared impact stays on.
    const { rules: allRules } = (
      inPage as unknown as { _audit: { rules: { id: string; impact?: string }[] } }
    )._audit;
    const rules = Object.fromEntries(
      allRules
        .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
        .map((rule) => [rule.id, { enabled: false }]),
    );
    const results = await inPage.run(selector ? { include: [selector] } : document, {
      resultTypes: ['violations'],
      rules,
    });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const [first] = v.nodes;
      // What to fix, as axe says it of the first node ("…contrast of 3.2 (foreground color: …)").
      const why = first?.failureSummary?.split('\n')[1]?.trim();
      return `${v.id}: ${v.help} (${v.nodes.length}) ${first?.target.join(' ') ?? ''}${why ? `: ${why}` : ''}`;
    });
}

/** axe-core on the page as it is: no serious or critical violation (contrast, names, roles). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

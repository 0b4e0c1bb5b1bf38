import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe violations of the page as it stands, one line each (with axe's first reason when
 * `reasons`). Transitions that are running are let finish first: a button fading in from its disabled
 * opacity is measured at its final colours, not half-way (a contrast check mid-fade failed at random).
 * Endless animations (spinners) are not waited for.
 */
export async function violations(page: Page, options: { reasons?: boolean } = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes
        .slice(0, 3)
        .map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}${options.reasons ? ` ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}` : ''}`),
    );
}

// What every browser test runs under: the page may not be refused a script by its own content
// security policy (a page that needs one it does not allow is broken for real visitors), and a
// page or dialog can be checked against WCAG 2 A/AA with axe, the engine browsers' own tools use.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const test = base.extend<{ contentSecurityGuard: undefined }>({
  contentSecurityGuard: [
    async ({ context }, use) => {
      const refused: string[] = [];
      context.on('console', (message) => {
        const text = message.text();
        // A page refused a frame by frame-ancestors is the policy keeping a stranger from framing Nubo, as meant.
        if (message.type() === 'error' && text.includes('Content Security Policy') && !text.includes('frame-ancestors')) {
          refused.push(`${message.page()?.url()}: ${text}`);
        }
      });
      await use(undefined);
      expect(refused, 'what the pages’ content security policy refused').toEqual([]);
    },
    { auto: true },
  ],
});

/** Fails on any serious or critical WCAG 2 A/AA violation on what the page shows now, naming rule and elements. */
export async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`).join(' | ')}`,
    );
  // Soft: one run names every page and dialog that fails, not only the first.
  expect.soft(serious, `axe on ${what}`).toEqual([]);
}

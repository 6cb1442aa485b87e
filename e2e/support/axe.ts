import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

/**
 * Rules outside those tags that apply to Earmark: a control named by an
 * aria-label must have its visible text in that name (WCAG 2.5.3, still
 * marked experimental in axe).
 */
const EXTRA_RULES = ['label-content-name-mismatch'] as const;

/** One line per failing element: rule, element and what axe found wrong with it. */
export function describeViolations(violations: readonly Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} at ${node.target.join(' ')}: ` +
        `${node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? violation.help} ` +
        `[${node.html.slice(0, 160)}]`,
    ),
  );
}

/**
 * axe run inside the page itself. Earmark has no frames, and the default
 * mode opens a blank page for every run to merge results across frames.
 */
const builder = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** axe over the whole page, with Earmark's rule set. */
export function axeCheck(page: Page): AxeBuilder {
  return builder(page).options({
    runOnly: { type: 'tag', values: [...AXE_TAGS] },
    rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  });
}

/** axe's colour contrast rule alone, for checking one page under many themes. */
export function contrastCheck(page: Page): AxeBuilder {
  return builder(page).withRules(['color-contrast']);
}

/** The violations axe finds, one line each, prefixed with `what` (the page and its state). */
export async function axeViolations(builder: AxeBuilder, what: string): Promise<string[]> {
  const results = await builder.analyze();
  return describeViolations(results.violations).map((line) => `${what}: ${line}`);
}

/**
 * The violations once the page has settled. A theme picked in another tab
 * reaches this page through storage events and repaints over a few frames,
 * so a check that finds something looks again for a while and reports only
 * what is still there at the end. On a busy machine one look takes seconds
 * (a page caught between two presets was reported after 5 s of looking, and
 * the same test passed when run again), so the while is long: a lasting
 * violation still fails.
 */
export async function settledViolations(
  check: () => AxeBuilder,
  what: string,
  timeoutMs = 15_000,
): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await axeViolations(check(), what);
    if (found.length === 0 || Date.now() >= until) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

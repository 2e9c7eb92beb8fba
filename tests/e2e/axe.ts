/**
 * The accessibility check of the e2e specs: axe-core over the page, or over one part of it, and
 * its critical and serious violations, each described with where it is (an empty list passes).
 * Evaluated, not added as a script tag: the app's content security policy refuses that.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs in the page: no closure, so that Playwright can send it there. */
async function runAxe(root: Element | null): Promise<Violation[]> {
  const axe = (
    window as unknown as { axe: { run(c: Element | Document): Promise<{ violations: unknown[] }> } }
  ).axe;
  return (await axe.run(root ?? document)).violations as Violation[];
}

export async function seriousViolations(page: Page, within?: Locator): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = within ? await within.evaluate(runAxe) : await page.evaluate(runAxe, null);
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
          )
          .join('\n') +
        (v.nodes.length > 8 ? `\n  ... and ${v.nodes.length - 8} more` : ''),
    );
}

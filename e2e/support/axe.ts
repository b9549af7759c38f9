import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the console is held to (issue 20): A and AA of WCAG 2.0/2.1. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeOptions {
  /** Limit the check to this part of the page (e.g. an open dialog). */
  include?: string;
}

/**
 * Runs axe-core on the page as it is now and fails the test on any critical or serious
 * violation (a soft assertion: the walk goes on, so one run reports every page),
 * printing each as "impact rule: help" with up to five offending elements (selector and axe's
 * summary of what is wrong), so a failure reads without opening the trace.
 */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  const result = await builder.analyze();
  const blocking = result.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => {
      const summary = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `    - ${n.target.join(' ')}\n      ${summary}`;
    });
    const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
    return [`  ${v.impact} ${v.id}: ${v.help} (${v.nodes.length})`, ...nodes, ...more].join('\n');
  });
  expect.soft(blocking.length, `axe on ${label}:\n${report.join('\n')}`).toBe(0);
}

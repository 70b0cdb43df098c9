import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./pages.ts";

/**
 * Stops the page's clock before its first page loads (timers and Date then stand still until
 * a test moves them): a toast that closes itself after 3 s stays on screen for axe. Installed
 * a minute ahead, so the pause is never "in the past" however slow the call in between.
 */
export async function stopPageClock(page: Page) {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 60_000);
}

/** WCAG 2.2 level AA, as axe-core tags its rules. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What fails the audit: axe's two top impacts ("moderate" and "minor" let pass). */
const BLOCKING = new Set(["serious", "critical"]);

/**
 * One page view to audit: a path, and what must be on screen before axe looks. `dialog`
 * names a URL-state dialog that must be open; `prepare` opens what a path alone cannot
 * (a <details> menu).
 */
export interface AuditedView {
  name: string;
  path: string;
  dialog?: string | RegExp;
  prepare?: (page: Page) => Promise<void>;
  /** A CSS selector: audit only this part (a menu opened over a page audited on its own). */
  scope?: string;
}

export interface AuditFinding {
  view: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Runs axe on pages of one test. A view with a dialog is audited inside the dialog (the page
 * behind has a view of its own). It needs JavaScript in the page: axe is a script.
 */
export class Auditor {
  readonly findings: AuditFinding[] = [];

  constructor(
    private readonly page: Page,
    private readonly js: boolean,
    /** The test stopped the page's clock (see analyze). */
    private readonly clockStopped = false,
  ) {}

  /** Opens each view in turn and audits it. */
  async views(views: AuditedView[]) {
    for (const view of views) {
      await this.page.goto(view.path);
      await waitForHydration(this.page, this.js);
      if (view.dialog) await expect(this.page.getByRole("dialog", { name: view.dialog })).toBeVisible();
      await view.prepare?.(this.page);
      await this.current(view.name, view.dialog ? '[role="dialog"]' : view.scope);
    }
  }

  /** Audits the page as it is now (only `scope`, a CSS selector, when given). */
  async current(view: string, scope?: string) {
    const builder = new AxeBuilder({ page: this.page })
      .withTags(WCAG_22_AA)
      .options({ resultTypes: ["violations"] })
      // One frame (the store has no iframes): axe.run in the page, no extra blank page per run.
      .setLegacyMode();
    if (scope) builder.include(scope);
    const { violations } = await this.analyze(builder);
    this.findings.push(
      ...violations
        .filter((violation) => BLOCKING.has(violation.impact ?? ""))
        .map((violation) => ({
          view,
          rule: violation.id,
          impact: violation.impact ?? "",
          help: violation.help,
          nodes: violation.nodes.map(
            (node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`,
          ),
        })),
    );
  }

  /**
   * axe's run. On a page whose clock a test stopped (page.clock.pauseAt, to keep a toast that
   * closes itself on screen), axe's own timers would never fire: the clock moves a millisecond
   * at a time while axe runs, far from the seconds a toast waits.
   */
  private async analyze(builder: AxeBuilder) {
    if (!this.clockStopped) return builder.analyze();
    let running = true;
    const analysis = builder.analyze().finally(() => {
      running = false;
    });
    while (running) await this.page.clock.runFor(1);
    return analysis;
  }

  /** Fails with every finding, readable: the view, the rule, and each node with what is wrong. */
  expectNone() {
    const report = this.findings
      .map(
        (finding) =>
          `${finding.view}: [${finding.impact}] ${finding.rule} (${finding.help}), ${finding.nodes.length} nó(s)\n` +
          finding.nodes.map((node) => `    ${node}`).join("\n"),
      )
      .join("\n");
    const views = new Set(this.findings.map((finding) => finding.view)).size;
    const nodes = this.findings.reduce((sum, finding) => sum + finding.nodes.length, 0);
    expect(this.findings, `${views} vista(s), ${nodes} nó(s) com violações sérias ou críticas:\n${report}`).toEqual([]);
  }
}

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import { consoleDistDir } from '../src/http/console-static.ts';
import { scaledMode } from './harness.ts';
import { consolePassword } from './console-support.ts';

const consoleRoot = fileURLToPath(new URL('../../console/', import.meta.url));

// Debian's chromium, and no background networking on the closed network.
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );
}

function upToDate(sources: number): boolean {
  const index = path.join(consoleDistDir, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= sources;
}

/**
 * Builds the console when dist is missing or older than its sources; swaps it in whole. Browser
 * test files run in parallel processes: one that finds another's fresh build in place keeps it.
 */
export async function ensureConsoleBuilt(): Promise<void> {
  // The event catalogue is built from the contract (vite.config.ts), so its sources count too.
  const sources = Math.max(
    newestSource(path.join(consoleRoot, 'src')),
    newestSource(path.join(consoleRoot, '../../packages/contract/src')),
    statSync(path.join(consoleRoot, 'index.html')).mtimeMs,
    statSync(path.join(consoleRoot, 'vite.config.ts')).mtimeMs,
  );
  if (upToDate(sources)) return;
  const staging = `${consoleDistDir.replace(/\/$/, '')}.build-${process.pid}`;
  await build({ root: consoleRoot, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
  if (upToDate(sources)) {
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  const previous = `${staging}.old`;
  if (existsSync(consoleDistDir)) renameSync(consoleDistDir, previous);
  try {
    renameSync(staging, consoleDistDir);
  } catch (error) {
    // Another process swapped its build in between: the same sources, so its build serves.
    if (!upToDate(sources)) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  rmSync(previous, { recursive: true, force: true });
}

/** Chromium with a throwaway profile; `close` also removes the profile. */
export async function launchBrowser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'textline-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Where a browser test file's screenshots go, per mode: test-results/<name>/<mode>/. */
export function screenshotDir(name: string): string {
  const dir = fileURLToPath(new URL(`../../../test-results/${name}/${scaledMode ? 'scaled' : 'embedded'}/`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until the focused element has `name` as its accessible
 * text, then returns: how a keyboard-only user reaches a control.
 */
export async function tabTo(page: Page, name: string, options: { backwards?: boolean } = {}): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    if ((await accessibleText(page)) === name) return;
  }
  throw new Error(`${options.backwards ? 'Shift+Tab' : 'Tab'} never reached ${name}`);
}

/** The focused element's tag and accessible text, e.g. "BUTTON Save" (strings: the API's tests typecheck without the DOM library). */
export async function focusedElement(page: Page): Promise<string> {
  return `${await page.evaluate<string>("document.activeElement?.tagName ?? ''")} ${await accessibleText(page)}`;
}

/** The focused element's aria-label, else its field's label (without the hint), else its text. */
function accessibleText(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const element = document.activeElement;
    const label = element?.labels?.[0];
    const labelText = label?.querySelector('.label')?.textContent ?? label?.textContent;
    return (element?.getAttribute('aria-label') ?? labelText ?? element?.textContent ?? '').trim();
  })()`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every axe violation on the page as it is now: rule id and the elements it names. */
/** axe at desktop and phone width, with nothing wider than the phone, and a screenshot of each in `dir`. */
export async function expectAccessibleAtBothWidths(page: Page, dir: string, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
  const results = await page.evaluate<AxeResults>("axe.run(document, { resultTypes: ['violations'] })");
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Signs `username` in to the console with the tests' password and waits for Messages, where it lands. */
export async function signInToConsole(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/console/sign-in`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(consolePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
}

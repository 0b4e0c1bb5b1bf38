import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerBaseUrl } from './workers.ts';
import type { Browser, Page } from 'playwright-core';
import { violations } from './axe.ts';
import { launch, signIn, signedInPage } from './browser.ts';

const baseUrl = workerBaseUrl();
const TSP = '200000001'; // Amira Haddad, Atlas Bank: Initech's profile has two demo PDFs, a PNG and two comments
const SHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;

beforeAll(async () => {
  // The whole browser: the document viewer shows a PDF in the browser's own PDF viewer, which the headless
  // shell does not have (there the frame's PDF never finishes loading).
  browser = await launch({ binary: 'chromium' });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The profile list, then Initech's profile opened from its row. */
async function openInitech(page: Page): Promise<void> {
  await page.goto('/service-provider/profile-management');
  const list = page.getByTestId('profiles-screen');
  await list.getByTestId('data-table-row').first().waitFor();
  await list.getByTestId('data-table').getByText('Initech Imports', { exact: true }).click();
  await page.waitForURL('**/service-provider/profile-management/*');
  await page.getByTestId('kyc-form').waitFor();
}

/** The first bytes of the next file the page downloads through the files call (`/files/{filename}`). */
async function nextDownloadHead(page: Page): Promise<string> {
  const response = await page.waitForResponse((r) => /\/files\/[^/]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
  return (await response.body()).subarray(0, 4).toString('latin1');
}

describe('profile management', () => {
  it('a TSP opens a profile, views a PDF and a PNG, comments on the review and edits a KYC field', async () => {
    const page = await signedInPage(browser, baseUrl, TSP, 'service-provider');
    await page.goto('/service-provider/profile-management');
    await page.getByTestId('profiles-screen').getByTestId('data-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profiles-1280');

    // The status tab and the search live in the URL.
    await page.getByTestId('profile-tab-active').click();
    await page.waitForURL('**/profile-management?tab=active');
    await page.getByTestId('profiles-screen').getByTestId('data-table').getByText('Initech Imports', { exact: true }).waitFor();
    expect(await page.getByTestId('profiles-screen').getByTestId('data-table').getByText('Umbrella Logistics', { exact: true }).count()).toBe(0);

    await openInitech(page);
    expect(await page.getByTestId('kyc-legalName').inputValue()).toBe('Initech Imports Private Limited');
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-company-1280');

    // A KYC field: refused on the device naming the field, then saved and read back after a reload.
    await page.getByTestId('kyc-contactEmail').fill('not-an-email');
    await page.getByTestId('kyc-save').click();
    await expect.poll(() => page.getByTestId('kyc-contactEmail-error').textContent()).toContain('Contact email');
    await page.getByTestId('kyc-contactEmail').fill('kyc.team@initech.example');
    await page.getByTestId('kyc-save').click();
    await page.getByTestId('notification').getByText('The company and KYC details were saved.').waitFor();
    await page.reload();
    await page.getByTestId('kyc-form').waitFor();
    await expect.poll(() => page.getByTestId('kyc-contactEmail').inputValue()).toBe('kyc.team@initech.example');

    // Documents: a PDF in a frame and a PNG as an image, both from blob URLs of the downloaded bytes.
    await page.getByTestId('profile-section-documents').click();
    await page.waitForURL('**?section=documents');
    const rows = page.getByTestId('document-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const pdfBytes = nextDownloadHead(page);
    await page.locator('[data-testid="document-row"][data-extension="pdf"]').first().getByTestId('document-view').click();
    expect(await pdfBytes).toBe('%PDF');
    const viewer = page.getByTestId('document-viewer');
    await viewer.waitFor();
    const frame = page.getByTestId('document-viewer-pdf');
    await frame.waitFor();
    const pdfUrl = (await frame.getAttribute('src')) ?? '';
    expect(pdfUrl.startsWith('blob:')).toBe(true);
    expect(await frame.getAttribute('data-type')).toBe('application/pdf');
    const box = await viewer.boundingBox();
    expect(box && Math.abs(box.width - 1280 * 0.9) < 2).toBe(true);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-viewer-pdf-1280');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    const pngBytes = nextDownloadHead(page);
    await page.locator('[data-testid="document-row"][data-extension="png"]').getByTestId('document-view').click();
    expect(await pngBytes).toBe('\x89PNG');
    const image = page.getByTestId('document-viewer-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    expect((await image.getAttribute('src'))?.startsWith('blob:')).toBe(true);
    await shot(page, 'profile-viewer-png-1280');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // An upload the server refuses as a document (a text file) says why, naming the field.
    await page.getByTestId('document-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await page.getByTestId('document-upload-send').click();
    const refused = page.getByTestId('document-upload-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('fileId');
    expect(await rows.count()).toBe(3);

    // Reviews: the thread shows the demo comments; a new one is added and marked as the user's own.
    await page.getByTestId('profile-section-reviews').click();
    await page.waitForURL('**?section=reviews');
    await page.getByTestId('review-KYC').waitFor();
    const comments = page.getByTestId('comment');
    await expect.poll(() => comments.count()).toBe(2);
    await page.getByTestId('comment-input').fill('Accounts for 2025 received; risk scoring can go ahead.');
    await page.getByTestId('comment-send').click();
    await expect.poll(() => comments.count()).toBe(3);
    expect(await comments.last().getByTestId('comment-you').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-reviews-1280');
    await page.context().close();
  });

  it('fits a 390 px phone in Arabic, right to left, with the viewer at 90 % of the width', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('corridor_language', 'ar'));
    await signIn(page, TSP);
    await page.waitForURL('**/service-provider/wallet');
    await openInitech(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await overflows()).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-company-390-ar');

    await page.getByTestId('profile-section-documents').click();
    await page.getByTestId('document-row').first().waitFor();
    expect(await overflows()).toBe(false);
    await page.getByTestId('document-view').first().click();
    const viewer = page.getByTestId('document-viewer');
    await page.getByTestId('document-viewer-pdf').waitFor();
    const box = await viewer.boundingBox();
    expect(box && box.x >= 0 && Math.abs(box.width - 390 * 0.9) < 2).toBe(true);
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-viewer-390-ar');
    await page.keyboard.press('Escape');

    await page.getByTestId('profile-section-reviews').click();
    await page.getByTestId('comments-thread').waitFor();
    expect(await overflows()).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
    await shot(page, 'profile-reviews-390-ar');
    await context.close();
  });
});

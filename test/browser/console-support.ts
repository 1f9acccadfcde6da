import type { APIRequestContext, Page } from '@playwright/test';
import { TOKEN_KEY, createValidatedAccount, uniqueEmail } from './accounts';

/** What the console journeys share: signing in with a language, accounts, a station's minute records (test/support). */

/** Signs the page in with `token` and shows it in `locale` (the app reads both from localStorage). */
export const signIn = async (page: Page, token: string, locale: string): Promise<void> => {
  await page.goto('/terms');
  await page.evaluate(
    ([key, value, lang]) => {
      window.localStorage.setItem(key!, value!);
      window.localStorage.setItem('locale', lang!);
    },
    [TOKEN_KEY, token, locale],
  );
};

/** A validated account named after `label` (made unique), with the journey's password. */
export const accountsWith =
  (password: string) =>
  async (request: APIRequestContext, label: string, email = uniqueEmail(label.toLowerCase().replace(/\W+/g, '-'))) => {
    const name = `${label} ${Date.now() % 100000}`;
    const token = await createValidatedAccount(request, { name, email, password });
    return { name, email, token };
  };

export { T0, minuteRecord } from '../support/minute-records';

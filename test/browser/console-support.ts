import type { APIRequestContext, Page } from '@playwright/test';
import type { DataRecord } from '../../libs/platform/src/protobuf/fk-data';
import { TOKEN_KEY, createValidatedAccount, uniqueEmail } from './accounts';

/** What the console journeys share: signing in with a language, accounts, a station's minute records. */

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

/** The first minute of 2024, where the journeys' uploads start. */
export const T0 = Date.UTC(2024, 0, 1) / 1000;

/** The n-th minute's record of a one-sensor station (reading 70 + n), placed in New York. */
export const minuteRecord = (n: number): DataRecord => ({
  modules: [],
  status: { time: T0 + 60 * n, uptime: n, battery: 80 },
  readings: {
    time: T0 + 60 * n,
    reading: n,
    flags: 0,
    meta: 1,
    uptime: n,
    location: { fix: 1, time: T0, longitude: -73.9, latitude: 40.7, altitude: 10 },
    sensorGroups: [{ module: 0, time: 0, readings: [{ sensor: 0, calibratedValue: 70 + n }] }],
  },
});

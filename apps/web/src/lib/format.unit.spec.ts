import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import i18n from 'i18next';
import enCore from '@/i18n/en-US.json' with { type: 'json' };
import esCore from '@/i18n/es-ES.json' with { type: 'json' };

// The app's own catalogues (the `units` names live in the core ones).
const resources = { 'en-US': { translation: enCore }, 'es-ES': { translation: esCore } };
import {
  MISSING,
  formatChartTime,
  formatDate,
  formatDateTime,
  formatLocalDate,
  formatReading,
  formatTick,
  formatTimeOfDay,
} from './format';

beforeAll(async () => {
  await i18n.init({ resources, lng: 'en-US', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

// The runner's own time zone, read by another means than the one under test.
const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' }).format(ms);
const localTime = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);

describe('dates (spec §9: M/D/YYYY and HH:mm:ss)', () => {
  it('reads a whole-day date (midnight UTC) on its own day, wherever the visitor is', () => {
    expect(formatDate('2025-03-01T00:00:00.000Z')).toBe('3/1/2025');
  });

  it("shows a moment (a deployment, an activity) on the visitor's own day and time", () => {
    for (const iso of ['2025-03-01T02:00:05.000Z', '2025-07-04T23:30:00.000Z', '2024-12-31T12:00:00.000Z']) {
      const ms = Date.parse(iso);
      expect(formatLocalDate(iso)).toBe(localDay(ms));
      expect(formatDateTime(iso)).toBe(`${localDay(ms)} ${localTime(ms)}`);
      expect(formatDateTime(ms)).toBe(`${localDay(ms)} ${localTime(ms)}`);
    }
  });

  it('shows -- for a missing or unreadable moment', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatLocalDate(value)).toBe(MISSING);
      expect(formatDateTime(value)).toBe(MISSING);
    }
    expect(formatDate(null)).toBe(MISSING);
  });
});

describe('Spanish (spec §9 formats through i18next)', () => {
  it('writes dates day first and numbers with a decimal comma', async () => {
    await i18n.changeLanguage('es-ES');
    expect(formatDate('2025-03-11T00:00:00.000Z')).toBe('11/3/2025');
    expect(formatReading(7.25, '°C')).toBe('7,3 °C');
    expect(formatTick(1013.5, 1, 'kPa')).toBe('1013,5 kPa');
    const ms = Date.parse('2025-03-11T14:05:00.000Z');
    const [m, d, y] = localDay(ms).split('/');
    expect(formatLocalDate(ms)).toBe(`${d}/${m}/${y}`);
  });

  it('names units in the language shown, and leaves symbols alone', async () => {
    expect(formatReading(3, 'inches')).toBe('3.0 inches');
    await i18n.changeLanguage('es-ES');
    expect(formatReading(3, 'inches')).toBe('3,0 pulgadas');
    expect(formatReading(3, 'km/hr')).toBe('3,0 km/h');
    expect(formatReading(-0.01, 'mm')).toBe('0,0 mm');
  });

  it('writes times of day and chart moments in the language shown', async () => {
    const ms = Date.parse('2025-03-11T14:05:00.000Z');
    expect(formatTimeOfDay(ms)).toBe(localTime(ms).slice(0, 5));
    expect(formatChartTime(ms, 'en-US')).toMatch(/^Mar \d+, \d\d:\d\d$/);
    expect(formatChartTime(ms, 'es-ES')).toMatch(/^\d+ mar, \d\d:\d\d$/);
  });
});

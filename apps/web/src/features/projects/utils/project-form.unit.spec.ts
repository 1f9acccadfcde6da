import { describe, expect, it } from '@jest/globals';
import {
  addTags,
  dateOrderOf,
  dateText,
  emptyProjectForm,
  parseDateText,
  parseTagsText,
  projectBodyOf,
  validateProjectForm,
  type ProjectFormValues,
} from './project-form';

const valid: ProjectFormValues = {
  ...emptyProjectForm,
  name: 'Creek watch',
  description: 'Water quality in the creek',
  goal: 'Know the creek',
  location: 'Brooklyn',
};

describe('project form values', () => {
  it('reads M/D/YYYY as midnight UTC and refuses dates that do not exist', () => {
    expect(parseDateText('3/1/2025')).toBe('2025-03-01T00:00:00.000Z');
    expect(parseDateText(' 12/31/2026 ')).toBe('2026-12-31T00:00:00.000Z');
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('2/30/2025')).toBeUndefined();
    expect(parseDateText('13/1/2025')).toBeUndefined();
    expect(parseDateText('2025-03-01')).toBeUndefined();
  });

  it('shows an ISO date as M/D/YYYY in UTC', () => {
    expect(dateText('2025-03-01T00:00:00.000Z')).toBe('3/1/2025');
    expect(dateText(null)).toBe('');
  });

  it('reads and writes D/M/YYYY in Spanish, the order the app shows dates in', () => {
    expect(dateOrderOf('es-ES')).toBe('dmy');
    expect(dateOrderOf('en-US')).toBe('mdy');
    expect(parseDateText('31/12/2026', 'dmy')).toBe('2026-12-31T00:00:00.000Z');
    expect(parseDateText('12/31/2026', 'dmy')).toBeUndefined();
    expect(dateText('2025-03-01T00:00:00.000Z', 'dmy')).toBe('1/3/2025');
    expect(validateProjectForm({ ...valid, startDate: '2/3/2025', endDate: '1/3/2025' }, 'dmy')).toEqual({
      endDate: 'endBeforeStart',
    });
  });

  it('reads tags from text as the spec says: empty, JSON, or words', () => {
    expect(parseTagsText('  ')).toEqual([]);
    expect(parseTagsText('["water", "river"]')).toEqual(['water', 'river']);
    expect(parseTagsText('{"a": "flood"}')).toEqual(['flood']);
    expect(parseTagsText('rain  wind')).toEqual(['rain', 'wind']);
    expect(parseTagsText('[not json')).toEqual(['[not', 'json']);
  });

  it('adds tags once', () => {
    expect(addTags(['a'], ['a', 'b', ''])).toEqual(['a', 'b']);
  });

  it('accepts complete values', () => {
    expect(validateProjectForm(valid)).toEqual({});
  });

  it('requires the four texts and limits them to 100 characters', () => {
    const errors = validateProjectForm({ ...emptyProjectForm, goal: 'x'.repeat(101), location: 'x'.repeat(100) });
    expect(errors).toEqual({ name: 'required', description: 'required', goal: 'tooLong' });
  });

  it('limits the serialised tags to 100 characters', () => {
    expect(validateProjectForm({ ...valid, tags: ['x'.repeat(96)] })).toEqual({});
    expect(validateProjectForm({ ...valid, tags: ['x'.repeat(97)] })).toEqual({ tags: 'tagsTooLong' });
  });

  it('refuses a bad date and an end before the start', () => {
    expect(validateProjectForm({ ...valid, startDate: '2/30/2025' })).toEqual({ startDate: 'badDate' });
    expect(validateProjectForm({ ...valid, startDate: '3/2/2025', endDate: '3/1/2025' })).toEqual({ endDate: 'endBeforeStart' });
    expect(validateProjectForm({ ...valid, startDate: '3/1/2025', endDate: '3/1/2025' })).toEqual({});
  });

  it('sends privacy 0 when not public and keeps a public level', () => {
    expect(projectBodyOf({ ...valid, isPublic: false }).privacy).toBe(0);
    expect(projectBodyOf({ ...valid, isPublic: true }, 0).privacy).toBe(1);
    expect(projectBodyOf({ ...valid, isPublic: true }, 2).privacy).toBe(2);
  });

  it('sends trimmed texts and dates as ISO or null', () => {
    const body = projectBodyOf({ ...valid, name: '  Creek  ', startDate: '3/1/2025' });
    expect(body).toMatchObject({ name: 'Creek', startTime: '2025-03-01T00:00:00.000Z', endTime: null, tags: [] });
  });
});

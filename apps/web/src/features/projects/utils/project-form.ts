import type { CreateProjectBody, Project } from '@groundtruth/contracts';
import { PROJECT_TAGS_MAX, PROJECT_TEXT_MAX } from '@groundtruth/domain';

/** [west, south] and [east, north] in degrees, as the project's `bounds`. */
export type ProjectBounds = { readonly min: [number, number]; readonly max: [number, number] };

/** What the project form edits (spec §2 Project form, §5). Dates are the text typed, M/D/YYYY. */
export type ProjectFormValues = {
  readonly name: string;
  readonly description: string;
  readonly goal: string;
  readonly location: string;
  readonly tags: readonly string[];
  readonly isPublic: boolean;
  readonly showExactLocation: boolean;
  readonly showStations: boolean;
  readonly bounds: ProjectBounds | null;
  readonly startDate: string;
  readonly endDate: string;
};

export type ProjectFormField = keyof ProjectFormValues;

/** Keys of the form's messages (`projectForm.errors.<key>`). */
export type ProjectFormError = 'required' | 'tooLong' | 'tagsTooLong' | 'badDate' | 'endBeforeStart';

export type ProjectFormErrors = Partial<Record<ProjectFormField, ProjectFormError>>;

export const TEXT_FIELDS = ['name', 'description', 'goal', 'location'] as const satisfies readonly ProjectFormField[];

/** The order errors are looked for in, top of the form first. */
export const FIELD_ORDER: readonly ProjectFormField[] = [...TEXT_FIELDS, 'tags', 'startDate', 'endDate'];

export const emptyProjectForm: ProjectFormValues = {
  name: '',
  description: '',
  goal: '',
  location: '',
  tags: [],
  isPublic: true,
  showExactLocation: true,
  showStations: true,
  bounds: null,
  startDate: '',
  endDate: '',
};

const DATE_TEXT = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/**
 * How the form's dates are typed: month first in English (M/D/YYYY, spec §9), day first in Spanish
 * (D/M/AAAA), as the app shows dates in each language (lib/format.ts).
 */
export type DateOrder = 'mdy' | 'dmy';

export const dateOrderOf = (language: string): DateOrder => (language.toLowerCase().startsWith('es') ? 'dmy' : 'mdy');

/**
 * A date typed as M/D/YYYY (spec §9; D/M/YYYY in the 'dmy' order) as midnight UTC in ISO form (project
 * dates are whole days); null for an empty field, undefined for text that is not a real date (13/1/2025,
 * 2/30/2025).
 */
export const parseDateText = (text: string, order: DateOrder = 'mdy'): string | null | undefined => {
  if (text.trim() === '') return null;
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [month, day] = order === 'mdy' ? [first, second] : [second, first];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString();
};

/** An ISO date as the form shows it, M/D/YYYY (or D/M/YYYY) read in UTC; empty for none. */
export const dateText = (iso: string | null, order: DateOrder = 'mdy'): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [month, day] = [date.getUTCMonth() + 1, date.getUTCDate()];
  return order === 'mdy' ? `${month}/${day}/${date.getUTCFullYear()}` : `${day}/${month}/${date.getUTCFullYear()}`;
};

/**
 * Tags from text (spec §5): empty gives none; text starting with [ or { is read as JSON (a list of
 * texts, or an object's text values); anything else is split on spaces.
 */
export const parseTagsText = (text: string): string[] => {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      const items = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? Object.values(parsed) : [];
      return items.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
    } catch {
      // Not JSON after all: the words are the tags.
    }
  }
  return trimmed.split(/\s+/);
};

/** Adds tags without repeating one already there. */
export const addTags = (tags: readonly string[], added: readonly string[]): string[] => {
  const next = [...tags];
  for (const tag of added) if (tag !== '' && !next.includes(tag)) next.push(tag);
  return next;
};

/** Spec §5: the tags travel as a JSON list, at most 100 characters serialised. */
export const tagsFit = (tags: readonly string[]): boolean => JSON.stringify(tags).length <= PROJECT_TAGS_MAX;

export const validateProjectForm = (values: ProjectFormValues, order: DateOrder = 'mdy'): ProjectFormErrors => {
  const errors: ProjectFormErrors = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === '') errors[field] = 'required';
    else if (value.length > PROJECT_TEXT_MAX) errors[field] = 'tooLong';
  }
  if (!tagsFit(values.tags)) errors.tags = 'tagsTooLong';
  const start = parseDateText(values.startDate, order);
  const end = parseDateText(values.endDate, order);
  if (start === undefined) errors.startDate = 'badDate';
  if (end === undefined) errors.endDate = 'badDate';
  else if (start && end && end < start) errors.endDate = 'endBeforeStart';
  return errors;
};

export const hasErrors = (errors: ProjectFormErrors): boolean => Object.values(errors).some((error) => error !== undefined);

export const formValuesOf = (project: Project, order: DateOrder = 'mdy'): ProjectFormValues => ({
  name: project.name,
  description: project.description,
  goal: project.goal,
  location: project.location,
  tags: project.tags,
  isPublic: !project.private,
  showExactLocation: project.showExactLocation,
  showStations: project.showStations,
  bounds: project.bounds ? { min: [...project.bounds.min], max: [...project.bounds.max] } : null,
  startDate: dateText(project.startTime, order),
  endDate: dateText(project.endTime, order),
});

/**
 * The request body of valid values. Spec §5: privacy is 0 when not public; a public project keeps the
 * level it had (1 by default).
 */
export const projectBodyOf = (values: ProjectFormValues, previousPrivacy = 1, order: DateOrder = 'mdy'): CreateProjectBody => ({
  name: values.name.trim(),
  description: values.description.trim(),
  goal: values.goal.trim(),
  location: values.location.trim(),
  tags: [...values.tags],
  privacy: values.isPublic ? Math.max(previousPrivacy, 1) : 0,
  showExactLocation: values.showExactLocation,
  showStations: values.showStations,
  bounds: values.bounds,
  startTime: parseDateText(values.startDate, order) ?? null,
  endTime: parseDateText(values.endDate, order) ?? null,
});

/** Whether two sets of values differ (the unsaved-changes check). */
export const sameFormValues = (a: ProjectFormValues, b: ProjectFormValues): boolean => JSON.stringify(a) === JSON.stringify(b);

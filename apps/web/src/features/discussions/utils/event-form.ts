/** A moment as a `datetime-local` input's value, in the reader's time zone, to the minute. */
export const toLocalInput = (ms: number): string => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A `datetime-local` value (the reader's zone) as an ISO instant, or null when it is not one. */
export const fromLocalInput = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
};

export type EventDraft = {
  readonly title: string;
  readonly description: string;
  readonly start: string;
  readonly end: string;
};

export type EventDraftErrors = Partial<Record<'title' | 'start' | 'end', 'required' | 'invalid' | 'endBeforeStart'>>;

/** What keeps a data event from being saved (spec §3: a title, a start and an end not before it). */
export const eventDraftErrors = (draft: EventDraft): EventDraftErrors => {
  const errors: { -readonly [K in keyof EventDraftErrors]: EventDraftErrors[K] } = {};
  if (draft.title.trim() === '') errors.title = 'required';
  const start = fromLocalInput(draft.start);
  const end = fromLocalInput(draft.end);
  if (draft.start === '') errors.start = 'required';
  else if (start === null) errors.start = 'invalid';
  if (draft.end === '') errors.end = 'required';
  else if (end === null) errors.end = 'invalid';
  if (start !== null && end !== null && Date.parse(end) < Date.parse(start)) errors.end = 'endBeforeStart';
  return errors;
};

/** What the form shows beside a field: its own checks' kinds and those the server answered with. */
export type EventFormErrors = Partial<
  Record<
    'title' | 'description' | 'start' | 'end' | 'scope',
    'required' | 'invalid' | 'endBeforeStart' | 'sensorsRequired' | 'projectRequired' | 'tooLong' | 'badText'
  >
>;

/** Server codes the form translates; any other 400 names its field (`errors`) and shows as invalid there. */
const serverKinds: Record<string, EventFormErrors[keyof EventFormErrors]> = {
  'DATA_EVENT.END_BEFORE_START': 'endBeforeStart',
  'DATA_EVENT.TIME_INVALID': 'invalid',
  'DATA_EVENT.SENSORS_REQUIRED': 'sensorsRequired',
  'DATA_EVENT.TOO_MANY_SENSORS': 'sensorsRequired',
  'DATA_EVENT.PROJECT_REQUIRED': 'projectRequired',
  'DATA_EVENT.TITLE_TOO_LONG': 'tooLong',
  'POST.BODY_INVALID': 'badText',
};
const fieldOf = (name: string): keyof EventFormErrors | null =>
  name === 'sensors' || name === 'allProjectSensors'
    ? 'scope'
    : name === 'title' || name === 'description' || name === 'start' || name === 'end'
      ? name
      : null;

/** A 400's field errors as the form's (spec §8: errors beside the field, in the reader's language). */
export const serverEventErrors = (code: string, errors: Readonly<Record<string, string>> | undefined): EventFormErrors => {
  const out: { -readonly [K in keyof EventFormErrors]: EventFormErrors[K] } = {};
  for (const name of Object.keys(errors ?? {})) {
    const field = fieldOf(name.split('.').pop() ?? name);
    if (field) out[field] = serverKinds[code] ?? 'invalid';
  }
  return out;
};

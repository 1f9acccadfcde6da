import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { messageKeyOf, messageValues, type MessageKey } from './validation';

/** Translates an account message by key. */
export const useMessages = () => {
  const { t } = useTranslation();
  return useCallback((key: MessageKey): string => t(`userMessages.${key}`, messageValues), [t]);
};

/** A server message shown to people: ours translated, anything else as sent. */
export const useServerMessage = () => {
  const message = useMessages();
  return useCallback(
    (text: string | undefined, fallback: string): string => {
      if (!text) return fallback;
      const key = messageKeyOf(text);
      return key ? message(key) : text;
    },
    [message],
  );
};

type Values = Record<string, string | boolean>;
type Errors<V> = Partial<Record<keyof V & string, MessageKey>>;

export type FormOptions<V extends Values> = {
  readonly initial: V;
  /** Element id prefix: field `email` of form `login` is `login-email`. */
  readonly id: string;
  readonly validate: (values: V) => Errors<V>;
};

/**
 * A small form state: values, checks shown once a field was left or the form submitted, server
 * field errors (cleared as the field changes), and focus on the first wrong field on submit.
 */
export const useForm = <V extends Values>({ initial, id, validate }: FormOptions<V>) => {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});
  const message = useMessages();
  const serverMessage = useServerMessage();

  const errors = validate(values);
  const fieldId = (name: keyof V & string) => `${id}-${name}`;

  const errorOf = (name: keyof V & string): string | undefined => {
    const server = serverErrors[name];
    if (server) return server;
    const key = errors[name];
    return key && (submitted || touched[name]) ? message(key) : undefined;
  };

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  };

  /** Props for an MUI TextField. */
  const text = (name: keyof V & string) => {
    const error = errorOf(name);
    return {
      id: fieldId(name),
      name,
      value: String(values[name] ?? ''),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value as V[typeof name]),
      onBlur: () => setTouched((previous) => ({ ...previous, [name]: true })),
      error: error !== undefined,
      // A blank line is kept for the message, so one appearing on blur does not move what is below
      // (a click on the next control would otherwise land beside it).
      helperText: error ?? ' ',
    };
  };

  /** Props for an MUI Checkbox, plus its error text. */
  const checkbox = (name: keyof V & string) => ({
    id: fieldId(name),
    name,
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as V[typeof name]),
  });

  /** Shows the server's field errors (400 `{ errors: { field: message } }`); answers whether any matched a field. */
  const showServerErrors = (error: unknown): boolean => {
    if (!isApiError(error) || !error.errors) return false;
    const next: Partial<Record<keyof V, string>> = {};
    let matched = false;
    for (const [field, text] of Object.entries(error.errors)) {
      if (!(field in initial)) continue;
      next[field as keyof V] = serverMessage(text, text);
      matched = true;
    }
    setServerErrors(next);
    if (matched) {
      const first = Object.keys(initial).find((name) => next[name as keyof V]);
      if (first) document.getElementById(fieldId(first))?.focus();
    }
    return matched;
  };

  /** Runs `onValid` with the values when every check passes; otherwise shows the errors and focuses the first. */
  const handleSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const firstInvalid = Object.keys(initial).find((name) => errors[name as keyof V & string]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    onValid(values);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  return {
    values,
    setValue,
    text,
    checkbox,
    errorOf,
    fieldId,
    isValid: Object.keys(errors).every((name) => errors[name as keyof V & string] === undefined),
    showServerErrors,
    serverErrors,
    handleSubmit,
    reset,
  };
};

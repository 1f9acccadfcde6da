import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import type { ProjectFormField } from '../utils/project-form';
import { projectMessageKeyOf } from '../utils/project-messages';

/** The server's field names, as the form's. */
const SERVER_FIELDS: Record<string, ProjectFormField> = {
  name: 'name',
  description: 'description',
  goal: 'goal',
  location: 'location',
  tags: 'tags',
  startTime: 'startDate',
  endTime: 'endDate',
  bounds: 'bounds',
};

/** A server message as one of the form's own (translated), or as sent. */
const useServerFieldMessage = () => {
  const { t } = useTranslation();
  return (text: string): string => {
    const key = projectMessageKeyOf(text);
    if (key === 'required' || key === 'tooLong' || key === 'endBeforeStart' || key === 'badDate')
      return t(`projectForm.errors.${key}`);
    return text;
  };
};

/** The server's field errors of a failed save, as the form's fields with the form's own messages. */
export const useServerFieldErrors = () => {
  const serverMessage = useServerFieldMessage();
  return (error: unknown): Partial<Record<ProjectFormField, string>> => {
    const fieldErrors: Partial<Record<ProjectFormField, string>> = {};
    if (isApiError(error) && error.errors) {
      for (const [name, message] of Object.entries(error.errors)) {
        const field = SERVER_FIELDS[name];
        if (field) fieldErrors[field] = serverMessage(message);
      }
    }
    return fieldErrors;
  };
};

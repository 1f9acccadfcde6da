import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DataEvent } from '@groundtruth/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { isApiError } from '@/lib/api-client';
import type { DiscussionPlace } from '../api/discussion';
import { useCreateDataEvent, useEditDataEvent, type EventScopeChange } from '../api/data-events';
import { eventDraftErrors, fromLocalInput, serverEventErrors, toLocalInput, type EventFormErrors } from '../utils/event-form';
import { plainWords } from '../utils/post-doc';
import type { WorkspaceScope } from './discussion-panel';

type ScopeChoice = 'keep' | 'selected' | 'all';

type DataEventFormProps = {
  readonly place: DiscussionPlace;
  /** The workspace's sensors and window; absent beside a project's comments, where only `keep` and `all` apply. */
  readonly scope?: WorkspaceScope;
  /** The event to edit; absent for a new one. */
  readonly editing?: DataEvent;
  /** After an edit is saved or cancelled (the item goes back to showing the event). */
  readonly onDone?: () => void;
};

/** The stored rich text's words for the text field; kept as stored when the words are not changed. */
const initialWords = (json: string | undefined): string => (json && json.trim() !== '' ? plainWords(json) : '');

/**
 * A new data event or an edit of one (spec §2 Comments and data events): a title and description,
 * its start and end (a new one starts with the top chart's window), over all the project's sensors
 * or only the selected ones. Errors, the browser's or the server's, show beside their fields.
 */
export const DataEventForm = ({ place, scope, editing, onDone }: DataEventFormProps) => {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const id = useId();
  const create = useCreateDataEvent();
  const edit = useEditDataEvent();
  const [title, setTitle] = useState(() => initialWords(editing?.title));
  const [description, setDescription] = useState(() => initialWords(editing?.description));
  const [start, setStart] = useState(() =>
    editing ? toLocalInput(Date.parse(editing.start)) : scope?.range ? toLocalInput(scope.range[0]) : '',
  );
  const [end, setEnd] = useState(() =>
    editing ? toLocalInput(Date.parse(editing.end)) : scope?.range ? toLocalInput(scope.range[1]) : '',
  );
  const [choice, setChoice] = useState<ScopeChoice>(editing ? 'keep' : 'selected');
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<EventFormErrors>({});
  const errors = eventDraftErrors({ title, description, start, end });
  const shown: EventFormErrors = tried ? { ...serverErrors, ...errors } : serverErrors;
  const errorText = (key: keyof EventFormErrors) => (shown[key] ? t(`discussion.eventErrors.${shown[key]}`) : undefined);
  const projectId = editing ? editing.projectId : (scope?.projectId ?? null);
  const selected = scope?.sensors ?? [];
  const pending = create.isPending || edit.isPending;

  // Unchanged words keep the stored document (its links and mentions); changed ones go as plain text.
  const textOf = (typed: string, stored: string | undefined) =>
    stored !== undefined && typed === initialWords(stored) ? stored : typed.trim();

  const scopeChange = (): EventScopeChange | undefined =>
    choice === 'all'
      ? { allProjectSensors: true }
      : choice === 'selected'
        ? { allProjectSensors: false, sensors: selected }
        : undefined;

  const save = async () => {
    setTried(true);
    setServerErrors({});
    if (Object.keys(errors).length > 0) return;
    const fields = {
      title: textOf(title, editing?.title),
      description: textOf(description, editing?.description),
      start: fromLocalInput(start)!,
      end: fromLocalInput(end)!,
    };
    try {
      if (editing) {
        await edit.mutateAsync({ eventId: editing.id, ...fields, scope: scopeChange() });
        snack(t('discussion.eventUpdated'), 'success');
        onDone?.();
        return;
      }
      const wholeProject = choice === 'all' && projectId !== null;
      await create.mutateAsync({
        // An event over all the project's sensors belongs to the project; one over the selected
        // sensors to this workspace.
        place: wholeProject ? { projectId } : place,
        ...fields,
        allProjectSensors: wholeProject,
        sensors: selected,
      });
      snack(t('discussion.eventSaved'), 'success');
      setTitle('');
      setDescription('');
      setTried(false);
    } catch (error) {
      const fromServer = isApiError(error) && error.status === 400 ? serverEventErrors(error.code, error.errors) : {};
      setServerErrors(fromServer);
      if (Object.keys(fromServer).length > 0) return;
      snack(isApiError(error) && error.status === 403 ? t('discussion.eventForbidden') : t('discussion.notSaved'), 'fail');
    }
  };

  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      aria-label={editing ? t('discussion.editEventLabel') : t('discussion.newEvent')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onDone) {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <TextField
        label={t('discussion.eventTitle')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        autoFocus={editing !== undefined}
        size="small"
        slotProps={{ htmlInput: { maxLength: 200 } }}
        error={Boolean(shown.title)}
        helperText={errorText('title')}
      />
      <TextField
        label={t('discussion.eventDescription')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        size="small"
        slotProps={{ htmlInput: { maxLength: 5000 } }}
        error={Boolean(shown.description)}
        helperText={errorText('description')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label={t('discussion.eventStart')}
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(shown.start)}
          helperText={errorText('start')}
        />
        <TextField
          label={t('discussion.eventEnd')}
          type="datetime-local"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(shown.end)}
          helperText={errorText('end')}
        />
      </Stack>
      <FormControl error={Boolean(shown.scope)}>
        <FormLabel id={`${id}-scope`}>{t('discussion.eventScope')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-scope`}
          aria-describedby={shown.scope ? `${id}-scope-error` : undefined}
          value={choice}
          onChange={(e) => setChoice(e.target.value as ScopeChoice)}
        >
          {editing && (
            <FormControlLabel
              value="keep"
              control={<Radio size="small" />}
              label={
                editing.allProjectSensors
                  ? t('discussion.scopeKeepAll')
                  : t('discussion.scopeKeep', { count: editing.sensors.length })
              }
            />
          )}
          {(!editing || selected.length > 0) && (
            <FormControlLabel
              value="selected"
              control={<Radio size="small" />}
              label={t('discussion.scopeSelected', { count: selected.length })}
            />
          )}
          {projectId !== null && (
            <FormControlLabel value="all" control={<Radio size="small" />} label={t('discussion.scopeAllProject')} />
          )}
        </RadioGroup>
        {shown.scope && <FormHelperText id={`${id}-scope-error`}>{errorText('scope')}</FormHelperText>}
      </FormControl>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onDone && (
          <Button size="small" onClick={onDone}>
            {t('discussion.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" size="small" disabled={pending}>
          {editing ? t('discussion.saveEdit') : t('discussion.saveEvent')}
        </Button>
      </Stack>
    </Stack>
  );
};

import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/snackbar';
import { isApiError } from '@/lib/api-client';
import type { DiscussionPlace } from '../api/discussion';
import { useCreateDataEvent } from '../api/data-events';
import { eventDraftErrors, fromLocalInput, toLocalInput } from '../utils/event-form';
import type { WorkspaceScope } from './discussion-panel';

/**
 * A new data event (spec §2 Comments and data events): a title and description, its start and end
 * (the top chart's window to begin with), over all the project's sensors or only the selected ones.
 */
export const DataEventForm = ({ place, scope }: { readonly place: DiscussionPlace; readonly scope: WorkspaceScope }) => {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const id = useId();
  const create = useCreateDataEvent();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [start, setStart] = useState(() => (scope.range ? toLocalInput(scope.range[0]) : ''));
  const [end, setEnd] = useState(() => (scope.range ? toLocalInput(scope.range[1]) : ''));
  const [allSensors, setAllSensors] = useState(false);
  const [tried, setTried] = useState(false);
  const errors = eventDraftErrors({ title, description, start, end });
  const shown = tried ? errors : {};
  const errorText = (key: keyof typeof errors) => (shown[key] ? t(`discussion.eventErrors.${shown[key]}`) : undefined);

  const save = async () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    const wholeProject = allSensors && scope.projectId !== null;
    try {
      await create.mutateAsync({
        // An event over all the project's sensors belongs to the project; one over the selected
        // sensors to this workspace.
        place: wholeProject && scope.projectId !== null ? { projectId: scope.projectId } : place,
        title: title.trim(),
        description: description.trim(),
        start: fromLocalInput(start)!,
        end: fromLocalInput(end)!,
        allProjectSensors: wholeProject,
        sensors: scope.sensors,
      });
      snack(t('discussion.eventSaved'), 'success');
      setTitle('');
      setDescription('');
      setTried(false);
    } catch (error) {
      snack(isApiError(error) && error.status === 403 ? t('discussion.eventForbidden') : t('discussion.notSaved'), 'fail');
    }
  };

  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      aria-label={t('discussion.newEvent')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label={t('discussion.eventTitle')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
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
      <FormControl>
        <FormLabel id={`${id}-scope`}>{t('discussion.eventScope')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-scope`}
          value={allSensors ? 'all' : 'selected'}
          onChange={(e) => setAllSensors(e.target.value === 'all')}
        >
          <FormControlLabel
            value="selected"
            control={<Radio size="small" />}
            label={t('discussion.scopeSelected', { count: scope.sensors.length })}
          />
          {scope.projectId !== null && (
            <FormControlLabel value="all" control={<Radio size="small" />} label={t('discussion.scopeAllProject')} />
          )}
        </RadioGroup>
      </FormControl>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="small" disabled={create.isPending}>
          {t('discussion.saveEvent')}
        </Button>
      </Stack>
    </Stack>
  );
};

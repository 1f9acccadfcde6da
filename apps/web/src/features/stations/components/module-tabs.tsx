import type { Station, StationModule } from '@groundtruth/contracts';
import { MODULE_LABEL_MAX } from '@groundtruth/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useSnackbar } from '@/components/snackbar';
import { partner } from '@/config/partner';
import { useLabelModule } from '../api/label-module';
import { useStationTail } from '../api/get-station-tail';
import { stationModules, visibleModules } from '../utils/modules';
import { ModuleExploreCard } from './module-explore-card';
import { ModuleIcon, useModuleKindName } from '@/components/module-icon';
import { isApiError } from '@/lib/api-client';

/** Spec §2, §5: a module's label, at most 25 characters; empty goes back to the module's own name. */
const ModuleLabelForm = ({ stationId, module, title }: { stationId: number; module: StationModule; title: string }) => {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const mutation = useLabelModule(stationId);
  const fieldId = useId();
  const [draft, setDraft] = useState(module.label ?? '');
  const tooLong = draft.trim().length > MODULE_LABEL_MAX;
  const unchanged = draft.trim() === (module.label ?? '').trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || unchanged) return;
    mutation.mutate(
      { moduleId: module.id, label: draft.trim() },
      {
        onSuccess: () => snackbar(t('station.moduleNameUpdateSuccess'), 'success'),
        onError: (error) => {
          setDraft(module.label ?? '');
          snackbar(isApiError(error) && error.isConflict ? t('conflict.notSaved') : t('station.somethingWentWrong'), 'fail');
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('station.label.edit', { module: title })}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id={fieldId}
          size="small"
          label={t('station.label.field')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={tooLong}
          helperText={
            tooLong ? t('station.label.tooLong', { max: MODULE_LABEL_MAX }) : t('station.label.help', { max: MODULE_LABEL_MAX })
          }
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={tooLong || unchanged || mutation.isPending} sx={{ mt: { sm: 0.25 } }}>
          {mutation.isPending ? t('station.page.saving') : t('station.page.save')}
        </Button>
      </Stack>
    </Box>
  );
};

type ModuleTabsProps = {
  readonly station: Station;
  readonly projectId: number | null;
};

/** Spec §2 station page: one tab per module with its latest readings and tiny chart; the label editable when allowed. */
export const ModuleTabs = ({ station, projectId }: ModuleTabsProps) => {
  const { t } = useTranslation();
  const id = useId();
  const kindName = useModuleKindName();
  const tail = useStationTail(station.id);
  const modules = visibleModules(stationModules(station));
  const [selected, setSelected] = useState(0);
  if (modules.length === 0) return <EmptyState dense>{t('station.explore.noModules')}</EmptyState>;
  const index = Math.min(selected, modules.length - 1);
  const module = modules[index]!;
  const title = module.label?.trim() || kindName(module.name);
  const editable = !station.readOnly && partner.moduleLabelsEditable;
  return (
    <Box>
      <Tabs
        value={index}
        onChange={(_event, value: number) => setSelected(value)}
        aria-label={t('station.page.moduleTabs')}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {modules.map((m, i) => (
          <Tab
            key={m.id}
            value={i}
            icon={<ModuleIcon name={m.name} fontSize="small" decorative />}
            iconPosition="start"
            label={m.label?.trim() || kindName(m.name)}
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            sx={{ minHeight: 48, textTransform: 'none' }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} sx={{ pt: 2 }}>
        <Stack spacing={2}>
          <ModuleExploreCard
            stationId={station.id}
            module={module}
            tail={tail.isError ? null : tail.data}
            projectId={projectId}
          />
          {editable ? <ModuleLabelForm key={module.id} stationId={station.id} module={module} title={title} /> : null}
        </Stack>
      </Box>
    </Box>
  );
};

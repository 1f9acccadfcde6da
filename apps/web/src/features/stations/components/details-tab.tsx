import type { Station } from '@groundtruth/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSING } from '@/lib/format';
import { stationModules, visibleModules } from '../utils/modules';
import { ModuleIcon } from '@/components/module-icon';
import { StationProjects } from './station-projects';

type DetailsTabProps = {
  readonly station: Station;
  /** The read-only notes form (the notes feature composes it in). */
  readonly notes?: ReactNode;
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mb: 2 }}>
    <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** Spec §2 Station summary, details tab: projects, module icons, firmware number, read-only notes. */
export const DetailsTab = ({ station, notes }: DetailsTabProps) => {
  const { t } = useTranslation();
  const modules = visibleModules(stationModules(station));
  return (
    <Box>
      <Section title={t('station.details.projects')}>
        <StationProjects stationId={station.id} />
      </Section>
      <Section title={t('station.details.modules')}>
        {modules.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('station.details.noModules')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {modules.map((m) => (
              <ModuleIcon key={m.id} name={m.name} />
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('station.details.firmware')}>
        <Typography variant="body2">{station.firmwareNumber ?? MISSING}</Typography>
      </Section>
      {notes ? <Section title={t('station.details.notes')}>{notes}</Section> : null}
    </Box>
  );
};

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Project, Station } from '@groundtruth/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { useSnackbar } from '@/components/snackbar';
import { STATION_PICKER_PAGE_SIZE, STATION_PICKER_PAGE_SIZE_NARROW } from '@/config/constants';
import { partner } from '@/config/partner';
import { useMyStations } from '@/lib/my-stations';
import { useChangeProjectStations } from '../api/project-stations';
import { DeployState } from './project-station-card';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

/** The add-station picker: the user's own stations not yet in the project (spec §6), 6 a page (3 on narrow screens). */
export const AddStationDialog = ({
  project,
  inProject,
  open,
  onClose,
}: {
  project: Project;
  inProject: ReadonlySet<number>;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const pageSize = narrow ? STATION_PICKER_PAGE_SIZE_NARROW : STATION_PICKER_PAGE_SIZE;
  const mine = useMyStations(open);
  const change = useChangeProjectStations(project.id);
  const showSnackbar = useSnackbar();
  const [page, setPage] = useState(0);
  const titleId = useId();

  const candidates = (mine.data ?? []).filter((station) => !inProject.has(station.id));
  const pages = Math.max(1, Math.ceil(candidates.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = candidates.slice(current * pageSize, (current + 1) * pageSize);

  const add = (station: Station) =>
    change.mutate(
      { stationId: station.id, add: true },
      {
        onSuccess: () => showSnackbar(t('projectStations.added', { name: station.name }), 'success'),
        onError: () => showSnackbar(t('projectStations.changeFailed', noun), 'fail'),
      },
    );

  let body;
  if (mine.isPending) body = <Skeleton height={120} aria-label={t('projectStations.loading')} />;
  else if (mine.isError)
    body = (
      <ErrorState
        message={t('projectStations.loadFailed', noun)}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  else if (candidates.length === 0) body = <EmptyState>{t('projectStations.noneToAdd', noun)}</EmptyState>;
  else
    body = (
      <>
        <List dense>
          {shown.map((station) => (
            <ListItem
              key={station.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  variant="outlined"
                  disabled={change.isPending}
                  onClick={() => add(station)}
                  aria-label={t('projectStations.addOne', { name: station.name })}
                >
                  {t('projectStations.addButton')}
                </Button>
              }
            >
              <ListItemText primary={station.name} secondary={<DeployState station={station} />} sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
        {pages > 1 ? (
          <Pagination count={pages} page={current + 1} onChange={(_event, value) => setPage(value - 1)} sx={{ mt: 1 }} />
        ) : null}
      </>
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('projectStations.addTitle', noun)}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('projectStations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

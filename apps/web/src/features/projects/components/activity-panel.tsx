import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ACTIVITY_FEED_LIMIT, type Activity, type Project } from '@groundtruth/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { formatLocalDate, formatTimeOfDay } from '@/lib/format';
import { useProjectActivity } from '../api/get-project-activity';
import { LoadingBlock } from '@/components/loading-block';

const coordinate = (value: number): string => value.toFixed(3);

/** When it happened: the day and time of day, or for a group of uploads the day and its first to last time. */
const When = ({ date, from }: { date: string; from?: string }) => {
  const sameMoment = from === undefined || from === date;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="activity-when">
      {formatLocalDate(date)}{' '}
      {sameMoment ? (
        <time dateTime={date}>{formatTimeOfDay(date)}</time>
      ) : (
        <>
          <time dateTime={from}>{formatTimeOfDay(from)}</time>–<time dateTime={date}>{formatTimeOfDay(date)}</time>
        </>
      )}
    </Typography>
  );
};

const Item = ({
  icon,
  title,
  date,
  from,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  date: string;
  from?: string;
  children?: ReactNode;
}) => (
  <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
    <Box sx={{ flexShrink: 0, pt: 0.25 }}>{icon}</Box>
    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <When date={date} {...(from === undefined ? {} : { from })} />
      {children}
    </Box>
  </Stack>
);

const iconBox = (icon: ReactNode) => (
  <Box
    aria-hidden
    sx={{
      width: 32,
      height: 32,
      borderRadius: '50%',
      bgcolor: 'action.hover',
      color: 'primary.main',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    }}
  >
    {icon}
  </Box>
);

/** The three kinds of activity (spec §2): a station's uploads of a day (grouped by the API), project updates, deployments. */
const ActivityItem = ({ item, project }: { item: Activity; project: Project }) => {
  const { t } = useTranslation();
  switch (item.type) {
    case 'StationIngestion':
      return (
        <Item
          icon={iconBox(<CloudUploadOutlinedIcon fontSize="small" />)}
          title={t('projectActivity.uploads', { station: item.station.name, records: item.records, count: item.uploads })}
          date={item.createdAt}
          from={item.firstAt}
        >
          {item.errors ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'warning.dark', mt: 0.5 }}>
              <WarningAmberIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{t('projectActivity.ingestionErrors')}</Typography>
            </Stack>
          ) : null}
        </Item>
      );
    case 'StationDeployed': {
      const location = item.locationName ?? `${coordinate(item.location.latitude)}, ${coordinate(item.location.longitude)}`;
      return (
        <Item
          icon={iconBox(<PlaceOutlinedIcon fontSize="small" />)}
          title={t('projectActivity.deployed', { station: item.station.name })}
          date={item.createdAt}
        >
          <Typography variant="body2" color="text.secondary">
            {t('projectActivity.deployedAt', { date: formatLocalDate(item.deployedAt), location })}
          </Typography>
        </Item>
      );
    }
    case 'ProjectUpdate':
      return (
        <Item
          icon={<UserAvatar user={item.author} size={32} />}
          title={t('projectActivity.update', { author: item.author?.name ?? t('projectActivity.someone') })}
          date={item.createdAt}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
            {item.body}
          </Typography>
          {!project.readOnly ? (
            <Link
              component={RouterLink}
              to={paths.editProjectUpdate.getHref(item.updateId, project.id)}
              underline="hover"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
            >
              <EditIcon fontSize="inherit" aria-hidden />
              {t('projectActivity.editUpdate')}
            </Link>
          ) : null}
        </Item>
      );
  }
};

const Feed = ({ project }: { project: Project }) => {
  const { t } = useTranslation();
  const query = useProjectActivity(project.id);
  if (query.isPending) {
    return (
      <LoadingBlock label={t('projectActivity.loading')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={64} aria-hidden />
        ))}
      </LoadingBlock>
    );
  }
  if (query.isError) {
    return (
      <ErrorState message={t('projectActivity.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  if (query.data.length === 0) return <EmptyState>{t('projectActivity.empty')}</EmptyState>;
  // The server answers at most 50; the panel never shows more (spec §9).
  const items = query.data.slice(0, ACTIVITY_FEED_LIMIT);
  return (
    <>
      <Box component="ul" aria-labelledby="activity-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <ActivityItem key={item.id} item={item} project={project} />
        ))}
      </Box>
      {items.length === ACTIVITY_FEED_LIMIT ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('projectActivity.limit', { count: ACTIVITY_FEED_LIMIT })}
        </Typography>
      ) : null}
    </>
  );
};

/**
 * The activity side panel (spec §2): open on /dashboard/projects/{id}/activity; closing goes back to the
 * project's route. At most 50 items, newest first.
 */
export const ActivityPanel = ({ project, open }: { project: Project; open: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => void navigate(paths.viewProject.getHref(project.id));
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'activity-heading',
          sx: { width: { xs: '100%', sm: 420 } },
        },
      }}
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 2 })}
    >
      <Toolbar sx={{ justifyContent: 'space-between', borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="activity-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('projectActivity.title')}
        </Typography>
        <IconButton edge="end" aria-label={t('projectActivity.close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <Box sx={{ px: 2, pb: 3, overflowY: 'auto' }}>{open ? <Feed project={project} /> : null}</Box>
    </Drawer>
  );
};

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { visuallyHidden } from '@/components/visually-hidden';
import { useFieldNotes } from '../api/field-notes';
import { FieldNotesList } from './field-notes-list';

type FieldNotesProps = {
  readonly stationId: number;
  readonly headingLevel?: 3 | 4;
};

/** Spec §2 Field notes of a station: grouped by month with counts. */
export const FieldNotes = ({ stationId, headingLevel = 3 }: FieldNotesProps) => {
  const { t } = useTranslation();
  const query = useFieldNotes(stationId);
  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Typography role="status" sx={visuallyHidden}>
          {t('fieldNotes.loading')}
        </Typography>
        <Skeleton aria-hidden />
        <Skeleton width="80%" aria-hidden />
      </Box>
    );
  }
  if (query.isError) {
    return <ErrorState message={t('fieldNotes.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data.length === 0) return <EmptyState dense>{t('fieldNotes.empty')}</EmptyState>;
  return <FieldNotesList notes={query.data} headingLevel={headingLevel} />;
};

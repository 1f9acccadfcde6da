import type { FieldNote } from '@groundtruth/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { fieldNotesCsv } from '../utils/field-notes-csv';

/** Spec §2: field notes can be exported, here as a CSV file (time, author, text) made in the browser. */
export const FieldNotesExport = ({
  notes,
  stationName,
}: {
  readonly notes: readonly FieldNote[];
  readonly stationName: string;
}) => {
  const { t } = useTranslation();
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(fieldNotesCsv(notes))}`;
  const fileName = `field-notes-${stationName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'station'}.csv`;
  return (
    <Button
      href={href}
      download={fileName}
      size="small"
      startIcon={<DownloadIcon aria-hidden />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('fieldNotes.export')}
    </Button>
  );
};

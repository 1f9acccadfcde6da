import type { FieldNote } from '@groundtruth/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/i18n';
import { groupByMonth } from '../utils/group-by-month';
import { formatDateTime } from '@/lib/format';
import { RichTextView } from './rich-text-view';

type FieldNotesListProps = {
  /** Newest first, as the server answers. */
  readonly notes: readonly FieldNote[];
  /** What replaces a note's text while it is edited. */
  readonly renderBody?: (note: FieldNote) => ReactNode | null;
  /** Buttons beside a note (edit, delete). */
  readonly renderActions?: (note: FieldNote) => ReactNode;
  /** Heading level of the month headings. */
  readonly headingLevel?: 3 | 4;
};

const monthName = (month: Date): string =>
  new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric' }).format(month);

/** Spec §2 Field notes: grouped by month with entry counts, newest first. */
export const FieldNotesList = ({ notes, renderBody, renderActions, headingLevel = 3 }: FieldNotesListProps) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {groupByMonth(notes).map((group) => (
        <Box component="section" key={group.key} aria-label={monthName(group.month)}>
          <Typography component={`h${headingLevel}`} variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {monthName(group.month)}{' '}
            <Box component="span" sx={{ fontWeight: 400 }}>
              ({t('fieldNotes.monthCount', { count: group.items.length })})
            </Box>
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.items.map((note) => {
              const edited = note.updatedAt !== note.createdAt;
              return (
                <Box
                  component="li"
                  key={note.id}
                  data-testid="field-note"
                  sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 1.5 }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Avatar src={note.author.photo?.url} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
                      {note.author.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                      {t('fieldNotes.by', { name: note.author.name, date: formatDateTime(note.createdAt) })}
                      {edited ? ` · ${t('fieldNotes.edited', { date: formatDateTime(note.updatedAt) })}` : ''}
                    </Typography>
                    {renderActions?.(note)}
                  </Stack>
                  {renderBody?.(note) ?? <RichTextView body={note.body} />}
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
};

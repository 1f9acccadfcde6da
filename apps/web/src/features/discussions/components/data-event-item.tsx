import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataEvent } from '@groundtruth/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar';
import { formatDateTime } from '@/lib/format';
import type { DiscussionPlace } from '../api/discussion';
import { useDeleteDataEvent } from '../api/data-events';
import { useCancelReport, useReportPost } from '../api/reports';
import { plainWords } from '../utils/post-doc';
import { postAnchor } from '../utils/post-hash';
import { DataEventForm } from './data-event-form';
import type { WorkspaceScope } from './discussion-panel';
import { PostArticle } from './post-article';
import { PostBody } from './post-body';

/** One data event beside the comments (spec §2): title, time span, scope, description; edit, delete or report. */
export const DataEventItem = ({
  event,
  viewerId,
  highlighted,
  place,
  scope,
}: {
  readonly event: DataEvent;
  readonly viewerId: number | null;
  readonly highlighted: boolean;
  readonly place: DiscussionPlace;
  readonly scope?: WorkspaceScope | undefined;
}) => {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  // Back from the form, the keyboard lands where it left: on this event's Edit button.
  const editButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!editing && refocus) {
      editButton.current?.focus();
      setRefocus(false);
    }
  }, [editing, refocus]);
  const remove = useDeleteDataEvent();
  const report = useReportPost();
  const cancelReport = useCancelReport();
  const mine = viewerId !== null && viewerId === event.author.id;
  const anchor = postAnchor({ kind: 'event', id: event.id });
  const reported = { postId: event.id, postType: 'data_event' as const };
  const instant = event.start === event.end;

  return (
    <PostArticle
      anchor={anchor}
      labelledBy={`${anchor}-title`}
      testId="data-event"
      highlighted={highlighted}
      sx={{ borderLeft: 4, borderColor: 'secondary.main', pl: 1.5 }}
    >
      {editing ? (
        <DataEventForm
          place={place}
          scope={scope}
          editing={event}
          onDone={() => {
            setEditing(false);
            setRefocus(true);
          }}
        />
      ) : (
        <>
          <Typography variant="subtitle2" component="h3" id={`${anchor}-title`}>
            {plainWords(event.title)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {instant
              ? formatDateTime(event.start)
              : t('discussion.eventSpan', { start: formatDateTime(event.start), end: formatDateTime(event.end) })}
            {' · '}
            {event.allProjectSensors ? t('discussion.scopeAll') : t('discussion.scopeSensors', { count: event.sensors.length })}
            {' · '}
            {event.author.name}
          </Typography>
          {event.description.trim() !== '' && <PostBody body={event.description} />}
        </>
      )}
      {viewerId !== null && !editing && (
        <Stack direction="row" spacing={0.5}>
          {event.canEdit && (
            <Button
              size="small"
              ref={editButton}
              onClick={() => setEditing(true)}
              aria-label={`${t('discussion.editEvent')}: ${plainWords(event.title)}`}
            >
              {t('discussion.editEvent')}
            </Button>
          )}
          {mine ? (
            <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
              {t('discussion.deleteEvent')}
            </Button>
          ) : event.userHasReported ? (
            <Button
              size="small"
              disabled={cancelReport.isPending}
              onClick={() =>
                cancelReport.mutate(reported, {
                  onSuccess: () => snack(t('discussion.reportCancelled'), 'success'),
                  onError: () => snack(t('discussion.cancelReportFailed'), 'fail'),
                })
              }
            >
              {t('discussion.cancelReport')}
            </Button>
          ) : (
            <Button
              size="small"
              disabled={report.isPending}
              onClick={() =>
                report.mutate(reported, {
                  onSuccess: () => snack(t('discussion.reported'), 'success'),
                  onError: () => snack(t('discussion.reportFailed'), 'fail'),
                })
              }
            >
              {t('discussion.report')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('discussion.deleteEventTitle')}
        confirmLabel={t('discussion.deleteConfirm')}
        cancelLabel={t('discussion.cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { eventId: event.id },
            {
              onSuccess: () => snack(t('discussion.eventDeleted'), 'success'),
              onError: () => snack(t('discussion.deleteFailed'), 'fail'),
              onSettled: () => setConfirmDelete(false),
            },
          )
        }
      >
        {t('discussion.deleteText')}
      </ConfirmDialog>
    </PostArticle>
  );
};

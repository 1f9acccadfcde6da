import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { projectRoutes } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingBlock } from '@/components/loading-block';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { callRoute } from '@/lib/call-route';
import { useCreatePost, useDiscussion, type DiscussionPlace } from '../api/discussion';
import { useDataEvents } from '../api/data-events';
import { useHashHighlight } from '../hooks/use-hash-highlight';
import { CommentItem } from './comment-item';
import { DataEventForm } from './data-event-form';
import { DataEventItem } from './data-event-item';

const CommentEditor = lazy(() => import('./comment-editor'));

/** What an explore workspace tells its discussion: where new data events apply (spec §2). */
export type WorkspaceScope = {
  /** The bookmark's project, whose Administrators may post events. */
  readonly projectId: number | null;
  /** The sensors the charts show. */
  readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[];
  /** No chart group is empty: the posts toggle shows only then. */
  readonly groupsFilled: boolean;
  /** The top chart's window, to start a new event with. */
  readonly range: readonly [number, number] | null;
};

type DiscussionPanelProps = {
  readonly place: DiscussionPlace;
  /** An explore workspace: data events are listed, and may be posted by those allowed. */
  readonly scope?: WorkspaceScope;
};

/** Whether the reader is an Administrator of the project (the project's answer names the asker's role). */
const useProjectRole = (projectId: number | null, signedIn: boolean) =>
  useQuery({
    queryKey: ['projects', projectId] as const,
    queryFn: ({ signal }) => callRoute(projectRoutes.getProject, { params: { id: projectId ?? 0 }, signal }),
    enabled: projectId !== null && signedIn,
    select: (project) => project.role,
  });

/**
 * The discussion of a project or a workspace (spec §2 Comments and data events, §4): threads with one
 * level of replies, the editor, and in a workspace its data events beside them with the posts toggle.
 */
export const DiscussionPanel = ({ place, scope }: DiscussionPanelProps) => {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const session = useSession();
  const location = useLocation();
  const viewerId = session.user?.id ?? null;
  const signedIn = session.status === 'authenticated';
  const discussion = useDiscussion(place);
  // Beside a workspace's comments: the data events of the stations its charts show (those of this
  // workspace and the project-wide ones alike), else the workspace's own.
  const shownStations = [...new Set((scope?.sensors ?? []).map((s) => s.stationId))];
  const events = useDataEvents(
    shownStations.length > 0 ? { stations: shownStations } : 'bookmark' in place ? { bookmark: place.bookmark } : {},
    scope !== undefined,
  );
  const role = useProjectRole(scope?.projectId ?? null, signedIn);
  const create = useCreatePost();
  const [mode, setMode] = useState<'comment' | 'event'>('comment');
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const highlighted = useHashHighlight(discussion.isSuccess && (scope === undefined || !events.isPending));

  // Spec §2, §6: the toggle is for site admins and project Administrators, when no group is empty.
  const mayPostEvents =
    signedIn && scope !== undefined && scope.groupsFilled && (session.isAdmin || role.data === 'Administrator');
  const shownMode = mayPostEvents ? mode : 'comment';

  const post = async (body: string, threadId?: number): Promise<boolean> => {
    try {
      await create.mutateAsync({ place, body, ...(threadId !== undefined ? { threadId } : {}) });
      snack(t('discussion.saved'), 'success');
      if (threadId !== undefined) setReplyingTo(null);
      return true;
    } catch {
      snack(t('discussion.notSaved'), 'fail');
      return false;
    }
  };

  const editorFallback = <Typography variant="body2">{t('discussion.loadingEditor')}</Typography>;

  const composer = !signedIn ? (
    <Typography variant="body2" color="text.secondary">
      <RouterLink to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}>
        {t('discussion.logIn')}
      </RouterLink>{' '}
      {t('discussion.logInToComment')}
    </Typography>
  ) : (
    <Stack spacing={1}>
      {mayPostEvents && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shownMode}
          onChange={(_e, value: 'comment' | 'event' | null) => value && setMode(value)}
          aria-label={t('discussion.postType')}
        >
          <ToggleButton value="comment">{t('discussion.typeComment')}</ToggleButton>
          <ToggleButton value="event">{t('discussion.typeEvent')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {shownMode === 'event' && scope ? (
        <DataEventForm place={place} scope={scope} />
      ) : (
        <Suspense fallback={editorFallback}>
          <CommentEditor
            label={t('discussion.newComment')}
            placeholder={t('discussion.placeholder')}
            saveLabel={t('discussion.post')}
            onSubmit={(body) => post(body)}
            busy={create.isPending}
          />
        </Suspense>
      )}
    </Stack>
  );

  let list;
  if (discussion.isPending)
    list = (
      <LoadingBlock label={t('discussion.loading')}>
        <Skeleton height={56} />
      </LoadingBlock>
    );
  else if (discussion.isError)
    list = (
      <ErrorState
        message={t('discussion.loadFailed')}
        onRetry={() => void discussion.refetch()}
        retrying={discussion.isFetching}
      />
    );
  else if (discussion.data.posts.length === 0) list = <EmptyState dense>{t('discussion.none')}</EmptyState>;
  else
    list = (
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('discussion.threads')}>
        {discussion.data.posts.map((thread) => (
          <li key={thread.id}>
            <CommentItem
              post={thread}
              place={place}
              viewerId={viewerId}
              highlighted={highlighted === `comment-id-${thread.id}`}
              onReply={thread.deleted ? undefined : () => setReplyingTo(replyingTo === thread.id ? null : thread.id)}
            >
              {(thread.replies.length > 0 || replyingTo === thread.id) && (
                <Box sx={{ pl: { xs: 2, sm: 5 }, mt: 1 }}>
                  {thread.replies.length > 0 && (
                    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('discussion.replies')}>
                      {thread.replies.map((reply) => (
                        <li key={reply.id}>
                          <CommentItem
                            post={reply}
                            place={place}
                            viewerId={viewerId}
                            highlighted={highlighted === `comment-id-${reply.id}`}
                          />
                        </li>
                      ))}
                    </Stack>
                  )}
                  {replyingTo === thread.id && (
                    <Suspense fallback={editorFallback}>
                      <CommentEditor
                        label={t('discussion.replyLabel', { name: thread.author.name })}
                        placeholder={t('discussion.replyPlaceholder')}
                        saveLabel={t('discussion.reply')}
                        onSubmit={(body) => post(body, thread.id)}
                        onCancel={() => setReplyingTo(null)}
                        busy={create.isPending}
                        autoFocus
                      />
                    </Suspense>
                  )}
                </Box>
              )}
            </CommentItem>
          </li>
        ))}
      </Stack>
    );

  const comments = (
    <Stack spacing={2}>
      {composer}
      <Divider />
      {list}
    </Stack>
  );
  if (!scope) return comments;

  let eventList;
  if (events.isPending)
    eventList = (
      <LoadingBlock label={t('discussion.loadingEvents')}>
        <Skeleton height={56} />
      </LoadingBlock>
    );
  else if (events.isError) eventList = <Alert severity="error">{t('discussion.eventsLoadFailed')}</Alert>;
  else if (events.data.length === 0) eventList = <EmptyState dense>{t('discussion.noEvents')}</EmptyState>;
  else
    eventList = (
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('discussion.events')}>
        {events.data.map((event) => (
          <li key={event.id}>
            <DataEventItem
              event={event}
              viewerId={viewerId}
              highlighted={highlighted === `event-id-${event.id}`}
              place={place}
              scope={scope}
            />
          </li>
        ))}
      </Stack>
    );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 8 }}>{comments}</Grid>
      <Grid size={{ xs: 12, md: 4 }} component="section" aria-labelledby="discussion-events-title">
        <Typography variant="subtitle1" component="h3" id="discussion-events-title" sx={{ mb: 1 }}>
          {t('discussion.events')}
        </Typography>
        {eventList}
      </Grid>
    </Grid>
  );
};

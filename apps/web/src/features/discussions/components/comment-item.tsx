import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DiscussionPost } from '@groundtruth/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar';
import { formatDateTime } from '@/lib/format';
import { useDeletePost, useEditPost, type DiscussionPlace } from '../api/discussion';
import { useCancelReport, useReportPost } from '../api/reports';
import { sameBody } from '../utils/post-doc';
import { postAnchor } from '../utils/post-hash';
import { PostArticle } from './post-article';
import { PostBody } from './post-body';

const CommentEditor = lazy(() => import('./comment-editor'));

type Post = Omit<DiscussionPost, 'replies' | 'threadId'> & { readonly threadId: number | null };

type CommentItemProps = {
  readonly post: Post;
  readonly place: DiscussionPlace;
  /** The signed-in reader's id, or null for a visitor. */
  readonly viewerId: number | null;
  readonly highlighted: boolean;
  /** A thread's reply button (top-level posts only). */
  readonly onReply?: () => void;
  readonly children?: ReactNode;
};

/**
 * One comment (spec §4 Comment): its author, time and "edited" marker, the body through the schema,
 * edit and delete for its author (with confirmation), report or cancel for others; a deleted thread
 * stays as a placeholder so its replies keep their place.
 */
export const CommentItem = ({ post, place, viewerId, highlighted, onReply, children }: CommentItemProps) => {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditPost();
  const remove = useDeletePost();
  const report = useReportPost();
  const cancelReport = useCancelReport();
  const mine = viewerId !== null && viewerId === post.author.id;
  const anchor = postAnchor({ kind: 'comment', id: post.id });
  const reported = { postId: post.id, postType: 'discussion_post' as const };

  const save = async (body: string): Promise<boolean> => {
    if (sameBody(body, post.body)) {
      setEditing(false);
      return true;
    }
    try {
      await edit.mutateAsync({ postId: post.id, body, place });
      snack(t('discussion.saved'), 'success');
      setEditing(false);
      return true;
    } catch {
      snack(t('discussion.notSaved'), 'fail');
      return false;
    }
  };

  return (
    <PostArticle anchor={anchor} labelledBy={`${anchor}-author`} testId="comment" highlighted={highlighted}>
      {post.deleted ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} id={`${anchor}-author`}>
          {t('discussion.deletedPlaceholder')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1.5}>
          <Avatar src={post.author.photo ?? undefined} alt="" sx={{ width: 32, height: 32 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="h3" id={`${anchor}-author`}>
                {post.author.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={post.createdAt}>
                {formatDateTime(post.createdAt)}
              </Typography>
              {post.edited && (
                <Typography variant="caption" color="text.secondary" data-testid="comment-edited">
                  {t('discussion.edited')}
                </Typography>
              )}
            </Stack>
            {editing ? (
              <Suspense fallback={<Typography variant="body2">{t('discussion.loadingEditor')}</Typography>}>
                <CommentEditor
                  initialBody={post.body}
                  label={t('discussion.editLabel')}
                  saveLabel={t('discussion.saveEdit')}
                  onSubmit={save}
                  onCancel={() => setEditing(false)}
                  busy={edit.isPending}
                  autoFocus
                />
              </Suspense>
            ) : post.erased ? (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="comment-erased">
                {t('discussion.erasedBody')}
              </Typography>
            ) : (
              <PostBody body={post.body} />
            )}
            {!editing && viewerId !== null && (
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                {onReply && (
                  <Button size="small" onClick={onReply}>
                    {t('discussion.reply')}
                  </Button>
                )}
                {mine && (
                  <>
                    <Button size="small" onClick={() => setEditing(true)}>
                      {t('discussion.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
                      {t('discussion.delete')}
                    </Button>
                  </>
                )}
                {!mine &&
                  !post.erased &&
                  (post.userHasReported ? (
                    <Button
                      size="small"
                      onClick={() =>
                        cancelReport.mutate(reported, {
                          onSuccess: () => snack(t('discussion.reportCancelled'), 'success'),
                          onError: () => snack(t('discussion.cancelReportFailed'), 'fail'),
                        })
                      }
                      disabled={cancelReport.isPending}
                    >
                      {t('discussion.cancelReport')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      onClick={() =>
                        report.mutate(reported, {
                          onSuccess: () => snack(t('discussion.reported'), 'success'),
                          onError: () => snack(t('discussion.reportFailed'), 'fail'),
                        })
                      }
                      disabled={report.isPending}
                    >
                      {t('discussion.report')}
                    </Button>
                  ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
      {children}
      <ConfirmDialog
        open={confirmDelete}
        title={t('discussion.deleteTitle')}
        confirmLabel={t('discussion.deleteConfirm')}
        cancelLabel={t('discussion.cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { postId: post.id, place },
            {
              onSuccess: () => snack(t('discussion.deleted'), 'success'),
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

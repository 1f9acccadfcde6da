import { moderationRoutes } from '@groundtruth/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { callRoute } from '@/lib/call-route';

type Request = z.infer<(typeof moderationRoutes.moderationRequests)['response']>['requests'][number];

/** Spec §9: moderation page size 10, page numbers from 0. */
const PAGE_SIZE = 10;

/** The text of a post: its rich-text JSON's text nodes, or the plain text itself. */
const plainText = (body: string): string => {
  try {
    const texts: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const n = node as { text?: unknown; content?: unknown };
      if (typeof n.text === 'string') texts.push(n.text);
      if (Array.isArray(n.content)) n.content.forEach(walk);
    };
    walk(JSON.parse(body));
    return texts.length ? texts.join(' ') : body;
  } catch {
    return body;
  }
};

/** The review modal: post type, reporter and content; Delete, Keep, Cancel (spec §2 Admin moderation). */
const Review = ({ request, onClose }: { readonly request: Request; readonly onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const content = useQuery({
    queryKey: ['console', 'moderation-content', request.postType, request.postId],
    queryFn: () => callRoute(moderationRoutes.moderationContent, { params: { a: request.postType, b: request.postId } }),
  });
  const act = async (action: 'delete' | 'keep') => {
    try {
      await callRoute(moderationRoutes.acknowledgeReport, { params: { id: request.id }, query: { action } });
      notify(`console.moderation.${action === 'delete' ? 'deleted' : 'kept'}`, { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: ['console', 'moderation'] });
      onClose();
    } catch (e) {
      console.error(e); // spec §8: other moderation errors only go to the console
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('console.moderation.review')}</DialogTitle>
      <DialogContent>
        <Typography>
          {translate('console.moderation.postType')}: {translate(`console.moderation.types.${request.postType}`)}
        </Typography>
        <Typography>
          {translate('console.moderation.reportedBy')}: {request.reportedByName}
        </Typography>
        {content.isPending ? <Typography>{translate('ra.page.loading')}</Typography> : null}
        {content.isError ? <Alert severity="error">{translate('console.moderation.errorLoadingContent')}</Alert> : null}
        {content.data ? (
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
            <Typography variant="caption">{content.data.author}</Typography>
            <Typography>{plainText(content.data.body)}</Typography>
          </Paper>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={() => void act('delete')} disabled={request.action !== null}>
          {translate('console.moderation.delete')}
        </Button>
        <Button variant="outlined" onClick={() => void act('keep')} disabled={request.action !== null}>
          {translate('console.moderation.keep')}
        </Button>
        <Button onClick={onClose}>{translate('console.moderation.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** Spec §2 Admin moderation: the requests table (id, post id, type, reported by, reported at, status, acknowledged by, Review). */
export const ModerationPage = () => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [reviewing, setReviewing] = useState<Request | null>(null);
  const list = useQuery({
    queryKey: ['console', 'moderation', page],
    queryFn: () => callRoute(moderationRoutes.moderationRequests, { query: { page, pageSize: PAGE_SIZE } }),
  });
  const requests = list.data?.requests ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('console.moderation.title')} />
      <Typography variant="h4" component="h1">
        {translate('console.moderation.title')}
      </Typography>
      {list.isPending ? <Typography>{translate('ra.page.loading')}</Typography> : null}
      {list.isError ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert> : null}
      {list.data && requests.length === 0 ? <Typography>{translate('console.moderation.empty')}</Typography> : null}
      {requests.length > 0 ? (
        <Paper>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['id', 'postId', 'type', 'reportedBy', 'reportedAt', 'status', 'acknowledgedBy', 'review'].map((c) => (
                  <TableCell key={c}>{translate(`console.moderation.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {requests.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.id}</TableCell>
                  <TableCell>{r.postId}</TableCell>
                  <TableCell>{translate(`console.moderation.types.${r.postType}`)}</TableCell>
                  <TableCell>{r.reportedByName}</TableCell>
                  <TableCell>{new Date(r.reportedAt).toLocaleString()}</TableCell>
                  <TableCell>{translate(`console.moderation.status.${r.action ?? 'open'}`)}</TableCell>
                  <TableCell>{r.acknowledgedByName ?? '--'}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setReviewing(r)}
                      aria-label={`${translate('console.moderation.review')} ${r.id}`}
                    >
                      {translate('console.moderation.review')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      {(list.data?.totalPages ?? 0) > 1 ? (
        <Pagination count={list.data!.totalPages} page={page + 1} onChange={(_, p) => setPage(p - 1)} />
      ) : null}
      {reviewing ? <Review request={reviewing} onClose={() => setReviewing(null)} /> : null}
    </Stack>
  );
};

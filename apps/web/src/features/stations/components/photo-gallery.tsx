import type { Station } from '@groundtruth/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StationPhoto } from './station-photo';

/** Spec §9: photos are shown at 800 px by default. */
const VIEWER_SIZE = 800;

type PhotoGalleryProps = {
  readonly photos: Station['photos'];
  readonly stationName: string;
  /** The photo shown, or null when closed. */
  readonly index: number | null;
  readonly onIndex: (index: number | null) => void;
};

/**
 * Spec §2 Photos page gallery viewer: one photo at a time, previous and next by buttons or the arrow
 * keys, Escape or the close button to leave (focus goes back to the photo that opened it).
 */
export const PhotoGallery = ({ photos, stationName, index, onIndex }: PhotoGalleryProps) => {
  const { t } = useTranslation();
  const open = index !== null && photos.length > 0;
  const at = index === null ? 0 : Math.min(index, photos.length - 1);
  const photo = photos[at];
  const count = photos.length;
  const go = (step: number) => onIndex((at + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  const title = t('stationPhotos.viewer', { index: at + 1, count });

  return (
    <Dialog
      open={open}
      onClose={() => onIndex(null)}
      onKeyDown={onKeyDown}
      maxWidth="md"
      fullWidth
      aria-labelledby="photo-viewer-title"
    >
      <DialogTitle id="photo-viewer-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('stationPhotos.closeViewer')}
        onClick={() => onIndex(null)}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('stationPhotos.previous')} onClick={() => go(-1)} disabled={count < 2}>
            <ChevronLeftIcon />
          </IconButton>
          <Box
            sx={{
              flex: 1,
              display: 'flex',
              justifyContent: 'center',
              minWidth: 0,
              '& img, & > div': { width: '100% !important', height: 'auto !important', maxHeight: '70vh' },
            }}
          >
            {photo ? (
              <StationPhoto
                key={photo.id}
                url={photo.url}
                alt={t('station.page.photoThumb', { index: at + 1, name: stationName })}
                size={VIEWER_SIZE}
                height={Math.round(VIEWER_SIZE * 0.66)}
                requestSize={VIEWER_SIZE}
                fit="contain"
              />
            ) : null}
          </Box>
          <IconButton aria-label={t('stationPhotos.next')} onClick={() => go(1)} disabled={count < 2}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </DialogContent>
    </Dialog>
  );
};

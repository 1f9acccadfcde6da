import type { Station } from '@groundtruth/contracts';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useSnackbar } from '@/components/snackbar';
import { visuallyHidden } from '@/components/visually-hidden';
import { usePageTitle } from '@/hooks/use-page-title';
import { STATION_PHOTO_TYPES, isStationPhotoType, usePhotoRights, useStationPhotoMutations } from '../api/station-photos';
import { PhotoGallery } from './photo-gallery';
import { StationPhoto } from './station-photo';

const TILE = 180;

export const Photos = ({ station }: { station: Station }) => {
  const { t } = useTranslation();
  const title = t('stationPhotos.titleOf', { name: station.name });
  usePageTitle(title);
  const snackbar = useSnackbar();
  const canManage = usePhotoRights(station.id).data === true;
  const { add, setImage, remove } = useStationPhotoMutations(station.id);
  const [viewing, setViewing] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; index: number } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [typeError, setTypeError] = useState(false);
  const [uploading, setUploading] = useState(0);
  const photos = station.photos;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const wrong = files.some((f) => !isStationPhotoType(f.type));
    setTypeError(wrong);
    for (const file of files.filter((f) => isStationPhotoType(f.type))) {
      setUploading((n) => n + 1);
      try {
        await add.mutateAsync(file);
        snackbar(t('stationPhotos.successAddedPhoto'), 'success');
      } catch {
        snackbar(t('station.somethingWentWrong'), 'fail');
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const chooseImage = (mediaId: number) => {
    setMenu(null);
    setImage.mutate(mediaId, {
      onSuccess: () => snackbar(t('stationPhotos.successSetAsStationPhoto'), 'success'),
      onError: () => snackbar(t('station.somethingWentWrong'), 'fail'),
    });
  };

  const confirmDelete = () => {
    const photo = confirming === null ? undefined : photos[confirming];
    setConfirming(null);
    if (!photo) return;
    remove.mutate(photo.id, {
      onSuccess: () => snackbar(t('stationPhotos.successDeletePhoto'), 'success'),
      onError: () => snackbar(t('station.somethingWentWrong'), 'fail'),
    });
  };

  return (
    <Box component="article" aria-labelledby="photos-title">
      <Typography id="photos-title" variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>

      {canManage ? (
        <Box sx={{ mb: 3 }}>
          {/* A real file input, visually hidden but focusable, with a label drawn as a button. */}
          <Box
            component="input"
            id="station-photo-input"
            type="file"
            multiple
            accept={STATION_PHOTO_TYPES.join(',')}
            aria-describedby="station-photo-help"
            onChange={(event: ChangeEvent<HTMLInputElement>) => void onFiles(event)}
            sx={(theme) => ({
              ...visuallyHidden,
              '&:focus-visible + label': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            })}
          />
          <Button
            component="label"
            htmlFor="station-photo-input"
            variant="contained"
            startIcon={<AddPhotoAlternateIcon aria-hidden />}
            disabled={uploading > 0}
          >
            {uploading > 0 ? t('stationPhotos.uploading') : t('stationPhotos.add')}
          </Button>
          <FormHelperText id="station-photo-help" error={typeError}>
            {typeError ? t('stationPhotos.wrongType') : t('stationPhotos.addHelp')}
          </FormHelperText>
        </Box>
      ) : null}

      {photos.length === 0 ? (
        <EmptyState>{t('stationPhotos.empty')}</EmptyState>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: `repeat(auto-fill, minmax(${TILE}px, 1fr))`,
          }}
        >
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} sx={{ position: 'relative' }} data-testid="station-photo-tile">
              <ButtonBase
                onClick={() => setViewing(index)}
                aria-label={t('stationPhotos.open', { index: index + 1, count: photos.length })}
                sx={{
                  borderRadius: 1,
                  display: 'block',
                  width: '100%',
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                }}
              >
                <StationPhoto url={photo.url} alt="" size={TILE} requestSize={TILE * 2} />
              </ButtonBase>
              <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5, minHeight: 40 }}>
                {photo.isStationImage ? (
                  <Chip icon={<StarIcon aria-hidden />} label={t('stationPhotos.stationImage')} size="small" color="primary" />
                ) : null}
                <Box sx={{ flex: 1 }} />
                {canManage ? (
                  <IconButton
                    aria-label={t('stationPhotos.options', { index: index + 1 })}
                    aria-haspopup="menu"
                    onClick={(event) => setMenu({ anchor: event.currentTarget, index })}
                  >
                    <MoreVertIcon />
                  </IconButton>
                ) : null}
              </Stack>
            </Box>
          ))}
        </Box>
      )}

      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={menu === null || photos[menu.index]?.isStationImage === true}
          onClick={() => menu && photos[menu.index] && chooseImage(photos[menu.index]!.id)}
        >
          {t('stationPhotos.setAsStationImage')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setConfirming(menu?.index ?? null);
            setMenu(null);
          }}
        >
          {t('stationPhotos.deletePhoto')}
        </MenuItem>
      </Menu>

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="delete-photo-title"
        aria-describedby="delete-photo-text"
      >
        <DialogTitle id="delete-photo-title">{t('stationPhotos.confirmDeleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-photo-text">{t('stationPhotos.confirmDeleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} autoFocus>
            {t('stationPhotos.cancel')}
          </Button>
          <Button onClick={confirmDelete} color="error" variant="contained">
            {t('stationPhotos.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>

      <PhotoGallery photos={photos} stationName={station.name} index={viewing} onIndex={setViewing} />
    </Box>
  );
};

import type { Station } from '@groundtruth/contracts';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StationPhoto } from './station-photo';

/** Spec §9: the station page shows up to 4 photo thumbnails. */
export const PHOTO_THUMBNAILS = 4;
const THUMB = 96;

/** Up to four thumbnails, and a link to all the photos (spec §2 station page). */
export const StationPhotosStrip = ({ station, photosHref }: { readonly station: Station; readonly photosHref: string }) => {
  const { t } = useTranslation();
  const shown = station.photos.slice(0, PHOTO_THUMBNAILS);
  return (
    <Stack spacing={1}>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('station.page.noPhotos')}
        </Typography>
      ) : (
        <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((photo, index) => (
            <li key={photo.id}>
              <StationPhoto
                url={photo.url}
                alt={t('station.page.photoThumb', { index: index + 1, name: station.name })}
                size={THUMB}
              />
            </li>
          ))}
        </Stack>
      )}
      <Link component={RouterLink} to={photosHref}>
        {t('station.page.allPhotos')}
      </Link>
    </Stack>
  );
};

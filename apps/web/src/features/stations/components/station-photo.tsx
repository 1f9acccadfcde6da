import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import PhotoIcon from '@mui/icons-material/Photo';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden';
import { isApiError } from '@/lib/api-client';
import { useMedia } from '@/lib/media';

/** Spec §9: station photos are 125 px, twice that on high-density screens. */
export const STATION_PHOTO_SIZE = 125;

type StationPhotoProps = {
  /** The photo's address from the API, or null for the placeholder. */
  readonly url: string | null;
  readonly alt: string;
  /** Shown size in CSS pixels (square unless `height` is given). */
  readonly size?: number;
  readonly height?: number;
  /** Width asked of the server; defaults to twice the shown size on high-density screens. */
  readonly requestSize?: number;
  readonly fit?: 'cover' | 'contain';
};

const density = (): number => (typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 2 : 1);

/** Spec §2 Reusable pieces: station photo (placeholder) and authenticated photo (spinner, not-found icon on 404). */
export const StationPhoto = ({ url, alt, size = STATION_PHOTO_SIZE, height, requestSize, fit = 'cover' }: StationPhotoProps) => {
  const { t } = useTranslation();
  const query = useMedia(url, requestSize ?? size * density());
  const box = { width: size, height: height ?? size, flexShrink: 0, borderRadius: 1, overflow: 'hidden' } as const;
  const frame = { ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover' } as const;

  if (url === null) {
    return (
      <Box sx={frame} role="img" aria-label={t('station.photo.none')}>
        <PhotoIcon color="disabled" sx={{ fontSize: Math.min(size, height ?? size) / 2 }} aria-hidden />
      </Box>
    );
  }
  if (query.isPending) {
    return (
      <Box sx={frame} aria-busy="true">
        <CircularProgress size={24} aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          {t('station.photo.loading')}
        </Box>
      </Box>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.isNotFound;
    return (
      <Box sx={frame} role="img" aria-label={missing ? t('station.photo.notFound') : alt}>
        <BrokenImageIcon color="disabled" sx={{ fontSize: Math.min(size, height ?? size) / 2 }} aria-hidden />
      </Box>
    );
  }
  return <Box component="img" src={query.data} alt={alt} sx={{ ...box, objectFit: fit, display: 'block' }} />;
};

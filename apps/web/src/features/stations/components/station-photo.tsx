import PhotoIcon from '@mui/icons-material/Photo';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { AuthenticatedPhoto } from '@/components/authenticated-photo';

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

/**
 * Spec §2 Reusable pieces: station photo (placeholder; default 125) over the authenticated photo
 * (spinner, not-found icon on 404), in a fixed, rounded frame.
 */
export const StationPhoto = ({
  url,
  alt,
  size = STATION_PHOTO_SIZE,
  height = size,
  requestSize,
  fit = 'cover',
}: StationPhotoProps) => {
  const { t } = useTranslation();
  const frame = { flexShrink: 0, borderRadius: 1 } as const;
  return (
    <AuthenticatedPhoto
      url={url}
      alt={alt}
      size={size}
      requestSize={requestSize}
      width={size}
      height={height}
      sx={{ ...frame, objectFit: fit }}
      placeholder={
        <Box
          sx={{
            ...frame,
            width: size,
            height,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
          }}
          role="img"
          aria-label={t('station.photo.none')}
        >
          <PhotoIcon color="disabled" sx={{ fontSize: Math.min(size, height) / 2 }} aria-hidden />
        </Box>
      }
    />
  );
};

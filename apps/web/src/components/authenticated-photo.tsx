import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useMedia } from '@/lib/media';

type AuthenticatedPhotoProps = {
  /** The media address the server gave (`photo.url`); null shows `placeholder`. */
  readonly url: string | null | undefined;
  /** Empty for a decorative photo (a name beside it says what it is). */
  readonly alt: string;
  /** Width in pixels to ask the server for (it resizes); doubled on high-density screens. */
  readonly size?: number;
  /** Width in pixels to ask the server for as it is (instead of `size` by the screen's density). */
  readonly requestSize?: number;
  readonly height: number | string;
  readonly width?: number | string;
  /** What to show when there is no photo. */
  readonly placeholder?: ReactNode;
  readonly sx?: SxProps<Theme>;
};

const density = (): number => (typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 2 : 1);

/**
 * Spec §2 Reusable pieces: a photo fetched with the session's token, a spinner while it loads and a
 * not-found icon when it is missing (404) or cannot be read.
 */
export const AuthenticatedPhoto = ({
  url,
  alt,
  size,
  requestSize,
  height,
  width = '100%',
  placeholder,
  sx,
}: AuthenticatedPhotoProps) => {
  const { t } = useTranslation();
  const media = useMedia(url, requestSize ?? (size === undefined ? undefined : size * density()));
  const frame = { width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' } as const;

  if (!url) return <>{placeholder ?? null}</>;
  if (media.isPending) {
    return (
      <Box sx={[frame, { bgcolor: 'action.hover' }, ...(Array.isArray(sx) ? sx : [sx])]} aria-busy="true">
        <CircularProgress size={24} aria-label={t('app.loadingPhoto')} />
      </Box>
    );
  }
  if (media.isError) {
    const missing = isApiError(media.error) && media.error.isNotFound;
    return (
      <Box sx={[frame, { bgcolor: 'action.hover', color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}>
        <BrokenImageIcon titleAccess={missing ? t('app.photoNotFound') : t('app.photoFailed')} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={media.data}
      alt={alt}
      sx={[{ width, height, objectFit: 'cover', display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
};

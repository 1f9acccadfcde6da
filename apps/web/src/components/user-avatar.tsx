import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import type { User } from '@groundtruth/contracts';
import { useMedia } from '@/lib/media';

type UserAvatarProps = {
  readonly user: Pick<User, 'photo'> | null;
  readonly size?: number;
  /** Empty when a text label sits beside it. */
  readonly alt?: string;
};

/** The photo's address; the server versions it, so a new upload is a new address. */
export const photoSrc = (user: Pick<User, 'photo'> | null): string | undefined => user?.photo?.url;

/**
 * Spec §2 Reusable pieces: the user's photo, or a default icon. A private profile's photo is served
 * only to people who may see the person, so it is fetched with the session's token (an <img src>
 * cannot send it) and shown from a data URL; the icon stands in while it loads or when refused.
 */
export const UserAvatar = ({ user, size = 32, alt = '' }: UserAvatarProps) => {
  const media = useMedia(photoSrc(user));
  const src = media.data;
  return (
    <Avatar src={src} alt={alt} sx={{ width: size, height: size, bgcolor: src ? undefined : 'primary.main' }}>
      <AccountCircle sx={{ fontSize: size }} aria-hidden />
    </Avatar>
  );
};

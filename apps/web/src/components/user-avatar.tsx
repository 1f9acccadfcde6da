import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import type { User } from '@groundtruth/contracts';

type UserAvatarProps = {
  readonly user: Pick<User, 'photo'> | null;
  readonly size?: number;
  /** Empty when a text label sits beside it. */
  readonly alt?: string;
};

/** The photo's address; the server versions it, so a new upload is a new address. */
export const photoSrc = (user: Pick<User, 'photo'> | null): string | undefined => user?.photo?.url;

/** Spec §2 Reusable pieces: the user's photo, or a default icon. */
export const UserAvatar = ({ user, size = 32, alt = '' }: UserAvatarProps) => {
  const src = photoSrc(user);
  return (
    <Avatar src={src} alt={alt} sx={{ width: size, height: size, bgcolor: src ? undefined : 'primary.main' }}>
      <AccountCircle sx={{ fontSize: size }} aria-hidden />
    </Avatar>
  );
};

import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';

type ProjectPrivacyIconProps = {
  readonly isPrivate: boolean;
  /** Thumbnails show only the private icon; the project page shows both. */
  readonly showPublic?: boolean;
  readonly fontSize?: SvgIconProps['fontSize'];
};

export const ProjectPrivacyIcon = ({ isPrivate, showPublic = false, fontSize = 'small' }: ProjectPrivacyIconProps) => {
  const { t } = useTranslation();
  if (isPrivate) return <LockIcon fontSize={fontSize} titleAccess={t('project.private')} color="action" />;
  if (!showPublic) return null;
  return <PublicIcon fontSize={fontSize} titleAccess={t('project.public')} color="action" />;
};

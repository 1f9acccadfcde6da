import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

type SkipLinkProps = {
  readonly targetId: string;
};

/** First stop for keyboard users: jumps past the header and sidebar to the page content. */
export const SkipLink = ({ targetId }: SkipLinkProps) => {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        // Move focus without touching the URL, so the router sees no navigation.
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
        target?.scrollIntoView();
      }}
      sx={(theme) => ({
        position: 'absolute',
        left: theme.spacing(1),
        top: theme.spacing(1),
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        border: `2px solid ${theme.palette.primary.main}`,
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      })}
    >
      {t('app.skipToContent')}
    </Link>
  );
};

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import ShareIcon from '@mui/icons-material/Share';
import XIcon from '@mui/icons-material/X';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosableDialog } from '@/components/closable-dialog';
import { COPY_CONFIRMATION_MS, shareLinks } from '../utils/share';

/** The share panel (spec §2): Twitter, Facebook, e-mail, and copy link with its 3-second confirmation. */
export const SharePanel = ({ url }: { readonly url: string }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = window.setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const links = shareLinks(url, t('explore.shareText'));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon aria-hidden />} onClick={() => setOpen(true)}>
        {t('explore.share')}
      </Button>
      <ClosableDialog open={open} onClose={() => setOpen(false)} title={t('explore.shareTitle')} closeLabel={t('explore.close')}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button href={links.twitter} target="_blank" rel="noopener" startIcon={<XIcon aria-hidden />}>
              {t('explore.shareTwitter')}
            </Button>
            <Button href={links.facebook} target="_blank" rel="noopener" startIcon={<FacebookIcon aria-hidden />}>
              {t('explore.shareFacebook')}
            </Button>
            <Button href={links.email} startIcon={<EmailIcon aria-hidden />}>
              {t('explore.shareEmail')}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              value={url}
              label={t('explore.copyLink')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button variant="contained" startIcon={<ContentCopyIcon aria-hidden />} onClick={() => void copy()}>
              {t('explore.copyLink')}
            </Button>
          </Stack>
          <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'success.main'} sx={{ minHeight: 20 }}>
            {copied === 'yes' ? t('explore.linkCopied') : copied === 'failed' ? t('explore.copyFailed') : ''}
          </Typography>
        </Stack>
      </ClosableDialog>
    </>
  );
};

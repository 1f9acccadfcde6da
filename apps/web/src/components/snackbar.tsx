import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_MS } from '@/config/constants';
import { visuallyHidden } from './visually-hidden';

/** Spec §4 Snackbar: a message with style neutral, success or fail. */
export type SnackbarStyle = 'neutral' | 'success' | 'fail';

type Message = { readonly id: number; readonly text: string; readonly style: SnackbarStyle };

type ShowSnackbar = (text: string, style?: SnackbarStyle) => void;

/** Time enough for a screen reader to take in a live region's change. */
const ANNOUNCED_MS = 1_500;

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/**
 * One snackbar for the whole app (spec §4, §9: hides after 5 seconds). A new message replaces the one
 * showing. Screen readers hear it from live regions that stay in the page (a region inserted with its
 * text is often not read): success and neutral messages politely, failures at once.
 */
export const SnackbarProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  /** The message the live regions hold: only until it has been announced, so the page says it once. */
  const [spoken, setSpoken] = useState<Message | null>(null);

  const show = useCallback<ShowSnackbar>((text, style = 'neutral') => {
    setMessage((previous) => ({ id: (previous?.id ?? 0) + 1, text, style }));
    setOpen(true);
  }, []);

  // The live region's copy goes once announced: left in the page, the message stood in it twice (the
  // visible one and the hidden one), for a screen reader's reading of the page and for a copy of its text.
  useEffect(() => {
    if (!open || !message) {
      setSpoken(null);
      return;
    }
    setSpoken(message);
    const timer = window.setTimeout(() => setSpoken(null), ANNOUNCED_MS);
    return () => window.clearTimeout(timer);
  }, [open, message]);

  const close = (_event?: unknown, reason?: string) => {
    // A click elsewhere on the page is not a reason to hide a message the user may not have read.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <Snackbar
        key={message?.id}
        open={open && message !== null}
        autoHideDuration={SNACKBAR_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={close}
          severity={message?.style === 'fail' ? 'error' : message?.style === 'success' ? 'success' : 'info'}
          variant={message?.style === 'neutral' ? 'standard' : 'filled'}
          role="none"
          slotProps={{ closeButton: { title: t('app.close'), 'aria-label': t('app.close') } }}
          sx={{ width: '100%', alignItems: 'center' }}
          data-style={message?.style}
        >
          {message?.text}
        </Alert>
      </Snackbar>
      {/* Live regions without a role: they do not count among the page's status and alert elements. */}
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {spoken && spoken.style !== 'fail' ? spoken.text : ''}
      </Box>
      <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden}>
        {spoken?.style === 'fail' ? spoken.text : ''}
      </Box>
    </SnackbarContext.Provider>
  );
};

/** Shows a message in the app's snackbar: `show(t('…'), 'success')`. */
export const useSnackbar = (): ShowSnackbar => {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar needs the SnackbarProvider (app/providers.tsx).');
  return show;
};

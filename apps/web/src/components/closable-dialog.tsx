import CloseIcon from '@mui/icons-material/Close';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, type ReactNode } from 'react';

type ClosableDialogProps = {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The dialog's name (its title, which labels it for screen readers). */
  readonly title: ReactNode;
  /** The close button's accessible name. */
  readonly closeLabel: string;
  readonly maxWidth?: DialogProps['maxWidth'];
  readonly children: ReactNode;
};

/** A dialog titled by its heading, with a close button in the corner (Escape closes it too). */
export const ClosableDialog = ({ open, onClose, title, closeLabel, maxWidth = 'sm', children }: ClosableDialogProps) => {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
};

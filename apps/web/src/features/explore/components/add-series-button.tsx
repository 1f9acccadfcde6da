import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { moreSeriesNeedsConfirmation } from '../utils/series';

type AddSeriesButtonProps = {
  /** The chart's series now. */
  readonly count: number;
  readonly onAdd: () => void;
};

/**
 * 'Add a series' (spec §9: two series a chart by default, more on request). At two, it asks first:
 * more series are harder to read. Once asked for, the chart takes more without asking again; the
 * three-axes rule still holds (the chart says 'too many axes').
 */
export const AddSeriesButton = ({ count, onAdd }: AddSeriesButtonProps) => {
  const { t } = useTranslation();
  const [moreAsked, setMoreAsked] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon aria-hidden />}
        onClick={() => (moreSeriesNeedsConfirmation(count, moreAsked) ? setAsking(true) : onAdd())}
      >
        {t('explore.addSeries')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('explore.moreSeriesTitle')}
        confirmLabel={t('explore.moreSeriesConfirm')}
        cancelLabel={t('explore.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setMoreAsked(true);
          onAdd();
        }}
      >
        {t('explore.moreSeriesText')}
      </ConfirmDialog>
    </>
  );
};

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { describeAggregation } from '@/components/charts/buckets';
import { bucketLabel } from '../utils/bucket-label';
import type { rawToggle } from '../utils/raw-readings';

type AggregationBadgeProps = {
  readonly aggregation: NonNullable<ReturnType<typeof describeAggregation>>;
  readonly locale: string;
  /** Whether the chart draws its buckets' min–max envelope (time series and range of aggregated series). */
  readonly envelope: boolean;
  /** Which switch between raw and summarised readings to offer, if any. */
  readonly toggle: ReturnType<typeof rawToggle>;
  readonly onRaw: (raw: boolean) => void;
};

/**
 * What the chart draws: raw readings, or buckets of a size summarised by mean or max (with their
 * min–max envelope shaded, when drawn); and the switch between them.
 */
export const AggregationBadge = ({ aggregation, locale, envelope, toggle, onRaw }: AggregationBadgeProps) => {
  const { t } = useTranslation();
  const summary =
    aggregation.kind === 'raw'
      ? t('explore.raw')
      : t(
          aggregation.fn === 'max'
            ? 'explore.aggregatedMax'
            : aggregation.fn === 'mixed'
              ? 'explore.aggregatedMixed'
              : 'explore.aggregatedMean',
          { bucket: bucketLabel(aggregation.bucketSeconds, locale) },
        );
  const shaded = envelope && aggregation.kind === 'aggregated';
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={aggregation.kind === 'raw' ? '' : t('explore.aggregatedHelp')}>
        <Chip
          size="small"
          data-testid="aggregation-badge"
          color={aggregation.kind === 'raw' ? 'success' : 'default'}
          data-envelope={shaded}
          label={shaded ? `${summary} · ${t('explore.envelope')}` : summary}
        />
      </Tooltip>
      {toggle === 'showRaw' && (
        <Button size="small" onClick={() => onRaw(true)}>
          {t('explore.showRaw')}
        </Button>
      )}
      {toggle === 'showSummarised' && (
        <Button size="small" onClick={() => onRaw(false)}>
          {t('explore.showAggregated')}
        </Button>
      )}
    </Stack>
  );
};

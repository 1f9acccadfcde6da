import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { recentHours } from '../api/get-map-stations';
import type { ReadingMode } from '../utils/station-readings';

/** Recent or current readings on the markers, with what the chosen one means. */
export const ReadingModeToggle = ({
  value,
  onChange,
}: {
  readonly value: ReadingMode;
  readonly onChange: (mode: ReadingMode) => void;
}) => {
  const { t } = useTranslation();
  const explainId = useId();
  return (
    <>
      <ToggleButtonGroup
        value={value}
        exclusive
        size="small"
        onChange={(_event, next: ReadingMode | null) => next && onChange(next)}
        aria-label={t('stationsMap.readings')}
        aria-describedby={explainId}
      >
        <ToggleButton value="recent" sx={{ textTransform: 'none' }}>
          {t('stationsMap.recent')}
        </ToggleButton>
        <ToggleButton value="current" sx={{ textTransform: 'none' }}>
          {t('stationsMap.current')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Typography id={explainId} variant="body2" color="text.secondary" sx={{ flexBasis: { xs: '100%', md: 'auto' } }}>
        {t(value === 'recent' ? 'stationsMap.recentHelp' : 'stationsMap.currentHelp', { hours: recentHours() })}
      </Typography>
    </>
  );
};

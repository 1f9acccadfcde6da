import Battery0BarIcon from '@mui/icons-material/Battery0Bar';
import Battery2BarIcon from '@mui/icons-material/Battery2Bar';
import Battery3BarIcon from '@mui/icons-material/Battery3Bar';
import Battery5BarIcon from '@mui/icons-material/Battery5Bar';
import Battery6BarIcon from '@mui/icons-material/Battery6Bar';
import BatteryFullIcon from '@mui/icons-material/BatteryFull';
import BatteryUnknownIcon from '@mui/icons-material/BatteryUnknown';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBattery } from '@/lib/format';
import { batteryBucket, type BatteryBucket } from '../utils/format';

const ICONS: Record<BatteryBucket, ComponentType<{ fontSize?: 'small'; color?: 'error' | 'action'; 'aria-hidden'?: boolean }>> = {
  0: Battery0BarIcon,
  20: Battery2BarIcon,
  40: Battery3BarIcon,
  60: Battery5BarIcon,
  80: Battery6BarIcon,
  100: BatteryFullIcon,
};

/** Spec §2: the battery charge as an icon of its bucket (0, 20, 40, 60, 80, 100) and the rounded percentage. */
export const BatteryIndicator = ({ percent }: { readonly percent: number | null }) => {
  const { t } = useTranslation();
  const bucket = batteryBucket(percent);
  const Icon = bucket === null ? BatteryUnknownIcon : ICONS[bucket];
  const text = formatBattery(percent);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      data-battery-bucket={bucket ?? 'unknown'}
      aria-label={bucket === null ? t('station.battery.unknown') : t('station.battery.level', { value: text })}
      role="img"
    >
      <Icon fontSize="small" color={bucket === 0 ? 'error' : 'action'} aria-hidden />
      <Typography variant="body2" aria-hidden>
        {text}
      </Typography>
    </Stack>
  );
};

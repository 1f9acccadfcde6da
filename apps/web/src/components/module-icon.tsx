import BoltIcon from '@mui/icons-material/BoltOutlined';
import BubbleChartIcon from '@mui/icons-material/BubbleChartOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import FloodIcon from '@mui/icons-material/FloodOutlined';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeartOutlined';
import OfflineBoltIcon from '@mui/icons-material/OfflineBoltOutlined';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import SensorsIcon from '@mui/icons-material/SensorsOutlined';
import StraightenIcon from '@mui/icons-material/StraightenOutlined';
import ThermostatIcon from '@mui/icons-material/ThermostatOutlined';
import WaterDropIcon from '@mui/icons-material/WaterDropOutlined';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { moduleKind, type ModuleKind } from '@/lib/module-kinds';

const ICONS: Record<ModuleKind, ComponentType<SvgIconProps>> = {
  waterPh: ScienceIcon,
  waterEc: BoltIcon,
  waterDo: BubbleChartIcon,
  waterTemp: ThermostatIcon,
  waterOrp: OfflineBoltIcon,
  water: WaterDropIcon,
  weather: CloudIcon,
  distance: StraightenIcon,
  flood: FloodIcon,
  diagnostics: MonitorHeartIcon,
  random: CasinoIcon,
  testing: BuildIcon,
  unknown: SensorsIcon,
};

/** The module's kind in words (translated), for labels and tooltips. */
export const useModuleKindName = () => {
  const { t } = useTranslation();
  return (name: string): string => t(`moduleKinds.${moduleKind(name)}`);
};

type ModuleIconProps = {
  /** The module's name (`modules.water.ph`, `fk.weather`, `wh.floodnet`, …). */
  readonly name: string;
  readonly fontSize?: SvgIconProps['fontSize'];
  /** Decoration beside a text label that names the module: no tooltip, no accessible name, not focusable. */
  readonly decorative?: boolean;
};

/**
 * A module's icon with its name in a tooltip (spec §2: module icons with tooltips). The icon is
 * focusable so keyboard users reach the tooltip too; screen readers read the name.
 */
export const ModuleIcon = ({ name, fontSize = 'medium', decorative = false }: ModuleIconProps) => {
  const kindName = useModuleKindName();
  const Icon = ICONS[moduleKind(name)];
  if (decorative) return <Icon fontSize={fontSize} color="primary" aria-hidden />;
  const label = kindName(name);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        tabIndex={0}
        sx={{ display: 'inline-flex', color: 'primary.main', borderRadius: 1, '&:focus-visible': { outline: '2px solid' } }}
      >
        <Icon fontSize={fontSize} aria-hidden />
      </Box>
    </Tooltip>
  );
};

/** A row of module icons, as a list. */
export const ModuleIcons = ({ names, label }: { names: readonly string[]; label: string }) => (
  <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
    {names.map((name) => (
      <li key={name}>
        <ModuleIcon name={name} />
      </li>
    ))}
  </Box>
);

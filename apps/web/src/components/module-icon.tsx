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

/** The kinds of module the product knows (spec §1), each with an icon and a translated name. */
export type ModuleKind =
  | 'waterPh'
  | 'waterEc'
  | 'waterDo'
  | 'waterTemp'
  | 'waterOrp'
  | 'water'
  | 'weather'
  | 'distance'
  | 'flood'
  | 'diagnostics'
  | 'random'
  | 'testing'
  | 'other';

/** Module names come as the phone app sends them ('modules.water.ph') or as catalogue keys ('fk.water.ph', 'wh.floodnet'). */
export const moduleKindOf = (name: string): ModuleKind => {
  const key = name.toLowerCase();
  if (key.includes('flood')) return 'flood';
  if (key.includes('water')) {
    if (/\bph\b|\.ph$/.test(key)) return 'waterPh';
    if (/\.ec\b|conductivity/.test(key)) return 'waterEc';
    if (/\.dox?\b|oxygen/.test(key)) return 'waterDo';
    if (/\.temp\b|temperature/.test(key)) return 'waterTemp';
    if (/\.orp\b/.test(key)) return 'waterOrp';
    return 'water';
  }
  if (key.includes('weather')) return 'weather';
  if (key.includes('distance')) return 'distance';
  if (key.includes('diagnostics')) return 'diagnostics';
  if (key.includes('random')) return 'random';
  if (key.includes('testing')) return 'testing';
  return 'other';
};

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
  other: SensorsIcon,
};

type ModuleIconProps = {
  readonly name: string;
  readonly fontSize?: SvgIconProps['fontSize'];
};

/**
 * A module's icon with its name in a tooltip (spec §2: module icons with tooltips). The icon is
 * focusable so keyboard users reach the tooltip too; screen readers read the name.
 */
export const ModuleIcon = ({ name, fontSize = 'medium' }: ModuleIconProps) => {
  const { t } = useTranslation();
  const kind = moduleKindOf(name);
  const Icon = ICONS[kind];
  const label = t(`moduleKinds.${kind}`);
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

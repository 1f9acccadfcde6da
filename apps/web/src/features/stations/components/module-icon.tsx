import AirIcon from '@mui/icons-material/Air';
import BiotechIcon from '@mui/icons-material/Biotech';
import BoltIcon from '@mui/icons-material/Bolt';
import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import CasinoIcon from '@mui/icons-material/Casino';
import FloodIcon from '@mui/icons-material/Flood';
import MemoryIcon from '@mui/icons-material/Memory';
import ScienceIcon from '@mui/icons-material/Science';
import SensorsIcon from '@mui/icons-material/Sensors';
import StraightenIcon from '@mui/icons-material/Straighten';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import WavesIcon from '@mui/icons-material/Waves';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { moduleKind, type ModuleKind } from '../utils/modules';

type IconProps = { fontSize?: 'small' | 'medium' | 'large'; color?: 'primary'; 'aria-hidden'?: boolean; titleAccess?: string };

const ICONS: Record<ModuleKind, ComponentType<IconProps>> = {
  waterPh: ScienceIcon,
  waterEc: BoltIcon,
  waterDo: BubbleChartIcon,
  waterTemp: ThermostatIcon,
  waterOrp: WavesIcon,
  water: WaterDropIcon,
  weather: AirIcon,
  distance: StraightenIcon,
  diagnostics: MemoryIcon,
  random: CasinoIcon,
  testing: BiotechIcon,
  flood: FloodIcon,
  unknown: SensorsIcon,
};

/** The module's kind in words (translated), for labels and tooltips. */
export const useModuleKindName = () => {
  const { t } = useTranslation();
  return (name: string): string => t(`station.modules.${moduleKind(name)}`);
};

type ModuleIconProps = {
  /** The module's name (`modules.water.ph`, `fk.weather`, …). */
  readonly name: string;
  readonly fontSize?: IconProps['fontSize'];
  /** With a tooltip and an accessible name; without, the icon is decoration beside a text label. */
  readonly labelled?: boolean;
};

/** Spec §2: a module's icon, with its kind in a tooltip. */
export const ModuleIcon = ({ name, fontSize = 'medium', labelled = false }: ModuleIconProps) => {
  const kindName = useModuleKindName();
  const Icon = ICONS[moduleKind(name)];
  if (!labelled) return <Icon fontSize={fontSize} color="primary" aria-hidden />;
  const label = kindName(name);
  return (
    <Tooltip title={label}>
      <span style={{ display: 'inline-flex' }} tabIndex={0} role="img" aria-label={label}>
        <Icon fontSize={fontSize} color="primary" aria-hidden />
      </span>
    </Tooltip>
  );
};

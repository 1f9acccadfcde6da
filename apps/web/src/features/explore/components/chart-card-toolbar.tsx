import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, type ChartType, type Viz, type WorkspaceAction } from '../utils/workspace';

type ChartCardToolbarProps = {
  readonly viz: Viz;
  readonly canLink: boolean;
  readonly canUnlink: boolean;
  readonly removable: boolean;
  readonly dispatch: (action: WorkspaceAction) => void;
  /** The save-as-image menu, when the chart has something to save. */
  readonly saveMenu: ReactNode;
};

/** A chart's controls: its type, compare, link or unlink, save as an image, remove. */
export const ChartCardToolbar = ({ viz, canLink, canUnlink, removable, dispatch, saveMenu }: ChartCardToolbarProps) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        select
        size="small"
        label={t('explore.chartType')}
        value={viz.chartType}
        onChange={(e) => dispatch({ type: 'changeChartType', vizId: viz.id, chartType: e.target.value as ChartType })}
        sx={{ minWidth: 150 }}
      >
        {CHART_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`explore.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row">
        <Tooltip title={t('explore.compare')}>
          <IconButton aria-label={t('explore.compare')} onClick={() => dispatch({ type: 'compare', vizId: viz.id })}>
            <CompareArrowsIcon />
          </IconButton>
        </Tooltip>
        {canLink && (
          <Tooltip title={t('explore.link')}>
            <IconButton aria-label={t('explore.link')} onClick={() => dispatch({ type: 'link', vizId: viz.id })}>
              <LinkIcon />
            </IconButton>
          </Tooltip>
        )}
        {canUnlink && (
          <Tooltip title={t('explore.unlink')}>
            <IconButton aria-label={t('explore.unlink')} onClick={() => dispatch({ type: 'unlink', vizId: viz.id })}>
              <LinkOffIcon />
            </IconButton>
          </Tooltip>
        )}
        {saveMenu}
        {removable && (
          <Tooltip title={t('explore.remove')}>
            <IconButton aria-label={t('explore.remove')} onClick={() => dispatch({ type: 'remove', vizId: viz.id })}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </>
  );
};

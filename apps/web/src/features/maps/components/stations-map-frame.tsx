import ListIcon from '@mui/icons-material/ViewList';
import MapIcon from '@mui/icons-material/Map';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, type MapInsets, type MapMarker, type MapViewChange, type MapViewRequest } from '@/components/map';
import { partner } from '@/config/partner';
import { BottomPane } from './bottom-pane';

/** The map-or-list switch both map pages show. */
export const MapListToggle = ({
  mode,
  onChange,
}: {
  readonly mode: 'map' | 'list';
  readonly onChange: (next: 'map' | 'list') => void;
}) => {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      value={mode}
      exclusive
      size="small"
      aria-label={t('stationsMap.view')}
      onChange={(_event, next: 'map' | 'list' | null) => {
        if (next && next !== mode) onChange(next);
      }}
    >
      <ToggleButton value="map" sx={{ gap: 0.5, textTransform: 'none' }}>
        <MapIcon fontSize="small" aria-hidden />
        {t('stationsMap.showMap')}
      </ToggleButton>
      <ToggleButton value="list" sx={{ gap: 0.5, textTransform: 'none' }}>
        <ListIcon fontSize="small" aria-hidden />
        {t('stationsMap.showList')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
};

type StationsMapFrameProps = {
  readonly label: string;
  readonly height: string;
  readonly narrow: boolean;
  readonly view: MapViewRequest;
  readonly markers: readonly MapMarker[];
  readonly markersPending: boolean;
  readonly selectedId: number | null;
  readonly onMarkerSelect: (id: number) => void;
  readonly onMarkerHover?: (id: number | null) => void;
  readonly onViewChange?: (change: MapViewChange) => void;
  /** A station's card or summary: over the map on wide screens, in a bottom pane on narrow ones. */
  readonly panel: ReactNode;
  /** The bottom pane's name. */
  readonly panelLabel: string;
  /** Where the panel floats over a wide map. */
  readonly panelSx: SxProps<Theme>;
  /** The floating panel is a raised sheet of its own (else its content brings one). */
  readonly panelPaper?: boolean;
  /** The part of a wide map the panel covers, kept clear for the selected station. */
  readonly panelInsets?: MapInsets;
  /** Overlays: loading note, details. */
  readonly children?: ReactNode;
  /** The legend, drawn right under the map (MapLegend): never over a marker. */
  readonly legend?: ReactNode;
};

/**
 * The stations' map both map pages draw: clustered markers named by the partner's noun, a station's
 * panel floating over the map on wide screens or in a bottom pane on narrow ones, and the selected
 * station kept clear of either.
 */
export const StationsMapFrame = ({
  label,
  height,
  narrow,
  view,
  markers,
  markersPending,
  selectedId,
  onMarkerSelect,
  onMarkerHover,
  onViewChange,
  panel,
  panelLabel,
  panelSx,
  panelPaper = false,
  panelInsets,
  children,
  legend,
}: StationsMapFrameProps) => {
  const { t } = useTranslation();
  const sensorMode = partner.stationNoun === 'sensor';
  const [paneHeight, setPaneHeight] = useState(0);
  const insets = selectedId === null || (!narrow && !panel) ? undefined : narrow ? { bottom: paneHeight } : panelInsets;
  return (
    <>
      <MapView
        label={label}
        height={height}
        view={view}
        markers={markers}
        markersPending={markersPending}
        cluster
        clusterLabel={(count) => t(sensorMode ? 'stationsMap.cluster.sensor' : 'stationsMap.cluster.station', { count })}
        selectedId={selectedId}
        onMarkerSelect={onMarkerSelect}
        {...(onMarkerHover ? { onMarkerHover } : {})}
        {...(onViewChange ? { onViewChange } : {})}
        {...(insets ? { insets } : {})}
      >
        {children}
        {panel && !narrow ? (
          panelPaper ? (
            <Paper elevation={4} sx={panelSx}>
              {panel}
            </Paper>
          ) : (
            <Box sx={panelSx}>{panel}</Box>
          )
        ) : null}
      </MapView>
      {legend}
      {panel && narrow ? (
        <BottomPane label={panelLabel} handleLabel={t('stationsMap.paneHandle')} onHeightChange={setPaneHeight}>
          {panel}
        </BottomPane>
      ) : null}
    </>
  );
};

import type { SensorsMeta, Station } from '@groundtruth/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exploreStationQueryOptions } from '../api/get-station';
import { Swatch } from '@/components/charts/chart-parts';
import { useExploreVisibleStations } from '../api/get-visible-stations';
import { seriesAtStation, stationChoices, type StationChoice } from '../utils/series-choice';
import { sensorById, sensorTitle } from '../utils/series';
import { stationSensors } from '../utils/station-sensors';
import type { SeriesRef } from '../utils/workspace';

type SeriesPickerProps = {
  /** 0-based: the label says Series {index + 1}. */
  readonly index: number;
  readonly value: SeriesRef;
  /** The workspace's stations, loaded (their sensors are known). */
  readonly stations: readonly Station[];
  readonly meta: SensorsMeta | undefined;
  readonly locale: string;
  /** The series' colour, shown beside its station as in the legend. */
  readonly colour: string;
  readonly onChange: (series: SeriesRef) => void;
  /** Given when the chart has another series: this one may be removed. */
  readonly onRemove?: () => void;
};

const sensorKey = (r: SeriesRef) => `${r.moduleId}:${r.sensorId}`;

/**
 * Spec §2: a station selector and a sensor selector per series. The station may be any station the
 * asker can see (the list loads when it is first opened), not only the workspace's: a chart opened
 * from the map can be compared with any other. Moving a series to another station keeps its sensor
 * when that station has it.
 */
export const SeriesPicker = ({ index, value, stations, meta, locale, colour, onChange, onRemove }: SeriesPickerProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [moving, setMoving] = useState(false);
  const [failed, setFailed] = useState(false);
  const visible = useExploreVisibleStations(opened);
  const own: StationChoice[] = stations.map((s) => ({ id: s.id, name: s.name, place: s.locationName ?? null }));
  const choices = stationChoices(
    own,
    (visible.data?.stations ?? []).map((s) => ({ id: s.id, name: s.name, place: s.place })),
  );
  const found = choices.find((c) => c.id === value.stationId);
  const [name, place] = [found?.name ?? `#${value.stationId}`, found?.place ?? null];
  // The same object while the station is the same: the picker puts its label back in the field
  // whenever its value changes identity, which would wipe what the reader is typing at each render.
  const current = useMemo(() => ({ id: value.stationId, name, place }), [value.stationId, name, place]);
  const station = stations.find((s) => s.id === value.stationId);
  const sensors = station ? stationSensors(station) : [];
  const label = (key: 'explore.seriesStation' | 'explore.seriesSensor') => t(key, { index: index + 1 });

  const moveTo = async (choice: StationChoice | null) => {
    if (!choice || choice.id === value.stationId) return;
    setFailed(false);
    setMoving(true);
    try {
      const other =
        stations.find((s) => s.id === choice.id) ?? (await queryClient.fetchQuery(exploreStationQueryOptions(choice.id)));
      const next = seriesAtStation(value, stationSensors(other));
      if (next) onChange(next);
      else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setMoving(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="series-picker">
      <Autocomplete
        size="small"
        options={choices}
        value={current}
        disableClearable
        onOpen={() => setOpened(true)}
        loading={opened && visible.isPending}
        // MUI's Spanish words say 'Abierto' (it is open) for the button that opens the list.
        openText={t('explore.pickerOpen')}
        closeText={t('explore.pickerClose')}
        loadingText={t('explore.stationsLoading')}
        noOptionsText={t('explore.noStationFound')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(c) => c.name}
        onChange={(_e, choice) => void moveTo(choice)}
        renderOption={({ key, ...props }, c) => (
          <li key={key} {...props}>
            <span>
              {c.name}
              {c.place && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                  {c.place}
                </Typography>
              )}
            </span>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label('explore.seriesStation')}
            error={failed || visible.isError}
            helperText={failed ? t('explore.stationNotCharted') : visible.isError ? t('explore.stationsFailed') : undefined}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: <Swatch color={colour} gap={1} />,
                endAdornment: (
                  <>
                    {moving || (opened && visible.isPending) ? <CircularProgress size={16} aria-hidden /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
        sx={{ minWidth: 220, maxWidth: '100%' }}
      />
      <TextField
        select
        size="small"
        label={label('explore.seriesSensor')}
        value={sensorKey(value)}
        onChange={(e) => {
          const picked = sensors.find((s) => sensorKey(s) === e.target.value);
          if (picked) onChange({ stationId: picked.stationId, moduleId: picked.moduleId, sensorId: picked.sensorId });
        }}
        sx={{ minWidth: 180, maxWidth: '100%' }}
      >
        {sensors.some((s) => sensorKey(s) === sensorKey(value)) ? null : (
          <MenuItem value={sensorKey(value)}>
            {sensorTitle(sensorById(meta, value.sensorId), locale, `#${value.sensorId}`)}
          </MenuItem>
        )}
        {sensors.map((s) => (
          <MenuItem key={sensorKey(s)} value={sensorKey(s)}>
            {sensorTitle(sensorById(meta, s.sensorId), locale, s.name)}
            {s.moduleName && sensors.filter((o) => o.sensorId === s.sensorId).length > 1 ? ` (${s.moduleName})` : ''}
          </MenuItem>
        ))}
      </TextField>
      {onRemove && (
        <Tooltip title={t('explore.removeSeries', { index: index + 1 })}>
          <IconButton
            size="small"
            aria-label={t('explore.removeSeries', { index: index + 1 })}
            onClick={onRemove}
            sx={{ alignSelf: 'center' }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
};

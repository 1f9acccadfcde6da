import { useTranslation } from 'react-i18next';
import { DataEventMarks, type ChartEventLayerProps } from '@/components/charts/chart-event-layer';
import { eventMarks, type ChartEvent } from '@/components/charts/data-event-marks';
import { useDataEvents } from '../api/data-events';
import { plainWords } from '../utils/post-doc';

/**
 * The data events of a chart's sensors, drawn over it (spec §2): asked by the chart's stations (the
 * server answers the events that touch their sensors), kept to its sensors and window.
 */
export const DataEventChartLayer = ({ sensors, domain }: ChartEventLayerProps) => {
  const { t } = useTranslation();
  const stations = [...new Set(sensors.map((s) => s.stationId))];
  const events = useDataEvents({ stations });
  if (!events.isSuccess) return null;
  const chartEvents: ChartEvent[] = events.data.map((e) => ({
    id: e.id,
    title: plainWords(e.title),
    startMs: Date.parse(e.start),
    endMs: Date.parse(e.end),
    sensors: e.sensors,
    allSensors: e.allProjectSensors,
    // Asked by this chart's stations: an event over all its project's sensors touches one of them.
    stations,
  }));
  return <DataEventMarks marks={eventMarks(chartEvents, sensors, domain)} label={t('discussion.eventsOnChart')} />;
};

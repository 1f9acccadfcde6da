import Box from '@mui/material/Box';
import { createContext, useContext, type ComponentType } from 'react';
import { MARGIN_X } from './chart-parts';
import type { TimeRange } from './chart-types';
import type { EventMark } from './data-event-marks';

export type ChartEventLayerProps = {
  readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[];
  readonly domain: TimeRange;
};

/**
 * The layer that draws data events over a time chart, handed in by the app (the discussions
 * feature owns the events; charts only draw): none, and charts draw no events.
 */
export const ChartEventsContext = createContext<ComponentType<ChartEventLayerProps> | null>(null);

/** Over a time chart, its data events (spec §2), when the app provides them. */
export const ChartEventLayer = (props: ChartEventLayerProps) => {
  const Layer = useContext(ChartEventsContext);
  return Layer ? <Layer {...props} /> : null;
};

const at = (fraction: number) => `calc(${MARGIN_X.left}px + (100% - ${MARGIN_X.left + MARGIN_X.right}px) * ${fraction})`;

/**
 * Events drawn on a chart's plot: a faint band over their span (a line for a moment) and their title,
 * a link to the event in the list (`#event-id-{id}`). Placed over the chart, it leaves its pointer
 * to the chart except on the titles.
 */
export const DataEventMarks = ({ marks, label }: { readonly marks: readonly EventMark[]; readonly label: string }) => {
  if (marks.length === 0) return null;
  return (
    <Box
      role="list"
      aria-label={label}
      data-testid="chart-data-events"
      sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}
    >
      {marks.map((mark, i) => (
        <Box key={mark.id} role="listitem" data-event-id={mark.id}>
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: at(mark.from),
              width: mark.point
                ? '2px'
                : `calc((100% - ${MARGIN_X.left + MARGIN_X.right}px) * ${Math.max(mark.to - mark.from, 0.002)})`,
              bgcolor: 'secondary.main',
              opacity: mark.point ? 0.8 : 0.15,
            }}
          />
          <Box
            component="a"
            href={`#event-id-${mark.id}`}
            sx={{
              position: 'absolute',
              top: 4 + (i % 3) * 22,
              left: at(mark.from),
              ml: '4px',
              pointerEvents: 'auto',
              whiteSpace: 'nowrap',
              maxWidth: 200,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontSize: 12,
              lineHeight: '18px',
              px: 0.5,
              borderRadius: 0.5,
              bgcolor: 'background.paper',
              color: 'secondary.dark',
              border: 1,
              borderColor: 'secondary.main',
              textDecoration: 'none',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            {mark.title}
          </Box>
        </Box>
      ))}
    </Box>
  );
};

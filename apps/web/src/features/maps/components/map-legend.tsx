import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LegendEntry = {
  readonly label: string;
  readonly colour: string;
  /** A dashed rim, as inactive markers have. */
  readonly muted?: boolean;
};

const Swatch = ({ colour, muted = false }: { colour: string; muted?: boolean }) => (
  <Box
    aria-hidden
    sx={{
      width: 14,
      height: 14,
      borderRadius: '50%',
      bgcolor: colour,
      border: '2px solid',
      borderColor: muted ? '#424242' : '#ffffff',
      borderStyle: muted ? 'dashed' : 'solid',
      boxShadow: '0 0 0 1px rgba(0,0,0,0.35)',
      flexShrink: 0,
    }}
  />
);

type MapLegendProps = {
  readonly title: string;
  readonly entries: readonly LegendEntry[];
  /** Starts closed (a phone, where the strip's lines would push the map up). */
  readonly initiallyOpen?: boolean;
  /** A line under the entries (what a cluster's colour means). */
  readonly note?: string;
};

/**
 * What marker colours mean: a strip right under the map, never over it, so it covers no station or
 * cluster wherever the map is moved (issue 32; a legend over the map's corner hid the markers there),
 * on a wide screen as on a phone. It opens and closes; the entries run on one line while they fit.
 */
export const MapLegend = ({ title, entries, initiallyOpen = true, note }: MapLegendProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      data-testid="map-legend"
      sx={{ px: 1.5, py: 0.5, borderTopLeftRadius: 0, borderTopRightRadius: 0, borderTop: 0 }}
    >
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
        <Typography id={`${id}-title`} variant="subtitle2" component="h2">
          {title}
        </Typography>
        <Box
          component="ul"
          id={`${id}-entries`}
          hidden={!open}
          sx={{ listStyle: 'none', m: 0, p: 0, display: open ? 'flex' : 'none', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}
        >
          {entries.map((entry) => (
            <Stack
              component="li"
              key={entry.label}
              data-legend-colour={entry.colour.toLowerCase()}
              direction="row"
              spacing={0.75}
              sx={{ alignItems: 'center', py: 0.25 }}
            >
              <Swatch colour={entry.colour} muted={entry.muted ?? false} />
              <Typography variant="body2">{entry.label}</Typography>
            </Stack>
          ))}
        </Box>
        <Button
          size="small"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={`${id}-entries`}
          endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
          sx={{ minWidth: 0, textTransform: 'none', ml: 'auto' }}
        >
          {open ? t('projectMap.hideLegend') : t('projectMap.showLegend')}
        </Button>
      </Stack>
      {note && open ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ pb: 0.5 }}>
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
};

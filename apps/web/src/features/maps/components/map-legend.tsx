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
  /** A legend that opens and closes (project 174's); the other is always open. */
  readonly collapsible?: boolean;
  /** A line under the entries (what a cluster's colour means). */
  readonly note?: string;
};

/** What marker colours mean, over the map (bottom left). */
export const MapLegend = ({ title, entries, collapsible = false, note }: MapLegendProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(true);
  const shown = !collapsible || open;
  return (
    <Paper
      component="aside"
      aria-labelledby={`${id}-title`}
      elevation={2}
      sx={{ position: 'absolute', left: 8, bottom: 28, zIndex: 2, px: 1.5, py: 1, maxWidth: 260 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-title`} variant="subtitle2" component="h2">
          {title}
        </Typography>
        {collapsible ? (
          <Button
            size="small"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={`${id}-entries`}
            endIcon={open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
            sx={{ minWidth: 0, textTransform: 'none' }}
          >
            {open ? t('projectMap.hideLegend') : t('projectMap.showLegend')}
          </Button>
        ) : null}
      </Stack>
      <Box component="ul" id={`${id}-entries`} hidden={!shown} sx={{ listStyle: 'none', m: 0, p: 0, mt: 0.5 }}>
        {entries.map((entry) => (
          <Stack
            component="li"
            key={entry.label}
            data-legend-colour={entry.colour.toLowerCase()}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', py: 0.25 }}
          >
            <Swatch colour={entry.colour} muted={entry.muted ?? false} />
            <Typography variant="body2">{entry.label}</Typography>
          </Stack>
        ))}
      </Box>
      {note && shown ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, maxWidth: 230 }}>
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
};

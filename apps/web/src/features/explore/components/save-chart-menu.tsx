import SaveAltIcon from '@mui/icons-material/SaveAlt';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectRoutes } from '@groundtruth/contracts';
import { apiClient } from '@/lib/api-client';
import { callRoute } from '@/lib/call-route';
import { toDataUrl } from '@/lib/media';
import { mediaPath } from '@/lib/media-path';
import {
  CHART_EXPORT,
  chartAreaPixels,
  chartFileName,
  chartImageSize,
  composeChartSvg,
  composeSize,
  headerPhoto,
  pdfWithJpeg,
  stackChart,
  type ChartDrawer,
  type ChartDrawing,
  type ChartImageFormat,
  type ComposeInput,
} from '../utils/chart-image';

type SaveChartMenuProps = {
  /** Draws the chart to save (svgChart for a drawn @nivo chart; the map chart takes a picture of its map). */
  readonly draw: ChartDrawer;
  readonly title: string;
  readonly subtitle: string;
  readonly range: readonly [number, number];
  readonly mobile: boolean;
  /** The project whose photo heads the image (spec §9), if the workspace has one. */
  readonly projectId: number | null;
};

const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

const canvasBlob = (canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> =>
  new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(`The browser could not write ${type}.`))), type, quality),
  );

/**
 * The project photo as a data URL (an SVG drawn as an image loads nothing from outside) and its size;
 * null for a project without a photo, which is then not asked for (it answered 404, an error in the
 * console, for a header that has just the title).
 */
const loadProjectPhoto = async (projectId: number): Promise<NonNullable<ComposeInput['photo']> | null> => {
  const project = await callRoute(projectRoutes.getProject, { params: { id: projectId } });
  if (project.photo === null) return null;
  const href = await toDataUrl(await apiClient.blob(mediaPath(project.photo.url, CHART_EXPORT.photo.size)));
  const image = new Image();
  image.src = href;
  await image.decode();
  return { href, size: { width: image.naturalWidth, height: image.naturalHeight } };
};

/** The drawn @nivo chart in `element` (its first `<svg>`) as it is saved. */
export const svgChart = (element: HTMLElement | null): ChartDrawing => {
  if (!element) throw new Error('No drawn chart to save.');
  // Every panel (one @nivo <svg> per axis; icons have no width of their own), under the legend.
  const panels = [...element.querySelectorAll('svg')]
    .filter(
      (svg) => svg.hasAttribute('width') && !svg.parentElement?.closest('svg') && !svg.closest('[data-testid="chart-legend"]'),
    )
    .map((svg) => {
      const box = svg.getBoundingClientRect();
      return {
        chart: new XMLSerializer().serializeToString(svg),
        chartSize: {
          width: Number(svg.getAttribute('width')) || box.width,
          height: Number(svg.getAttribute('height')) || box.height,
        },
      };
    });
  const legend = [...element.querySelectorAll('[data-testid="chart-legend"] li')].map((li) => {
    const swatch = li.querySelector('span[aria-hidden="true"]');
    return { color: swatch ? getComputedStyle(swatch).backgroundColor : '#000', label: li.textContent?.trim() ?? '' };
  });
  return stackChart(panels, legend);
};

/** Rasterises an SVG document at the format's pixel size (three times the size it is drawn at). */
const rasterise = async (svgText: string, format: ChartImageFormat, mobile: boolean): Promise<HTMLCanvasElement> => {
  const size = chartImageSize(format, mobile);
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image(size.width, size.height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas.');
    context.drawImage(image, 0, 0, size.width, size.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
};

/** Writes the chart in one format and hands the file to the browser. */
export const saveChart = async (format: ChartImageFormat, props: SaveChartMenuProps): Promise<void> => {
  const name = chartFileName(format, props.range);
  // A project without a photo: the header is then the title alone. Drawn meanwhile.
  const [drawing, photo] = await Promise.all([
    props.draw(chartAreaPixels(format, props.mobile)),
    props.projectId === null ? null : headerPhoto(loadProjectPhoto(props.projectId)),
  ]);
  const text = composeChartSvg({
    ...drawing,
    title: props.title,
    subtitle: props.subtitle,
    size: composeSize(format, props.mobile),
    photo,
  });
  if (format === 'svg') {
    saveBlob(new Blob([text], { type: 'image/svg+xml' }), name);
    return;
  }
  const canvas = await rasterise(text, format, props.mobile);
  if (format === 'png') {
    saveBlob(await canvasBlob(canvas, 'image/png'), name);
    return;
  }
  const jpeg = new Uint8Array(await (await canvasBlob(canvas, 'image/jpeg', 0.92)).arrayBuffer());
  const pdf = pdfWithJpeg(jpeg, { width: canvas.width, height: canvas.height });
  saveBlob(new Blob([pdf.buffer as ArrayBuffer], { type: 'application/pdf' }), name);
};

/** 'Save as' (spec §2 Export panel, §9): the drawn chart as PNG, SVG or PDF. */
export const SaveChartMenu = (props: SaveChartMenuProps) => {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [failed, setFailed] = useState(false);
  const save = (format: ChartImageFormat) => {
    setAnchor(null);
    setFailed(false);
    saveChart(format, props).catch((error: unknown) => {
      console.error('The chart could not be saved:', error);
      setFailed(true);
    });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<SaveAltIcon aria-hidden />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('explore.saveAs')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => save('png')}>{t('explore.saveFormats.png')}</MenuItem>
        <MenuItem onClick={() => save('svg')}>{t('explore.saveFormats.svg')}</MenuItem>
        <MenuItem onClick={() => save('pdf')}>{t('explore.saveFormats.pdf')}</MenuItem>
      </Menu>
      {failed && (
        <Typography role="alert" variant="body2" color="error">
          {t('explore.saveFailed')}
        </Typography>
      )}
    </>
  );
};

/**
 * Photos are served resized only at these widths (spec §9: station photo 125, doubled on
 * high-density screens; uploader preview and photo default 800), so one photo has at most this
 * many stored copies however many sizes are asked for.
 */
export const MEDIA_WIDTHS = [125, 250, 800, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The served width for a requested one: the next fixed width up, the largest above it. */
export const mediaWidth = (requested: number): MediaWidth =>
  MEDIA_WIDTHS.find((w) => w >= requested) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;

/** Images larger than this are refused before they are decoded (a small file can declare a huge image). */
export const IMAGE_MAX_PIXELS = 40_000_000;

export const mediaMessages = {
  tooManyPixels: (width: number, height: number) =>
    `This image is ${width} × ${height} pixels; images may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels. Choose a smaller one.`,
} as const;

/**
 * The map's online style, read by the web build (VITE_MAP_STYLE_URL) and by the server (its CSP names
 * the style's origin). Unset: OpenFreeMap's Liberty style, which needs no key or account. `local`: only
 * the basemap shipped with the product (no map host at all). The web app falls back to the shipped
 * basemap whenever the online style cannot be reached.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** The value that turns the online style off. */
export const LOCAL_MAP_STYLE = 'local';

/** The style address in use, or null for the shipped basemap only. */
export const resolveMapStyleUrl = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_MAP_STYLE_URL;
  if (trimmed.toLowerCase() === LOCAL_MAP_STYLE) return null;
  return trimmed;
};

/// <reference types="vite/client" />

// `interface` (not `type`) because these merge with Vite's own declarations.
interface ImportMetaEnv {
  /** Base address of the HTTP API; '/api' (same origin) unless set. */
  readonly VITE_API_URL?: string;
  /** Map style URL (Mapbox or MapLibre); OpenFreeMap's Liberty when unset; `local`: the shipped basemap only. */
  readonly VITE_MAP_STYLE_URL?: string;
  /** Mapbox access token for a mapbox:// style. */
  readonly VITE_MAPBOX_TOKEN?: string;
  /** The support chat widget's script (https); unset, no chat. */
  readonly VITE_SUPPORT_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The shipped basemap's GeoJSON files: its shapes, and each kind of label (apps/web/build/basemap.ts). */
declare module 'virtual:basemap' {
  const files: Readonly<Record<'shapes' | 'countryLabels' | 'places' | 'towns', string>>;
  export default files;
}

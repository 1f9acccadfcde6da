/// <reference types="vite/client" />

// `interface` (not `type`) because these merge with Vite's own declarations.
interface ImportMetaEnv {
  /** Base address of the HTTP API; '/api' (same origin) unless set. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

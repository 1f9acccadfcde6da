/// <reference types="vite/client" />

type ImportMetaEnv = {
  /** Base address of the HTTP API; '/api' (same origin) unless set. */
  readonly VITE_API_URL?: string;
};

type ImportMeta = {
  readonly env: ImportMetaEnv;
};

export * from './blob-store.js';
export * from './local-blob-store.js';
export * from './s3-blob-store.js';

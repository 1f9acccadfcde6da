export * from './bookmark.codec.js';

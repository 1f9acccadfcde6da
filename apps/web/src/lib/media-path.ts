import { mediaWidth } from '@groundtruth/domain';

/**
 * The path to ask the API client for a media address the server gave. Addresses come as site paths
 * under /api (`/api/projects/1/media?v=…`); the client asks under its own API base, which may be
 * another host. A size joins the query the address may already carry (`?v=…&size=…`), as the
 * fixed width the server will serve for it (the next of 125, 250, 800, 1600), so every screen
 * asking for about the same size shares one address and one cached copy.
 */
export const mediaPath = (url: string, size?: number): string => {
  const path = url.replace(/^\/api(?=\/)/, '');
  return size === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}size=${mediaWidth(size)}`;
};

/**
 * The path to ask the API client for a media address the server gave. Addresses come as site paths
 * under /api (`/api/projects/1/media?v=…`); the client asks under its own API base, which may be
 * another host. A size joins the query the address may already carry (`?v=…&size=…`).
 */
export const mediaPath = (url: string, size?: number): string => {
  const path = url.replace(/^\/api(?=\/)/, '');
  return size === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}size=${Math.round(size)}`;
};

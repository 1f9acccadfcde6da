/**
 * Where the notifications socket listens, from the API's address (VITE_API_URL, '/api' by default):
 * socket.io's namespace `/notifications` on the API's origin, its engine under the API's path, so
 * the same proxy that carries the API carries the socket.
 */
export const socketAddress = (apiUrl: string, pageOrigin: string): { url: string; path: string } => {
  const api = new URL(apiUrl, pageOrigin);
  const base = api.pathname.replace(/\/+$/, '');
  return { url: `${api.origin}/notifications`, path: `${base}/socket.io` };
};

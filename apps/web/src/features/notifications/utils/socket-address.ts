/**
 * Where the notifications socket listens, from the API's address (VITE_API_URL, '/api' by default):
 * socket.io's namespace `/notifications` on the API's origin, its engine at socket.io's own path
 * `/socket.io` (the API serves it beside its routes, not under their prefix).
 */
export const socketAddress = (apiUrl: string, pageOrigin: string): { url: string; path: string } => {
  const api = new URL(apiUrl, pageOrigin);
  return { url: `${api.origin}/notifications`, path: '/socket.io' };
};

/** A route's path as a pattern: each `:param` one segment, a trailing slash allowed (React Router's matchPath would add to every page's JavaScript). */
export const routePattern = (path: string): RegExp => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { resolveMapStyleUrl } from '@groundtruth/contracts';
import type { AppConfig as Config } from '@groundtruth/platform';

/** Mapbox's hosts for a `mapbox://` style or a Mapbox token: styles, sprites, glyphs, tiles (api.mapbox.com). */
const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://*.tiles.mapbox.com'];

/** An address's origin, or null when it has none a CSP could name (mapbox://, relative, not a URL). */
const originOf = (address: string): string | null => {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * Origins the map may fetch styles, sprites, glyphs and tiles from: the style's own origin (unset, the
 * default OpenFreeMap style's: tiles.openfreemap.org serves its style, sprites, glyphs and tiles; `local`,
 * none), and Mapbox's hosts when the style is Mapbox's or a Mapbox token is set. A new map service is
 * one more line here (its origin), never `https:` at large.
 */
export const mapOrigins = (map: Config['map']): string[] => {
  const origins = new Set<string>();
  const styleUrl = resolveMapStyleUrl(map.styleUrl);
  const style = styleUrl ? originOf(styleUrl) : null;
  if (style) origins.add(style);
  if (map.mapboxToken || styleUrl?.startsWith('mapbox://') || style === 'https://api.mapbox.com') {
    for (const origin of MAPBOX_ORIGINS) origins.add(origin);
  }
  return [...origins];
};

/** The CSP's directives: everything from this origin, plus only the origins configuration names. */
export const cspDirectives = (config: Pick<Config, 'supportChatUrl' | 'map' | 'oidc' | 'publicUrl'>) => {
  // The support chat (VITE_SUPPORT_CHAT_URL) loads its script, frames, images and calls from its own origin.
  const chat = config.supportChatUrl ? [new URL(config.supportChatUrl).origin] : [];
  const map = mapOrigins(config.map);
  // Live notifications (socket.io) over a websocket to this server; 'self' covers it in current
  // browsers, the public address's ws(s) origin covers the others.
  const publicUrl = new URL(config.publicUrl);
  const socket = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...chat],
    'frame-src': ["'self'", ...chat],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...map, ...chat],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socket, ...map, ...chat],
    'worker-src': ["'self'", 'blob:'],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...(config.oidc ? [new URL(config.oidc.issuerUrl).origin] : [])],
    'upgrade-insecure-requests': null,
  };
};

/**
 * CSP for the web app: scripts and styles from this origin only (MUI's emotion needs inline styles);
 * images, map data and the map's worker from this origin, data: and blob:, plus the configured map
 * style's and support chat's origins. HSTS only on answers that went out over https (`req.secure`:
 * the app trusts X-Forwarded-Proto from a proxy on loopback only): over plain http the header is
 * meaningless to browsers and tells a reader the site pins https when it may not serve it.
 */
export const securityHeaders = (config: Config) => {
  const common = {
    contentSecurityPolicy: { useDefaults: true, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  } as const;
  const overHttps = helmet({ ...common, strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true } });
  const overHttp = helmet({ ...common, strictTransportSecurity: false });
  return (req: Request, res: Response, next: NextFunction): void =>
    req.secure ? overHttps(req, res, next) : overHttp(req, res, next);
};

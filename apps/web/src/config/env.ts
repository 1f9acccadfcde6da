import { resolveMapStyleUrl } from '@groundtruth/contracts';
import { z } from 'zod';

const EnvSchema = z.object({
  VITE_API_URL: z
    .string()
    .trim()
    .min(1)
    .default('/api')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Where the 'contact us' links lead (a failed password reset, spec §8). */
  VITE_CONTACT_URL: z.string().trim().min(1).default('mailto:support@groundtruth.example'),
  /**
   * The map's online style: a MapLibre/Mapbox style URL (`mapbox://styles/{user}/{style}` or https). Unset,
   * OpenFreeMap's Liberty style (no key); `local`, none. The basemap shipped with the product is used
   * whenever the online style cannot be reached.
   */
  VITE_MAP_STYLE_URL: z.string().trim().optional(),
  /** Mapbox access token, sent with requests to api.mapbox.com (and `mapbox://` addresses). */
  VITE_MAPBOX_TOKEN: z.string().trim().optional(),
  /**
   * The support chat widget's script (https). Loaded only when no partner customisation is active (spec §1);
   * unset, no chat loads. The server reads the same variable to allow the script's origin.
   */
  VITE_SUPPORT_CHAT_URL: z.string().trim().optional(),
  DEV: z.boolean().default(false),
});

/** An https address, or null (unset or anything else: a chat script is never loaded over plain http). */
const httpsUrl = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
};

const parse = () => {
  const result = EnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    throw new Error(`Invalid web app environment:\n${z.prettifyError(result.error)}`);
  }
  return {
    apiUrl: result.data.VITE_API_URL,
    contactUrl: result.data.VITE_CONTACT_URL,
    map: { styleUrl: resolveMapStyleUrl(result.data.VITE_MAP_STYLE_URL), mapboxToken: result.data.VITE_MAPBOX_TOKEN || null },
    supportChatUrl: httpsUrl(result.data.VITE_SUPPORT_CHAT_URL),
    dev: result.data.DEV,
  } as const;
};

/** Parsed once at start; everything else reads this, never import.meta.env. */
export const env = parse();

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
  DEV: z.boolean().default(false),
});

const parse = () => {
  const result = EnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    throw new Error(`Invalid web app environment:\n${z.prettifyError(result.error)}`);
  }
  return { apiUrl: result.data.VITE_API_URL, contactUrl: result.data.VITE_CONTACT_URL, dev: result.data.DEV } as const;
};

/** Parsed once at start; everything else reads this, never import.meta.env. */
export const env = parse();

import { z } from 'zod';

const EnvSchema = z.object({
  VITE_API_URL: z
    .string()
    .trim()
    .min(1)
    .default('/api')
    .transform((url) => url.replace(/\/+$/, '')),
  DEV: z.boolean().default(false),
});

const parse = () => {
  const result = EnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    throw new Error(`Invalid web app environment:\n${z.prettifyError(result.error)}`);
  }
  return { apiUrl: result.data.VITE_API_URL, dev: result.data.DEV } as const;
};

/** Parsed once at start; everything else reads this, never import.meta.env. */
export const env = parse();

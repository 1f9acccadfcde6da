import { z } from 'zod';
import { Email, GivenPassword } from './users.contract.js';

export const LoginBody = z.object({ email: Email, password: GivenPassword }).meta({ id: 'Login' });
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(500) }).meta({ id: 'Refresh' });
export type RefreshBody = z.infer<typeof RefreshBody>;

export const ResumeBody = z.object({ token: z.string().min(1).max(2000) }).meta({ id: 'Resume' });
export type ResumeBody = z.infer<typeof ResumeBody>;

export const LogoutResult = z
  .object({ location: z.string().nullable().meta({ description: 'Single-sign-on logout address to visit next, if any' }) })
  .meta({ id: 'LogoutResult' });
export type LogoutResult = z.infer<typeof LogoutResult>;

export const OidcUrlQuery = z.object({ after: z.string().max(2000).optional() });
export const OidcUrl = z
  .object({
    location: z
      .string()
      .nullable()
      .meta({ description: "The provider's login address; null when single sign-on is not configured (show the form)" }),
  })
  .meta({ id: 'OidcUrl' });
export type OidcUrl = z.infer<typeof OidcUrl>;

export const OidcAuthQuery = z.object({
  state: z.string().min(1).max(500),
  session_state: z.string().max(500).optional(),
  code: z.string().min(1).max(2000),
});
export const OidcAuthResult = z
  .object({ after: z.string().nullable().meta({ description: "The 'after' given to /oidc/url" }) })
  .meta({ id: 'OidcAuthResult' });
export type OidcAuthResult = z.infer<typeof OidcAuthResult>;

/** Forum sign-on: `sso` and `sig` from the forum; e-mail and password unless a token is sent. */
export const DiscourseAuthBody = z
  .object({
    sso: z.string().min(1).max(4000),
    sig: z.string().regex(/^[0-9a-f]{64}$/i, { error: 'The signature must be 64 hex digits.' }),
    email: Email.optional(),
    password: GivenPassword.optional(),
  })
  .meta({ id: 'DiscourseAuth' });
export type DiscourseAuthBody = z.infer<typeof DiscourseAuthBody>;
export const DiscourseAuthResult = z.object({ location: z.string() }).meta({ id: 'DiscourseAuthResult' });

/** Claims of the access token the client may read (spec §7: the refresh token travels in the payload). */
export const AccessTokenClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  refresh_token: z.string(),
  exp: z.number(),
  spoofed_by: z.number().optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

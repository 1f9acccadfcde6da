import { DiscourseController } from './discourse.controller.js';
import { OidcAttempts } from './oidc-attempts.js';
import { OidcClient } from './oidc-client.js';
import { OidcController } from './oidc.controller.js';
import { SsoAccounts } from './sso-accounts.js';

/** What AccountsModule registers for single sign-on (OpenID Connect and the forum). */
export const ssoControllers = [OidcController, DiscourseController];
export const ssoProviders = [OidcClient, OidcAttempts, SsoAccounts];

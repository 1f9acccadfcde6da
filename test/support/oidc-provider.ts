import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations (and @types/oidc-provider is not installed).
import { Provider as UntypedProvider } from 'oidc-provider';

/** A person known to the test provider; `claims` are what it tells relying parties. */
export type IdpAccount = { sub: string; email: string; email_verified: boolean; name: string };

export type TestIdp = {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Add people at any time; they are looked up at sign-in. */
  readonly accounts: Map<string, IdpAccount>;
  /**
   * Plays the browser: opens the authorization URL, signs in as `sub` on the provider's own forms,
   * consents, and answers the redirect back to the relying party (with code and state).
   */
  signIn(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
};

/** The little of oidc-provider's API used here. */
type ProviderInstance = { callback(): http.RequestListener };
type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
const Provider = UntypedProvider as ProviderClass;

/**
 * A real OpenID Connect provider (oidc-provider) in this process on a free loopback port, with one
 * confidential client whose redirect URI is the web app's /login/keycloak. Sign-in goes through its
 * development login and consent pages, so the whole authorization code flow is exercised.
 */
export const startTestIdp = async (options: {
  publicUrl: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestIdp> => {
  const clientId = options.clientId ?? 'groundtruth';
  const clientSecret = options.clientSecret ?? 'a-client-secret-for-tests-only';
  const redirectUri = `${options.publicUrl}/login/keycloak`;
  const accounts = new Map<string, IdpAccount>();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A key of its own: without one the provider signs ID tokens with a published development key.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['cookie-signing-key-for-tests-only'] },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
    },
  });
  server.on('request', provider.callback());

  const signIn = async (authorizationUrl: string, sub: string): Promise<URL> => {
    const jar = new Map<string, string>();
    const remember = (res: Response) => {
      for (const cookie of res.headers.getSetCookie()) {
        const pair = cookie.split(';')[0]!;
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
    };
    const headers = (extra: Record<string, string> = {}) => ({
      ...extra,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    });

    let url = new URL(authorizationUrl);
    for (let step = 0; step < 12; step += 1) {
      if (url.href.startsWith(redirectUri)) return url;
      let res: Response;
      if (url.origin === issuer && url.pathname.startsWith('/interaction/')) {
        const page = await fetch(url, { headers: headers(), redirect: 'manual' });
        remember(page);
        const prompt = /name="prompt" value="(\w+)"/.exec(await page.text())?.[1];
        const form: Record<string, string> =
          prompt === 'login' ? { prompt, login: sub, password: 'any' } : { prompt: prompt ?? '' };
        res = await fetch(url, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }),
          body: new URLSearchParams(form).toString(),
          redirect: 'manual',
        });
      } else {
        res = await fetch(url, { headers: headers(), redirect: 'manual' });
      }
      remember(res);
      const location = res.headers.get('location');
      if (!location)
        throw new Error(`the provider stopped at ${url.pathname} with ${res.status}: ${(await res.text()).slice(0, 500)}`);
      url = new URL(location, url);
    }
    throw new Error('the provider did not send the browser back');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
};

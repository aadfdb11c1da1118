import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * The credential provider the deployed bundles use in place of the SDK's default chain
 * (`@aws-sdk/credential-provider-node` is aliased to this file by
 * infra/constructs/bundling-options.ts). Lambda always hands a function its role's
 * credentials in environment variables, so the chain's other links (SSO, INI files, process,
 * web identity, container and instance metadata), with the STS/SSO clients they bring, are
 * dead weight: ~100 kB of every bundle and of every cold start. Local runs (tsx) are not
 * bundled and keep the full default chain.
 */
export function defaultProvider(init?: Parameters<typeof fromEnv>[0]): ReturnType<typeof fromEnv> {
  return fromEnv(init);
}

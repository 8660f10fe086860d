/**
 * GET /verify/options: what the Verify & Publish page offers: the chain id Sourcify's
 * v2 API is called with, the solc releases it can choose from, and the EVM versions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Ok } from './base';

export const CompilerChoice = Type.Object({
  name: Type.String({ description: 'e.g. v0.8.20+commit.a1b79de6 (bare v0.8.37 for the bundled compiler)' }),
  version: Type.String({ description: 'e.g. 0.8.20' }),
  source: Type.Union([Type.Literal('bundled'), Type.Literal('cached'), Type.Literal('release')], {
    description: 'bundled with the explorer, already obtained (DATA_DIR/solc), or a release of the binaries list (obtained on first use)',
  }),
});
export type CompilerChoice = Static<typeof CompilerChoice>;

export const VerifyOptions = Type.Object({
  chainId: Type.String({ description: 'the node’s chain id, decimal' }),
  compilers: Type.Array(CompilerChoice, { description: 'newest first; any other released version may be typed (obtained on demand)' }),
  releasesListed: Type.Boolean({
    description: 'false when the binaries list could not be read: only bundled and cached compilers are listed',
  }),
  evmVersions: Type.Array(Type.String()),
});
export type VerifyOptions = Static<typeof VerifyOptions>;

export const VerifyOptionsResponse = Ok(VerifyOptions);
export type VerifyOptionsResponse = Static<typeof VerifyOptionsResponse>;

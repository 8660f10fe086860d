/**
 * Issue #38 item 11: the token page's Contract tab names the verified contract, its compiler and
 * match levels as the contract page does, and the Code view opens on the file that defines the
 * verified contract (Ruby Gold's opened on contracts/RubyCounterV1.sol; file 8 of 8 was the token).
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractVerification } from '../../../../common/api/tokens';
import { TokenDetailPage } from '../../../../src/features/tokens/TokenDetailPage';
import { TOKEN_TEXTS } from '../../../../src/features/tokens/texts';
import { CODE_TEXTS } from '../../../../src/sections/contract/codeTexts';
import { VERIFICATION_TEXTS } from '../../../../src/sections/contract/verificationTexts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, ok, type ApiMock } from '../../../helpers/fetchMock';
import { TOKEN, paged, tokenData } from '../addresses/fixtures';
import { pathMatcher } from '../../../../common/api/paths';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const standardJson = JSON.stringify({
  language: 'Solidity',
  sources: {
    'contracts/RubyCounterV1.sol': { content: 'contract RubyCounterV1 {}' },
    'contracts/RubyDex.sol': { content: 'contract RubyDex {}' },
    'contracts/RubyGold.sol': { content: 'import "./Base.sol";\ncontract RubyGold is Base {}' },
  },
});

function verification(over: Partial<ContractVerification> = {}): ContractVerification {
  return {
    match: 'full',
    creationMatch: 'exact_match',
    runtimeMatch: 'exact_match',
    contractName: 'RubyGold',
    fullyQualifiedName: 'contracts/RubyGold.sol:RubyGold',
    compilerVersion: 'v0.8.24+commit.e11b9ed9',
    compilerSettings: {},
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    constructorArguments: [],
    constructorArgumentsHex: '0x',
    sourceFormat: 'standard-json',
    license: 'MIT',
    verifiedAt: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}

function openContractTab(over: Record<string, unknown>) {
  api = mockApi([
    [pathMatcher('tokenData'), ok(tokenData({ verified: true, abi: [], contractcode: standardJson, ...over }))],
    [pathMatcher('tokenTx'), paged([])],
    [pathMatcher('internalTx'), paged([])],
  ]);
  renderWithProviders(<TokenDetailPage contractAddress={TOKEN} />, { path: `/TokenDetail/${TOKEN}` });
}

/** The source files' headings in page order. */
const fileHeadings = () =>
  screen
    .getAllByRole('heading')
    .map((h) => h.textContent ?? '')
    .filter((t) => t.startsWith(CODE_TEXTS.source));

describe("the token page's Contract tab (issue #38 item 11)", () => {
  it('names the contract, compiler and match levels, and opens on the verified contract’s file', async () => {
    openContractTab({ verification: verification() });
    await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Contract' }));
    const details = screen.getByRole('region', { name: VERIFICATION_TEXTS.title });
    expect(details).toHaveTextContent(`${VERIFICATION_TEXTS.contractName}contracts/RubyGold.sol:RubyGold`);
    expect(details).toHaveTextContent(`${VERIFICATION_TEXTS.compiler}v0.8.24+commit.e11b9ed9`);
    expect(details).toHaveTextContent(`${VERIFICATION_TEXTS.runtimeMatch}${VERIFICATION_TEXTS.levels.exact_match}`);
    expect(fileHeadings()).toEqual([
      CODE_TEXTS.sourceFile('contracts/RubyGold.sol'),
      CODE_TEXTS.sourceFile('contracts/RubyCounterV1.sol'),
      CODE_TEXTS.sourceFile('contracts/RubyDex.sol'),
    ]);
  });

  it('without a path, finds the file that declares the contract by its name', async () => {
    openContractTab({ verification: verification({ fullyQualifiedName: null }) });
    await screen.findByRole('region', { name: TOKEN_TEXTS.overview });
    fireEvent.click(screen.getByRole('tab', { name: 'Contract' }));
    expect(fileHeadings()[0]).toBe(CODE_TEXTS.sourceFile('contracts/RubyGold.sol'));
  });
});

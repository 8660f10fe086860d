/**
 * Accounts and the web wallet (docs/decisions.md#spec-entities, #spec-calls "Wallet"): sign up, log in, wallet link, wallet
 * data, token lists, the raw-transaction relay and the documented server-side signing calls.
 *
 * Secrets (docs/decisions.md#secrets): the SPA sends no password. It derives from the
 * password a log-in secret, sent in the spec's `password` fields with `kdf` set, and a wallet key
 * that never leaves the browser and encrypts the keystore (common/kdf.ts). A request without `kdf`
 * is the old form (the password itself), accepted only for accounts not moved over yet. A private
 * key travels only in the documented signing calls, which the SPA never uses (it signs in the
 * browser and relays the raw transaction). The server stores the wallet's address and its
 * keystore, never a key.
 */
import { Type, type Static } from '@sinclair/typebox';
import { KDF_ID } from '../kdfParams';
import { Address, Amount, Hash, Ok, PageTotals, Wei } from './base';
import { TokenHolding, TokenTransferItem } from './tokens';

export const Credentials = Type.Object({
  email: Type.String({ maxLength: 254, description: 'trimmed and compared lowercase' }),
  password: Type.String({ maxLength: 256, description: 'with kdf: the log-in secret (64 hex digits); without: the password (old form)' }),
  kdf: Type.Optional(
    Type.Literal(KDF_ID, { description: 'present: password is the log-in secret derived in the browser (common/kdf.ts)' }),
  ),
});
export type Credentials = Static<typeof Credentials>;

/** POST /registration: the spec's client reads status, token and (on failure) result. */
export const RegistrationResponse = Type.Object({
  status: Type.Boolean(),
  token: Type.String({ description: 'JWT (HS256), payload { email, iat, exp } in seconds' }),
  result: Type.String({ description: 'what happened, in words' }),
});
export type RegistrationResponse = Static<typeof RegistrationResponse>;

export const RegistrationFailure = Type.Object({
  status: Type.Literal(false),
  message: Type.String(),
  result: Type.Optional(
    Type.String({
      description: 'the same text (the spec shows "Registration failed: {result}"); absent when the body itself is malformed',
    }),
  ),
});
export type RegistrationFailure = Static<typeof RegistrationFailure>;

/** POST /login. A wrong password and an unknown email get the same 401 answer. */
export const LoginResponse = Type.Object({
  status: Type.Boolean(),
  wallet: Type.Boolean({ description: 'a wallet is linked to the account' }),
  token: Type.String({ description: 'JWT; empty on failure' }),
  msg: Type.String(),
  address: Type.Optional(Address),
  keystore: Type.Optional(
    Type.String({ description: 'Web3 Secret Storage JSON of the linked wallet, encrypted in the browser (with the wallet key)' }),
  ),
  rekey: Type.Optional(
    Type.String({ description: 'old-form log-in only: the grant for POST /rekey, which moves the account to the log-in secret' }),
  ),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const LoginFailure = Type.Object({
  status: Type.Literal(false),
  wallet: Type.Literal(false),
  token: Type.Literal(''),
  msg: Type.String(),
  message: Type.String(),
  upgrade: Type.Optional(Type.Literal(true, { description: 'the account has not moved over yet: log in once with the old form (no kdf)' })),
});
export type LoginFailure = Static<typeof LoginFailure>;

/** POST /rekey: a new log-in secret and keystore in one atomic swap (moving over, or a password change). */
export const RekeyBody = Type.Object({
  password: Type.String({ maxLength: 64, description: 'the new log-in secret (64 hex digits)' }),
  kdf: Type.Literal(KDF_ID),
  grant: Type.Optional(Type.String({ maxLength: 100, description: "moving over: the old-form log-in's rekey grant" })),
  currentPassword: Type.Optional(Type.String({ maxLength: 64, description: 'changing the password: the current log-in secret' })),
  keystore: Type.Optional(
    Type.String({ maxLength: 8192, description: 'the linked wallet, re-encrypted with the new wallet key (required when one is linked)' }),
  ),
});
export type RekeyBody = Static<typeof RekeyBody>;
export const RekeyResponse = Type.Object({ status: Type.Literal(true), msg: Type.String() });
export type RekeyResponse = Static<typeof RekeyResponse>;

/** GET /walletchallenge: the text to sign with the wallet's key (EIP-191 personal message). */
export const ChallengeResponse = Ok(Type.Object({ message: Type.String(), expires: Type.Integer({ description: 'epoch seconds' }) }));
export type ChallengeResponse = Static<typeof ChallengeResponse>;

/** POST /importwallet: link the wallet whose key signed the challenge. */
export const LinkWalletBody = Type.Object({
  address: Type.String({ description: 'r… or 0x…' }),
  message: Type.String({ maxLength: 1000, description: 'the challenge, as received' }),
  signature: Type.String({ maxLength: 200, description: '0x + 65 bytes' }),
  keystore: Type.String({
    maxLength: 8192,
    description: 'Web3 Secret Storage v3 JSON of the key, encrypted in the browser with the wallet key (never with the password)',
  }),
  password: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "only to replace a wallet already linked: the account's password as /login takes it (the log-in secret)",
    }),
  ),
});
export type LinkWalletBody = Static<typeof LinkWalletBody>;

export const LinkWalletResponse = Type.Object({ status: Type.Boolean(), msg: Type.String(), result: Type.Object({ address: Address }) });
export type LinkWalletResponse = Static<typeof LinkWalletResponse>;

/** GET /getwalletdata/{email} (spec: wallet data = address, balance). */
export const WalletData = Type.Object({
  email: Type.String(),
  address: Address,
  balance: Amount,
  balanceWei: Wei,
  keystore: Type.String({ description: 'the encrypted keystore, for a device that has no key in memory' }),
});
export type WalletData = Static<typeof WalletData>;
/** `result` is null while the account has no wallet (not an error: the wallet screen asks it). */
export const WalletDataResponse = Ok(Type.Union([WalletData, Type.Null()]));
export type WalletDataResponse = Static<typeof WalletDataResponse>;

/** A token of the wallet's list: held, or added by the user (balance may be 0). */
export const WalletToken = Type.Object({
  ...TokenHolding.properties,
  added: Type.Boolean({ description: 'the user added it with /importtokenaddress' }),
});
export type WalletToken = Static<typeof WalletToken>;
export const WalletTokensResponse = Ok(Type.Array(WalletToken));
export type WalletTokensResponse = Static<typeof WalletTokensResponse>;

/** /getoneTokenTransction: one token's transfers from or to one address. */
export const OneTokenTransactionsResponse = Ok(Type.Array(TokenTransferItem), { trx_length: Type.Integer(), ...PageTotals });
export type OneTokenTransactionsResponse = Static<typeof OneTokenTransactionsResponse>;

/** /searchtoken: the RBC20 catalogue for the wallet's token search. */
export const SearchTokenItem = Type.Object({
  contractname: Type.Union([Type.String(), Type.Null()]),
  contract_address: Address,
  symbol: Type.Union([Type.String(), Type.Null()]),
  decimals: Type.Integer(),
});
export type SearchTokenItem = Static<typeof SearchTokenItem>;
export const SearchTokenResponse = Ok(Type.Array(SearchTokenItem));
export type SearchTokenResponse = Static<typeof SearchTokenResponse>;

export const ImportTokenResponse = Type.Object({ status: Type.Boolean(), msg: Type.String() });
export type ImportTokenResponse = Static<typeof ImportTokenResponse>;

/** POST /preparetx: what the browser needs to sign a transaction (EIP-1559 fields). */
export const PrepareTxBody = Type.Object({
  from: Type.String(),
  to: Type.Optional(Type.String({ description: 'absent: a contract creation (data is the creation code)' })),
  value: Type.Optional(Type.String({ description: 'wei, decimal digits' })),
  data: Type.Optional(Type.String({ maxLength: 100_000, description: '0x calldata, or creation code' })),
});
export type PrepareTxBody = Static<typeof PrepareTxBody>;
export const PreparedTx = Type.Object({
  chainId: Type.Integer(),
  nonce: Type.Integer(),
  gasLimit: Wei,
  maxFeePerGas: Wei,
  maxPriorityFeePerGas: Wei,
});
export type PreparedTx = Static<typeof PreparedTx>;
export const PrepareTxResponse = Ok(PreparedTx);
export type PrepareTxResponse = Static<typeof PrepareTxResponse>;

/** GET /chainid: the node's chain id (EIP-155), for payment requests other wallets read (EIP-681 `ethereum:0x…@{chainId}`). */
export const ChainIdResponse = Ok(Type.Object({ chainId: Type.Integer({ description: "the node's chain id, decimal" }) }));
export type ChainIdResponse = Static<typeof ChainIdResponse>;

/** POST /sendrawtransaction: relay a signed transaction to the node. */
export const RawTxBody = Type.Object({ rawTransaction: Type.String({ maxLength: 65_536, description: '0x signed transaction' }) });
export type RawTxBody = Static<typeof RawTxBody>;
export const HashResponse = Ok(Hash);
export type HashResponse = Static<typeof HashResponse>;

/** GET /txstatus/{hash}: indexed yet, and how it ended. */
export const TxStatusResponse = Ok(
  Type.Object({
    indexed: Type.Boolean(),
    status: Type.Union([Type.Integer(), Type.Null()], { description: '1 success, 0 failed, null while not indexed' }),
    blockNumber: Type.Union([Type.Integer(), Type.Null()]),
  }),
);
export type TxStatusResponse = Static<typeof TxStatusResponse>;

/** GET /createwallet (documented): a fresh key made on the server, stored nowhere. */
export const CreateWalletResponse = Ok(Type.Object({ address: Address, privateKey: Type.String() }));
export type CreateWalletResponse = Static<typeof CreateWalletResponse>;

export const SendBody = Type.Object({
  privateKey: Type.String({ maxLength: 100 }),
  recipient: Type.String({ maxLength: 100 }),
  amount: Type.String({ maxLength: 100, description: 'RUBY, decimal' }),
});
export type SendBody = Static<typeof SendBody>;
export const SendTokenBody = Type.Object({
  ...SendBody.properties,
  tokenContract: Type.String({ maxLength: 100 }),
});
export type SendTokenBody = Static<typeof SendTokenBody>;

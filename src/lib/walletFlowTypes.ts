/** The wallet flows' inputs and outcomes (features/wallet/walletFlows.ts), typed where the machines can import them. */
export interface LoginOutcome {
  wallet: boolean;
  msg: string;
  token: string;
}

export interface SendInput {
  kind: 'coin' | 'token';
  recipient: string;
  amount: string;
  /** Token contract and decimals (kind 'token'). */
  token?: { address: string; decimals: number };
  /** Key typed in the form (optional field of the token form). */
  privateKey?: string;
  /** Account password, to open the keystore when no key is in memory. */
  password?: string;
  email: string;
}

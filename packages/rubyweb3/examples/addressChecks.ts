import { checkaddress, getAddressbyprivateKey } from 'rubyweb3';

// checkaddress: is this a valid r… (or 0x…) address? A mistyped checksummed address is not.
// getAddressbyprivateKey: the r… address a private key controls (computed locally).
export function addressChecks(privateKey: string, candidate: string) {
  const mine = getAddressbyprivateKey(privateKey);
  const valid = checkaddress(candidate);
  console.log(`my address: ${mine}; ${candidate} is ${valid ? 'a valid' : 'not a valid'} address`);
  return { mine, valid };
}

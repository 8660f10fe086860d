/** The EVM versions solc's `settings.evmVersion` takes, oldest first. */
export const EVM_VERSION_NAMES = [
  'homestead',
  'tangerineWhistle',
  'spuriousDragon',
  'byzantium',
  'constantinople',
  'petersburg',
  'istanbul',
  'berlin',
  'london',
  'paris',
  'shanghai',
  'cancun',
  'prague',
  'osaka',
] as const;

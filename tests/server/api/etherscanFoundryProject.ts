/**
 * A Foundry project for the client tests of the Etherscan-style API, written to a folder: two
 * Solidity files (one imports the other, so the standard JSON input has several sources), a
 * foundry.toml and a solc wrapper around the npm `solc` package, because forge cannot download a
 * compiler here.
 *
 * Why the wrapper sits in two places: `solc = "<path>"` in foundry.toml serves `forge build` and
 * `forge create`; `forge verify-contract` looks the compiler up by version in svm's folder
 * (`$HOME/.svm/<v>/solc-<v>`) and installs it (a download) when missing, so the tests run forge
 * with HOME set to a folder of their own that holds the wrapper there. With the build metadata in
 * `--compiler-version` and no compile cache, forge does not fetch the compiler list either.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const BIN = path.resolve('node_modules/@foundry-rs');
export const FORGE = path.join(BIN, 'forge-linux-amd64/bin/forge');
export const CAST = path.join(BIN, 'cast-linux-amd64/bin/cast');
/** The npm solc's version, as native solc and forge write it. */
export const SOLC_VERSION = '0.8.37+commit.f401782d';

export const OWNED_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

abstract contract Owned {
    event OwnerChanged(address indexed previous, address indexed next);
    address public owner;
    constructor() { owner = msg.sender; }
    function transferOwnership(address next) external {
        require(msg.sender == owner, "not owner");
        emit OwnerChanged(owner, next);
        owner = next;
    }
}
`;

export const GREETER_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Owned} from "./Owned.sol";

/// A greeter deployed with forge create and verified through the explorer's Etherscan-style API.
contract Greeter is Owned {
    event Greeted(address indexed who, string greeting, uint256 count);
    string public greeting;
    uint256 public count;
    constructor(string memory greeting_, uint256 start) {
        greeting = greeting_;
        count = start;
    }
    function greet(string calldata g) external returns (uint256) {
        greeting = g;
        count += 1;
        emit Greeted(msg.sender, g, count);
        return count;
    }
}
`;

/** A wrapper answering `--version` as native solc does and compiling `--standard-json` from stdin. */
function solcWrapper(solcPath: string): string {
  return `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const solc = require(${JSON.stringify(solcPath)});
const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write('solc, the solidity compiler commandline interface\\nVersion: ' + ${JSON.stringify(SOLC_VERSION)} + '.Linux.g++\\n');
  process.exit(0);
}
const roots = [];
for (let i = 0; i < args.length; i++) {
  if (['--base-path', '--include-path', '--allow-paths'].includes(args[i])) roots.push(...String(args[i + 1]).split(','));
}
const findImports = (p) => {
  for (const r of ['', ...roots]) {
    const f = path.resolve(r, p);
    if (fs.existsSync(f)) return { contents: fs.readFileSync(f, 'utf8') };
  }
  return { error: 'File not found: ' + p };
};
process.stdout.write(solc.compile(fs.readFileSync(0, 'utf8'), { import: findImports }));
`;
}

export interface ForgeProject {
  dir: string;
  /** Environment for forge and cast: HOME is the project's own (svm folder with the wrapper). */
  env: NodeJS.ProcessEnv;
  /** Points foundry.toml's [etherscan] entry at an explorer's /api. */
  setExplorer(apiUrl: string): Promise<void>;
  forge(args: string[]): Promise<{ stdout: string; stderr: string }>;
  cast(args: string[]): Promise<{ stdout: string; stderr: string }>;
}

export async function writeForgeProject(dir: string, chainId: number): Promise<ForgeProject> {
  const [short] = SOLC_VERSION.split('+') as [string];
  const home = path.join(dir, 'home');
  const svm = path.join(home, '.svm', short);
  await fs.mkdir(path.join(dir, 'src'), { recursive: true });
  await fs.mkdir(svm, { recursive: true });
  const wrapper = solcWrapper(require.resolve('solc'));
  const solcBin = path.join(dir, 'solc.cjs');
  await fs.writeFile(solcBin, wrapper, { mode: 0o755 });
  await fs.writeFile(path.join(svm, `solc-${short}`), wrapper, { mode: 0o755 });
  await fs.writeFile(path.join(dir, 'src', 'Owned.sol'), OWNED_SOL);
  await fs.writeFile(path.join(dir, 'src', 'Greeter.sol'), GREETER_SOL);
  const toml = (apiUrl: string) =>
    [
      '[profile.default]',
      'src = "src"',
      'out = "out"',
      'libs = []',
      `solc = "${solcBin}"`,
      'offline = true',
      'cache = false',
      '',
      '[etherscan]',
      `ruby = { key = "forge-test-key", chain = ${chainId}, url = "${apiUrl}" }`,
      '',
    ].join('\n');
  await fs.writeFile(path.join(dir, 'foundry.toml'), toml('http://127.0.0.1:9/api'));
  const env = { ...process.env, HOME: home, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' };
  const exec = (bin: string, args: string[]) => run(bin, args, { cwd: dir, env, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
  return {
    dir,
    env,
    setExplorer: (apiUrl) => fs.writeFile(path.join(dir, 'foundry.toml'), toml(apiUrl)),
    forge: (args) => exec(FORGE, args),
    cast: (args) => exec(CAST, args),
  };
}

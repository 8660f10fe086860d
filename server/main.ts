/**
 * The server's entry (`node dist-server/main.js <command>`, `npm start`, `npm run server`, the
 * systemd units): production mode first, then the commands (cli.ts).
 *
 * React, react-dom/server and Redux Toolkit choose their development or production build from
 * NODE_ENV when they are first evaluated, and nothing else sets it: `npm start` ran their
 * development builds, slower and with dev-only checks ("SerializableStateInvariantMiddleware
 * took …"). So the entry sets NODE_ENV=production when it is unset, before
 * importing anything: a static import would be evaluated first (ES modules, and esbuild hoists
 * the imports of external packages above the bundle's code), hence the dynamic import below.
 * A NODE_ENV given explicitly is kept (the tests run with NODE_ENV=test); `ruby_build_info` on
 * /metrics says which React build the server renders with.
 */
export {};

if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

void import('./cli').then(({ runCli }) => runCli());

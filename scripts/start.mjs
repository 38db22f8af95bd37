// `npm start`: install if needed, build, start everything on the embedded database, print the URL.
import { buildFrontends, ensureInstalled } from './lib.mjs';

ensureInstalled();
buildFrontends();
const { startStack } = await import('./stack.mjs');
const stack = await startStack({
  gatewayPort: Number(process.env.GATEWAY_PORT ?? 8080),
  functionsPort: Number(process.env.FUNCTIONS_PORT ?? 8787),
});
console.log(
  `\n  Open ${stack.gatewayUrl}/es\n  (door tool standalone: http://localhost:${stack.remotes.find((r) => r.name === 'door').port}/abridor)\n  Ctrl-C stops everything.\n`,
);
const shutdown = () => {
  stack.stop();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

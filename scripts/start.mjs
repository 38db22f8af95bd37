// `npm start`: install if needed, build, start everything on the embedded database, print the URL.
// `npm run dev`: the same, plus the development outbox endpoint (the codes and links a tester
// reads at /functions/v1/outbox) and a real SMTP catcher with a web inbox (MailDev), where the
// e-mails arrive rendered, attachments and all. `npm start` never serves either: it must be safe
// to expose.
import { buildFrontends, ensureInstalled, onSupportedNode } from './lib.mjs';

const development = process.argv.includes('--dev');

ensureInstalled();
onSupportedNode();
buildFrontends();
const { startStack } = await import('./stack.mjs');
const stack = await startStack({
  gatewayPort: Number(process.env.GATEWAY_PORT ?? 8080),
  functionsPort: Number(process.env.FUNCTIONS_PORT ?? 8787),
  remotePortBase: Number(process.env.REMOTE_PORT_BASE ?? 3000),
  env: development ? { DEV_OUTBOX: '1' } : {},
  // With an SMTP_URL of their own, a tester's e-mails go there instead.
  ...(development && !process.env.SMTP_URL
    ? {
        devInbox: {
          smtpPort: Number(process.env.DEV_INBOX_SMTP_PORT ?? 1025),
          webPort: Number(process.env.DEV_INBOX_PORT ?? 1080),
        },
      }
    : {}),
  // A person reads a terminal; anything else (a file, a collector) gets the JSON.
  pretty: Boolean(process.stdout.isTTY),
}).catch((error) => {
  // A clear sentence (a taken port, a service that did not come up), not a stack trace.
  console.error(`\n  Could not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
console.log(
  `\n  Open ${stack.gatewayUrl}/es\n${development ? `  (development outbox: ${stack.gatewayUrl}/functions/v1/outbox)\n` : ''}${stack.inboxUrl ? `  (e-mails as received: ${stack.inboxUrl})\n` : ''}  (door tool standalone: http://localhost:${stack.remotes.find((r) => r.name === 'door')?.port}/abridor)\n  Ctrl-C stops everything.\n`,
);
// Generated at this first start and stored hashed only: shown again last, where they stay in view.
if (stack.credentials.length) {
  console.log(
    [
      '  ┌─ First start: write these down, they are shown only now ─',
      ...stack.credentials.map((line) => `  │ ${line}`),
      '  │ (the back-office asks for a new password and a second factor at the first sign-in;',
      '  │  the door admin for a new password)',
      '  └─',
      '',
    ].join('\n'),
  );
}
const shutdown = () => {
  stack.stop();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

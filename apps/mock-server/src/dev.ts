/**
 * `pnpm dev`: the server under tsx with every response checked against the
 * SDK's output schema, so a handler that drifts from its DTO fails at once
 * while developing. `pnpm start` leaves the check off (it costs a full parse
 * of every response); the tests build the app with it on.
 */
process.env.VALIDATE_OUTPUT ??= '1';
await import('./server.ts');

export {};

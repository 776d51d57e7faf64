// The error of a request cancelled by the page (a Reset or a new Solve): expected, never shown.
// Its own module so that code which only recognises it (views/runner.ts) does not load the worker
// client, and can be unit-tested in Node.

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

// How handing a sign-in over to the desktop client or the extension can fail (the drive app's accounts/client-handoff.ts).
// A module of its own: the failure notice tells these apart on every page, the share page too,
// without loading the hand-off itself.

export type HandoffFailure = 'request_refused' | 'desktop_unreachable' | 'desktop_refused';

export class HandoffError extends Error {
  readonly reason: HandoffFailure;

  constructor(reason: HandoffFailure, message: string) {
    super(message);
    this.name = 'HandoffError';
    this.reason = reason;
  }
}

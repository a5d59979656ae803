/** A mistake of the person running a command: shown as its message alone, without a stack trace. */
export class CommandError extends Error {}

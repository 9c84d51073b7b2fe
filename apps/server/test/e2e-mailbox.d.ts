/** The run's session secret (set once in the Playwright config's process; its workers inherit it). */
export declare function e2eSessionSecret(): string;
/** The key the server prints at start: the same HMAC as `devMailboxKey` in src/config.ts. */
export declare const e2eMailboxKey: () => string;

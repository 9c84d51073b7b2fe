// The guardian app's unit tests run in happy-dom (vitest.config.ts): IndexedDB from fake-indexeddb,
// and every rendered tree unmounted after its test.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s: the machine is shared by two workers and the server's suite.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => cleanup());

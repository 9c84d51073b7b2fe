// The guardian app's unit tests run in happy-dom (vitest.config.ts): IndexedDB from fake-indexeddb,
// and every rendered tree unmounted after its test.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy route chunks are transformed on first import; on a loaded 2-core machine that can take
// longer than Testing Library's 1 s default for findBy*/waitFor. A wait that succeeds is
// unaffected; only a real failure now takes up to 5 s to report.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

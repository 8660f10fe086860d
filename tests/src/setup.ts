import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy route chunks are transformed on first import, and role queries over a large DOM are slow in
// jsdom; with three files at once on a loaded 2-core machine a wait took over 8 s (CI, 2026-11-27).
// A wait that succeeds is unaffected; only a real failure takes up to 15 s to report.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

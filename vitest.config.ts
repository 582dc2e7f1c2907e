import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A poll waits for something the station does in the background (an index loaded, a printer checked); on two
    // loaded cores that can take more than the default second. Waiting longer changes no assertion.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Integration tests open real sockets and spawn processes; two cores only.
    maxWorkers: 2,
    // electron-store asks `electron` for the app's paths: run through Vite, its import takes a test's mock of
    // `electron` (the binary is not installed), so its own file handling is tested for real.
    server: { deps: { inline: ['electron-store'] } },
  },
});

import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // The JSON report lets .ci/run print one closing line with the counts.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
})

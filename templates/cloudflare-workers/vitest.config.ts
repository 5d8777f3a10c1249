import { defineConfig } from 'vitest/config'

// Tests run in Node and start the built Worker in workerd; the Vite build config is not used here.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
})

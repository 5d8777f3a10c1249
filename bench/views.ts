/**
 * What an MCP Apps view costs a build: `npm run bench:views`. For each bundler, the same tool module is
 * built with a view (`@ui ./views/chart.html`: a linked stylesheet with an image, a TypeScript script that
 * imports a second stylesheet) and without one, alternately, each build with a fresh plugin (no view cache);
 * the view's cost is the median of the paired differences. The peer in the same run is the build the
 * plugin did until the view was built by the host bundler: esbuild's buildSync of the view's script and
 * stylesheets alone (`peer`). Builds go through test/plugin/build.ts, the bundlers' setups the tests use.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { buildSync } from 'esbuild'
import { tempProject } from '../test/helpers/temp-project.ts'
import { BUNDLERS, bundle } from '../test/plugin/build.ts'
import { summarize } from './lib/stats.ts'

const REPS = Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 9)
const tool = (ui: string) => `/**\n * Shows a chart.\n * @tool\n${ui} */\nexport function chart(): string {\n  return 'a chart'\n}\n`
const FILES: Record<string, string> = {
  'package.json': '{"name":"bench-views","type":"module"}',
  'src/with-view.ts': tool(' * @ui ./views/chart.html\n'),
  'src/without.ts': tool(''),
  'src/views/chart.html': '<!doctype html><html><head><link rel="stylesheet" href="./page.css"></head><body><h1>Chart</h1><script type="module" src="./chart.ts"></script></body></html>\n',
  'src/views/page.css': 'h1 { color: #123456; background: url(./dot.svg) }\n',
  'src/views/chart.ts': "import './chart.css'\nconst size: number = 3\ndocument.querySelector('h1')!.textContent = `size ${size}`\n",
  'src/views/chart.css': 'body { margin: 0 }\n',
  'src/views/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n',
}

const root = tempProject('mcp-aot-bench-views-', FILES)

const timed = async (run: () => unknown) => {
  const start = performance.now()
  await run()
  return performance.now() - start
}

const peer = () =>
  ['chart.ts', 'page.css'].map((entry) =>
    buildSync({ entryPoints: [join(root, 'src/views', entry)], bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, outdir: join(root, '.peer'), loader: { '.svg': 'dataurl' }, logLevel: 'silent' }),
  )

const rows: string[] = ['| bundler | build without a view, ms | with the view, ms | the view, ms (median of pairs) |', '|---|---|---|---|']
try {
  const peerMs: number[] = []
  for (let i = 0; i < REPS; i++) peerMs.push(await timed(peer))
  for (const bundler of BUNDLERS) {
    // One warm-up pair: the bundler's own first-load cost is not the view's.
    await bundle(bundler, join(root, 'src/with-view.ts'), root)
    await bundle(bundler, join(root, 'src/without.ts'), root)
    const without: number[] = []
    const withView: number[] = []
    const diff: number[] = []
    for (let i = 0; i < REPS; i++) {
      const a = await timed(() => bundle(bundler, join(root, 'src/without.ts'), root))
      const b = await timed(() => bundle(bundler, join(root, 'src/with-view.ts'), root))
      without.push(a)
      withView.push(b)
      diff.push(b - a)
    }
    const m = (xs: number[]) => summarize(xs).median.toFixed(0)
    rows.push(`| ${bundler} | ${m(without)} | ${m(withView)} | ${m(diff)} |`)
    console.error(`[bench:views] ${bundler} done`)
  }
  rows.push(`| peer: esbuild buildSync of the view's script and stylesheet | | | ${summarize(peerMs).median.toFixed(1)} |`)
  console.log(`${REPS} pairs per bundler, ${new Date().toISOString()}\n\n${rows.join('\n')}`)
} finally {
  rmSync(root, { recursive: true, force: true })
}

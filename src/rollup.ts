/** mcp-aot for rollup: `plugins: [mcp()]`. */
import { unplugin } from './plugin.ts'

export default unplugin.rollup

/** mcp-aot for webpack: `plugins: [mcp()]`. */
import { unplugin } from './plugin.ts'

export default unplugin.webpack

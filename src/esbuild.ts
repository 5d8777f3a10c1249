/** mcp-aot for esbuild: `plugins: [mcp()]`. */
import { unplugin } from './plugin.ts'

export default unplugin.esbuild

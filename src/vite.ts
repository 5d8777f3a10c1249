/** mcp-aot for vite: `plugins: [mcp()]`. */
import { unplugin } from './plugin.ts'

export default unplugin.vite

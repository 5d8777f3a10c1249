/** mcp-aot for rolldown: `plugins: [mcp()]`. */
import { unplugin } from './plugin.ts'

export default unplugin.rolldown

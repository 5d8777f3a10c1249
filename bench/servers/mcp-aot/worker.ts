/** The mcp-aot server: the tool module, wired explicitly. */
import { createServer } from 'mcp-aot'
import * as tools from './tools.ts'

export default createServer({ name: 'mcp-aot', version: '1.0.0' }, tools)

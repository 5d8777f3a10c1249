npx @modelcontextprotocol/inspector --cli http://localhost:8787/mcp --transport http --method tools/list
npx @modelcontextprotocol/inspector --cli http://localhost:8787/mcp --transport http --method tools/call --tool-name save_note --tool-arg key=groceries --tool-arg text=eggs
npx mcporter list http://localhost:8787/mcp --allow-http --json
npx mcporter call http://localhost:8787/mcp.read_note key=groceries --allow-http --output json

// One Workers Analytics Engine data point per tool call: query it with SQL (blob1 = tool, blob2 =
// outcome, double1 = milliseconds). wrangler.jsonc: "analytics_engine_datasets": [{ "binding": "CALLS" }]
import { instrument } from 'mcp-aot'

interface Env {
  CALLS: { writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void }
}

export const analyticsInstrument = instrument<Env>({
  onCall(event, env) {
    env.CALLS.writeDataPoint({
      indexes: [event.name],
      blobs: [event.name, event.outcome, event.era, event.protocolVersion],
      doubles: [event.durationMs],
    })
  },
})

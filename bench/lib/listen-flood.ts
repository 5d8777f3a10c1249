/**
 * A worker thread of bench/subscriptions.ts: opens `count` listen streams at `url` as fast as 64 connections
 * can, posts a message once they are open, and holds them until the thread is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { open } from './listeners.ts'

const { url, count } = workerData as { url: string; count: number }
const { held, refused } = await open(new URL(url), count, 64)
parentPort!.postMessage({ held: held.length, refused })

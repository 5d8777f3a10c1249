/**
 * The differential test's corpus: types users write, declared once (PRELUDE) and used by 150+ tool
 * signatures. Each prelude entry is the text the compiler reads and, where TypeScript itself cannot judge a
 * JSON value against it, the text the tsc oracle reads instead (see differential.test.ts for why):
 * string enums are nominal in TypeScript (a JSON "red" is not a Color; numeric ones are not, so tsc reads
 * those and folds their members itself), and a brand with a required
 * property (`string & { __brand: 'Id' }`) accepts no plain value, so the oracle sees their wire types.
 *
 * Not in the corpus: an intersection whose sides meet inside array items (`Tree<string> & Tree<'a'>`,
 * `TreeNode & { children: {…}[] }`): tsc skips its excess-property check in the items of such arrays, so
 * an unknown key deep in the tree is accepted there while the (closed) schema refuses it; goldens cover them.
 *
 * Types declared in another file (FILES, imported by both) check that names, generic defaults and
 * constants resolve in the file that declared them. Left out on purpose: parse-level syntax (the golden
 * parse tests own it).
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const IMPORTS = [
  "import type { Int, Int8, Uint8, Int16, Uint16, Int32, Uint32, Min, Max, MinLength, MaxLength, Pattern, Email, Uri, Uuid, DateString, TimeString, DateTimeString, Duration, Hostname, Ipv4, Ipv6, JsonValue, JsonObject } from 'mcp-aot'",
  "import type { Listing, Keyed, Window } from './shapes.ts'",
  "import { PAGE } from './shapes.ts'",
  "import type { Kind, Prefs } from './shapes.ts'",
  "import type * as S from './shapes.ts'",
  // Issue 17 §3: modules resolved as TypeScript and Vite do (ROOT below)
  "import type { Account, Plan } from '@/lib/account'",
  "import type { CartItem } from '#types/cart'",
  "import type { Price, Currency } from 'kit/money'",
  "import type { Place } from 'kit/geo'",
  "import type { KitRoot } from 'kit'",
  "import type { OldConfig } from 'old'",
  "import type { Row } from 'untyped-lib'",
  "import type { SetOptional, SetRequired, Except, LiteralUnion, Tagged as Tag, RequireAtLeastOne, RequireExactlyOne, IsAny as FestIsAny } from 'type-fest'",
].join('\n')

/**
 * Other files beside the tools file, by name (the same text for the compiler and the oracle). Their local
 * `Cursor` and `Size` are not the tools file's (which declares different ones): a generic default is read
 * where it was declared.
 */
export const FILES: Record<string, string> = {
  'shapes.ts': [
    "import type { Int, Min, Max, MaxLength } from 'mcp-aot'",
    'type Cursor = string & MaxLength<16>',
    'type Size = Int & Min<1> & Max<100>',
    'export interface Listing<T, C = Cursor> { items: T[]; cursor: C | null; count: Int }',
    'export type Keyed<V = Size> = Record<string, V>',
    'export type Window<T, S = Size> = { of: T; size: S }',
    'export const PAGE = 20',
    "export const Kind = { Book: 'book', Film: 'film' } as const",
    "export type Kind = 'book' | 'film'",
    'export namespace Media { export type Item = { kind: Kind; size?: Size; cursor?: Cursor } }',
    'export interface Prefs { theme: string }',
    '',
  ].join('\n'),
  // through tsconfig.app.json's paths (`@/*`)
  'lib/account.ts': "import type { Int, Min } from 'mcp-aot'\nexport type Plan = 'free' | 'pro' | 'team'\nexport interface Account { id: string; plan: Plan; seats: Int & Min<1>; owner?: { name: string; email?: string } }\n",
  // through package.json imports (`#types/*`)
  'types/cart.ts': "import type { Plan } from '../lib/account.ts'\nexport interface CartItem { sku: string; qty: number; plan?: Plan; gift: boolean | null }\n",
  // a shim for a package without types, and global types (wrangler's worker-configuration.d.ts is such a file)
  'shims.d.ts': "declare module 'untyped-lib' {\n  export interface Row { id: string; cells: (string | null)[]; meta?: { [k: string]: number } }\n}\n",
  'global.d.ts': "export {}\ndeclare global {\n  interface GlobalTag { name: string; color?: 'red' | 'blue'; weight: number }\n}\n",
}

/**
 * Files at the project's root (beside src/), read by both the compiler and the oracle: Vite's tsconfig layout
 * (tsconfig.json with `files: []` and a reference to tsconfig.app.json, which holds `paths`; the oracle has
 * its own tsconfig.json with the same paths), package.json `imports`, and packages with an `exports` pattern,
 * `typesVersions`, `import('./x').T` in their .d.ts, and one with no types at all (shimmed in src/shims.d.ts).
 */
export const ROOT: Record<string, string> = {
  'tsconfig.json': '{\n  "files": [],\n  "references": [{ "path": "./tsconfig.app.json" }]\n}\n',
  'tsconfig.app.json': '{\n  // Vite writes comments here\n  "compilerOptions": { "strict": true, "paths": { "@/*": ["./src/*"] } },\n  "include": ["src"],\n}\n',
  'package.json': JSON.stringify({ name: 'app', type: 'module', imports: { '#types/*': './src/types/*.ts' } }),
  'node_modules/kit/package.json': JSON.stringify({ name: 'kit', exports: { '.': { types: './index.d.ts' }, './*': { types: './types/*.d.ts' } } }),
  'node_modules/kit/index.d.ts': "export interface KitRoot { version: string; price: import('./types/money').Price; places?: import('./types/geo').Place[] }\n",
  'node_modules/kit/types/money.d.ts': "export type Currency = 'USD' | 'EUR' | 'JPY'\nexport interface Price { amount: number; currency: Currency; note?: string | null }\n",
  'node_modules/kit/types/geo.d.ts': "export interface Place { name: string; fee?: import('./money').Price; at: [lat: number, lng: number] }\n",
  'node_modules/old/package.json': JSON.stringify({ name: 'old', types: 'index.d.ts', typesVersions: { '*': { '*': ['ts4/*'] } } }),
  'node_modules/old/ts4/index.d.ts': "export interface OldConfig { mode: 'a' | 'b'; retries?: number; tags: string[] }\n",
  'node_modules/untyped-lib/package.json': JSON.stringify({ name: 'untyped-lib', main: 'index.js' }),
  'node_modules/untyped-lib/index.js': 'module.exports = {}\n',
  // Issue 28 §2: the installed type-fest, as a project has it (the compiler and tsc read the same files)
  ...installed('type-fest'),
}

/** An installed package's files (package.json and its .d.ts), by their path under node_modules. */
export function installed(name: string): Record<string, string> {
  const dir = fileURLToPath(new URL(`../../../node_modules/${name}/`, import.meta.url))
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f === 'package.json' || f.endsWith('.d.ts'))
  return Object.fromEntries(files.map((f) => [`node_modules/${name}/${f}`, readFileSync(join(dir, f), 'utf8')]))
}

/** [the compiler's text, the oracle's text when it differs] */
export const PRELUDE: [string, string?][] = [
  ["export enum Color { Red = 'red', Green = 'green', Blue = 'blue' }", "type Color = 'red' | 'green' | 'blue'\ndeclare namespace Color { export type Red = 'red'; export type Green = 'green'; export type Blue = 'blue' }"],
  ['export enum Level { Low, Mid, High = 10 }'],
  ["export enum Mode { Auto = 'auto', Off = 0 }", "type Mode = 'auto' | 0"],
  ["export type UserId = string & { readonly __brand: 'UserId' }", 'type UserId = string'],
  ["export type Cents = Int & { readonly __brand: 'Cents' }", 'type Cents = Int'],
  ["export type Sku = string & Pattern<'^[A-Z]{3}-[0-9]{4}$'>"],
  ['export type Qty = Int & Min<1> & Max<1000>'],
  ['export type Name = string & MinLength<1> & MaxLength<40>'],
  ["export interface Address { street: string; city: string; zip?: string; country: 'US' | 'CA' | 'MX' }"],
  ['export interface Customer { id: UserId; name: Name; email: Email; address?: Address; vip: boolean }'],
  ['export interface LineItem { sku: Sku; qty: Qty; price: Cents; note?: string | null }'],
  ["export interface Order { id: string; customer: Customer; items: LineItem[]; placed: DateTimeString; status: 'open' | 'paid' | 'shipped' }"],
  ['export interface Todo { id: string; title: string; done: boolean; due?: DateString; tags: string[] }'],
  ['export interface Base { id: string; created: DateTimeString }'],
  ['export interface Post extends Base { title: string; body?: string; score: number }'],
  ["export type Shape = { kind: 'circle'; r: number } | { kind: 'rect'; w: number; h: number }"],
  ["export type Filter = { field: string; op: 'eq' | 'ne' | 'gt' | 'lt'; value: string | number | boolean | null }"],
  ['export type Page<T> = { items: T[]; next: string | null; total: Int }'],
  ['export type Pair<A, B> = [A, B]'],
  ['export type Boxed<T> = { value: T; label?: string }'],
  ['export interface Paged<T, M = string> { data: T[]; meta: M }'],
  ['export type Meta = { tags: Record<string, string>; [k: string]: unknown }'],
  ['export type Timestamps = { createdAt: DateTimeString; updatedAt?: DateTimeString }'],
  ['export type WithId = { id: string }'],
  ["export type A1 = { kind: 'a'; x: number }"],
  ["export type B1 = { kind: 'b'; y: string }"],
  ['export type Nested1 = { n: { a: string; b?: number } }'],
  ['export type Nested2 = { n: { b: number; c?: boolean } }'],
  ['export type Event = { at: Date; title: string; where?: URL }'],
  ["export type Settings = { theme: 'light' | 'dark'; fontSize: Int & Min<8> & Max<72>; notifications: { email: boolean; sms?: boolean } }"],
  ['export interface Empty {}'],
  ['export type Tagged = { id: string } & Record<string, unknown>'],
  ['export type Money = { amount: Int & Min<0>; currency: \'USD\' | \'EUR\' }'],
  ['export type Patch = Partial<Omit<Todo, \'id\'>> & WithId'],
  // names the other file also declares (its own stay its own)
  ['export type Cursor = number'],
  ['export type Size = boolean'],
  // recursive types: trees, mutual recursion, recursive generics, recursion through unions, optional, records
  ['export interface TreeNode { name: string; children: TreeNode[] }'],
  ['export interface Comment { text: string; at: Date; replies?: Comment[] }'],
  ['export type Tree<T> = { value: T; kids: Tree<T>[] }'],
  ["export type Expr = { op: 'lit'; n: number } | { op: 'add' | 'mul'; l: Expr; r: Expr } | { op: 'neg'; e: Expr }"],
  ['export interface Person { name: string; dept: Dept | null; reports: Person[] }'],
  ['export interface Dept { title: string; head?: Person }'],
  ['export type Cond = { field: string; eq: string | number } | { all: Cond[] } | { any: Cond[] & MinLength<1> } | { not: Cond }'],
  ['export type JsonLike = string | number | boolean | null | JsonLike[] | { [k: string]: JsonLike }'],
  ['export interface Folder { name: string; parent?: Folder | null; files: Record<string, Folder | Date> }'],
  ['export type LinkedList<T> = { head: T; tail: LinkedList<T> | null }'],
  ['export interface Menu { label: string & MaxLength<12>; items?: Record<string, Menu> }'],
  ['export type Scheduled = { at: Date; then?: Scheduled; every?: Int & Min<1> }'],
  // unions whose branches are revived
  ["export type Range = { kind: 'range'; from: Date; to?: Date } | { kind: 'all' }"],
  ["export type Stamp = { at: Date; by: string } | { at: Date; auto: true }"],
  ['export type Blob1 = Uint8Array | number[]'],
  // namespaces, a type and a const of one name, constants, @deprecated, bit flags
  ['export namespace Geo {\n  export type Point = { lat: number & Min<-90> & Max<90>; lng: number }\n  export interface Box { min: Point; max: Point }\n  export namespace Deep { export type Id = string & MinLength<3> }\n}'],
  ["export const Status = { Open: 'open', Closed: 'closed' } as const"],
  ["export type Status = 'open' | 'closed'"],
  ['export const LIMIT = 50'],
  ["export const SORT = 'asc'"],
  ['export interface Legacy {\n  /** @deprecated use `limit` */\n  max?: Int\n  limit?: Int & Min<1>\n  /** @deprecated */\n  name: string\n}'],
  ['export type Pairs = [string, Pairs | null]'],
  ['export type MM = Map<string, MM>', 'type MM = { [k: string]: MM }'],
  ['export type SS = { s: Set<SS> }'],
  ['export interface Dir extends Base { sub: Dir[] }'],
  ["export type Trie<V> = { value?: V; next: Partial<Record<'a' | 'b', Trie<V>>> }"],
  ['export type Both = { a: Both[] } & { b?: string }'],
  ['export type Deep = { d?: { e?: { f?: Deep } } }'],
  ['export type Ev = { at: Date; sub?: Ev[] } | null'],
  // recursion through unions with revived branches
  ['export type TD = Date | { t: TD }'],
  ['export type Q = bigint | Q[]'],
  ['export type UU = URL | { alt: UU } | null'],
  ['export type BB = Uint8Array | { parts: BB[] }'],
  ["export type When = Date | 'now' | { before: When } | { after: When; not?: true }"],
  ['export type NN = number | { n: NN } | NN[]'],
  ['export enum Perm { None = 0, Read = 1 << 0, Write = 1 << 1, Exec = 1 << 2, All = Read | Write | Exec }'],
  // Unions of objects and TypeScript's excess-property rule (src/compiler/types/open-unions.ts)
  ['export type OU1 = { a: string } | { b: number }'],
  ['export type OU2 = { a: string; c: number } | { b: number; c: string }'],
  ['export type OU3 = { a: string } | { b: Int8 } | { b: string; c: boolean }'],
  ["export type OU4 = { a: string; k: 'a' | 'b' } | { b: number; k: 'b' | 'a' }"],
  ["export type OU5 = { a: string; k: boolean } | { b: number; k: string }"],
  ['export type OU6 = { a: string; next?: OU6 } | { b: Date; all?: OU6[] }'],
  ["export type OU7 = { a: string } | { b: 1 } | { k: 'z'; c: Uint8Array }"],
  // Keys declared never (issue 17, item 2): one key or the other, never both
  ['export type XOR1 = { id: string; email?: never } | { email: Email; id?: never }'],
  ['export interface XBase { id?: string; email?: string; note?: string }'],
  ['export interface ById extends XBase { id: string; email?: never }'],
  ['export interface ByEmail extends XBase { email: string; id?: undefined }'],
  // Module augmentation (issue 17, item 3): merged into the interface, names read in the block, the augmented module, this file
  ["declare module './shapes.ts' {\n  interface Prefs { lang: 'en' | 'de'; kind?: Kind; size?: Qty }\n  interface Listing<T, C> { total?: Int }\n}"],
  // Issue 17 §2: as const enums, indexed access, keyof, Exclude/Extract, template literals, mapped types, open tuples, symbol brands
  ["export const Role = { Admin: 'admin', Editor: 'editor', Viewer: 'viewer' } as const"],
  ['export type Role = (typeof Role)[keyof typeof Role]'],
  ["export const SIZES = ['s', 'm', 'l', 'xl'] as const"],
  ['export const Codes = { ok: 200, gone: 410, teapot: 418 } as const satisfies Record<string, number>'],
  ["export const Flags3 = { on: true, label: 'x', nested: { depth: 2 } } as const"],
  ['export const Widths = [1, 2.5, 4]'],
  ["export interface Shop { status: 'open' | 'closed' | 'paused'; items: { sku: Sku; qty: Qty; tags?: string[] }[]; owner: { name: string; email?: Email }; note?: string | null; pos: [number, number] }"],
  ["export type ShopStatus = Shop['status']"],
  ["export type ShopItem = Shop['items'][number]"],
  ['export type Sel<T> = { by: keyof T; desc?: boolean }'],
  ['export type Flags2<T> = { [K in keyof T]: boolean }'],
  ['export type Opt<T> = { [K in keyof T]?: T[K] }'],
  ['export type Req<T> = { [K in keyof T]-?: T[K] }'],
  ['export type RO<T> = { readonly [K in keyof T]: T[K] }'],
  ["export type Perms = { [K in 'read' | 'write' | 'admin']: boolean }"],
  ["export type Limits = { [K in 'min' | 'max']?: Int }"],
  ['export type NotNull<T> = T extends null | undefined ? never : T'],
  ['export type IsStr<T> = T extends string ? { s: T } : { other: T }'],
  ['export type UserKey = `user_${string}`'],
  ['export type Px = `${number}px`'],
  ['export interface Ports { 80: string; 443: string; admin: string }'],
  ['export interface Contact { id: string; email?: string; phone?: string; name: string }'],
  ['export type IsAny<T> = 0 extends 1 & T ? true : false'],
  ["export const PORTS = { 80: 'http', 443: 'https', admin: 'x' } as const"],
  ['export interface Store { name: string; size: number; get(key: string): string; 80: boolean }'],
  ['export class BaseRepo { id = 1; load(): void {} }\nexport class Repo extends BaseRepo { constructor(public region: string, private secret: string) { super() } static make(): void {} private inner = 2; hits = 0; clear(): void {} }'],
  ['export type IsTupleOf<T, E> = T extends E[] ? { all: E } : { some: T }'],
  ["export type OrderId = Tag<string, 'Order'>", 'export type OrderId = string'],
  ["export type Corner = `${'top' | 'bottom'}-${'left' | 'right'}`"],
  ['export type Ratio = `r${number}:${number}`'],
  ['export type Path2 = `/${string}/${string}.json`'],
  ["declare const brand: unique symbol\nexport type Uid = string & { readonly [brand]: 'Uid' }", 'type Uid = string'],
  ['declare const cents: unique symbol\nexport type Amount = Int & { readonly [cents]: true }', 'type Amount = Int'],
  ['export namespace Pri { export enum Level2 { Low = 1, High = 2 } }'],
  ['export function makeTodo(): Todo { throw new Error() }'],
  ['export const loadShop = async (): Promise<Shop> => { throw new Error() }'],
  // Issue 28: tool inputs modelled on public MCP servers (GitHub, Slack, Linear, Jira, Google Drive, Postgres, Brave,
  // Puppeteer, Exa, Firecrawl, Kubernetes, AWS, Cloudflare, Shopify, Twilio, Sentry, Notion, Stripe)
  ["export type GhState = 'open' | 'closed' | 'all'"],
  ["export type GhSort = 'created' | 'updated' | 'comments'"],
  ['export interface GhRepoRef { owner: string & MinLength<1>; repo: string & MinLength<1> }'],
  ['export interface GhFile { path: string; content: string }'],
  ["export type GhReview = { event: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT'; body?: string; comments?: { path: string; line?: Int & Min<1>; body: string }[] }"],
  ["export type SlackText = { type: 'mrkdwn' | 'plain_text'; text: string & MaxLength<3000> }"],
  ["export type SlackBlock = { type: 'section'; text: SlackText } | { type: 'divider' } | { type: 'header'; text: SlackText }"],
  ['export type LinearPriority = 0 | 1 | 2 | 3 | 4'],
  ['export type JiraKey = `${string}-${number}`'],
  ['export type JiraFields = { summary: string; labels?: string[] } & Record<`customfield_${number}`, string | number | null>'],
  ["export type DriveMime = `application/vnd.google-apps.${'document' | 'spreadsheet' | 'presentation' | 'folder'}`"],
  ['export type PgValue = string | number | boolean | null'],
  ["export type FcFormat = 'markdown' | 'html' | 'rawHtml' | 'links' | 'screenshot'"],
  ["export type FcAction = { type: 'wait'; milliseconds: Int & Min<0> } | { type: 'click'; selector: string } | { type: 'write'; text: string } | { type: 'scroll'; direction?: 'up' | 'down' }"],
  ["export type K8sKind = 'Pod' | 'Deployment' | 'Service' | 'ConfigMap' | 'Secret'"],
  ['export type K8sLabels = Record<string, string & MaxLength<63>>'],
  ["export interface SvcPorts { 80: 'http'; 443: 'https'; 8080: 'alt' }"],
  ["export type AwsRegion = `${'us' | 'eu' | 'ap'}-${'east' | 'west'}-${1 | 2}`"],
  ['export type CfTtl = 1 | (Int & Min<60> & Max<86400>)'],
  ["export type ShopifyGid = `gid://shopify/${'Product' | 'Order' | 'Customer'}/${number}`"],
  ['export type E164 = `+${number}`'],
  ["export type SentryLevel = 'fatal' | 'error' | 'warning' | 'info' | 'debug'"],
  ["export type NotionColor = 'default' | 'gray' | 'red' | 'blue' | `${'gray' | 'red' | 'blue'}_background`"],
  ["export type NotionRich = { type: 'text'; text: { content: string & MaxLength<2000>; link?: { url: string } | null }; annotations?: Partial<Record<'bold' | 'italic' | 'code', boolean>> }"],
  ['export type NotionProp = { title: NotionRich[] } | { rich_text: NotionRich[] } | { number: number | null } | { checkbox: boolean } | { select: { name: string } | null }'],
  ['export type StripeMeta = Record<string, string & MaxLength<500>>'],
  ["export type StripeCurrency = 'usd' | 'eur' | 'gbp'"],
  ["export type ToolArgs<K> = K extends 'search' ? { query: string; limit?: Int8 } : K extends 'fetch' ? { id: string } : { note: string }"],
  ['export type Paginated<T> = T & { cursor?: string; page_size?: Int & Min<1> & Max<100> }'],
  ['export type MaybeList<T> = T extends unknown[] ? T : T[]'],
  ['export type Nullable<T> = { [K in keyof T]: T[K] | null }'],
]

/**
 * Tool signatures, one parameter list each (`a: T, b?: U, c: V = 1`), or one destructured object
 * parameter written `{…}: T`.
 */
export const SIGNATURES: string[] = [
  // primitives, integer types, constraints, formats, brands
  's: string', 'n: number', 'b: boolean', 'i: Int', 'i8: Int8', 'u8: Uint8', 'i16: Int16, u16: Uint16', 'i32: Int32, u32: Uint32',
  'n: number & Min<0>', 'n: number & Max<1.5>', 'n: number & Min<-10> & Max<10>', 'q: Int & Min<1> & Max<10>', 'q: Qty',
  's: string & MinLength<1>', 's: string & MaxLength<8>', 's: Name', 's: Sku', "s: string & Pattern<'^[a-z]+$'>",
  'e: Email', 'u: Uri', 'id: Uuid', 'd: DateString', 't: TimeString', 'dt: DateTimeString', 'dur: Duration', 'h: Hostname',
  'ip: Ipv4', 'ip6: Ipv6', 'limit: Int & Min<1> & Max<50> = 10', 'query: string, limit?: Int8', 's: string & MinLength<2> & MaxLength<2>',
  'id: UserId', 'c: Cents', 'e: Email & MaxLength<30>', 'n: Int8 & Min<0>', 'n: Uint8 & Max<100>',
  // tags that intersect (item 6)
  's: (string & MaxLength<10>) & MaxLength<20>', 'n: (number & Min<1>) & Min<-5>', "s: string & Pattern<'^a'> & Pattern<'z$'>",
  'n: Uint8 & Max<100> & Max<200>', 's: Name & MaxLength<5>',
  // literals and enums
  "p: 'low' | 'normal' | 'high'", 'n: 1 | 2 | 3', 'f: 1 | 2.5', 't: true', "m: 'auto' | 0", 'c: Color', 'l: Level', 'mode: Mode',
  "c: Color | 'purple'", "s: string | 'a'", 'b: true | false', 'x: -1 | 0 | 1', "p: 'a' | 'b' = 'a'",
  // arrays, tuples, sets
  'tags: string[]', 'ids: Array<Int>', 'xs: ReadonlyArray<boolean>', 'm: number[][]', 'xs: (string & MaxLength<3>)[]',
  'xs: string[] & MinLength<1>', 'xs: Array<Int8> & MinLength<1> & MaxLength<3>', 'p: [string, Int]', 'p: [name: string, on: boolean]',
  'p: Pair<string, number>', 's: Set<string>', 's: ReadonlySet<Int8>', 's: Set<string> & MaxLength<3>', 'xs: Array<string | null>',
  'xs: readonly string[]', 'grid: [number, number][]', 'xs: Color[]',
  // records and maps
  'r: Record<string, Int>', 'r: { [k: string]: boolean }', 'm: Map<string, number>', "r: Record<'a' | 'b', Int8>", 'r: Record<Color, boolean>',
  'r: { name: string; [k: string]: string }', 'r: Record<string, Int8 | null>', 'm: Map<string, Set<Int8>>', 'r: Record<string, string[]>',
  'r: Record<string, Address>',
  // optional, nullable, defaults
  's: string | null', 's?: string', 's: string | undefined', 'n: Int | null', 'xs: string[] | null', 'o: { a: string } | null',
  "p: 'a' | 'b' | null", 'n: 1 | 2 | null', 't: true | null', "m: 'auto' | 0 | null", 'u: string | number | null', 'u: unknown | null',
  'r: Record<string, string> | null', 'c: Color | null', "s: string = 'x'", 'n: number = -1', 'flag: boolean = false',
  'a: string, b?: number, c: boolean | null, d?: Int8 | null',
  // interfaces and object types
  'a: Address', 'c: Customer', 'item: LineItem', 'o: Order', 't: Todo', 'p: Post', 's: Settings', 'f: Filter', 'fs: Filter[]',
  'x: { a: string; b?: number }', 'x: { customer: { name: string; email: Email } }', "x: { 'content-type': string; \"x.y\"?: number }",
  '{ query, limit = 10 }: { query: string; limit?: Int }', 'x: Meta', 'x: Timestamps', 'items: LineItem[] & MinLength<1>', 'x: Readonly<Address>',
  'm: Money', 'x: { a: { b: { c: string[] } } }',
  // utility types
  'u: Partial<Todo>', 'u: Required<Address>', "u: Pick<Todo, 'id' | 'title'>", "u: Omit<Todo, 'tags'>", 'u: Readonly<Todo>',
  'u: NonNullable<string | null>', 'u: NonNullable<Address | null | undefined>', "u: Partial<Pick<Todo, 'id'>>", "u: Omit<Post, 'created'>",
  "u: Required<Pick<Address, 'zip'>>", 'u: Partial<Settings>', "u: Pick<Customer, 'email' | 'vip'>", "u: Omit<Customer, 'address' | 'id'>",
  'u: Readonly<string[]>', 'u: Patch',
  // generic aliases and interfaces
  'p: Page<Todo>', 'p: Page<Int8>', 'b: Boxed<string>', 'b: Boxed<Color>', 'b: Boxed<Boxed<number>>', 'p: Paged<string>',
  'p: Paged<Int, boolean>', 'p: Page<Pair<string, Int8>>', 'b: Boxed<string | null>', 'b: Boxed<Money[]>',
  // intersections (item 1)
  'x: { id: string } & Partial<Todo>', 'x: (A1 | B1) & { at: string }', 'x: Record<string, unknown> & { id: string }',
  'x: { a: string } & { a?: string }', "x: { kind: 'a' | 'b' } & { kind: string }", 'x: Nested1 & Nested2', 'x: WithId & Timestamps',
  "x: Address & { country: 'US' }", 'x: Shape & { color: Color }', "x: (A1 | B1) & { kind: 'b' }", 'x: { id: string } & JsonObject',
  'x: { a: string | number } & { [k: string]: string }', 'x: Record<string, Int8> & Record<string, Uint8>', 'x: Int8 & Uint8',
  "x: ('a' | 'b' | 'c') & ('b' | 'c' | 'd')", "x: { n: 1 | 2.5 | 'x' } & { n: Int }", 'x: ({ a: string } | null) & ({ b: string } | null)',
  'x: ({ a: string } | null) & { b: string }', 'x: string & {}', 'x: object & { a: string }', 'x: {} & { a: string }',
  "x: Partial<Todo> & Pick<Todo, 'id'>", "x: Omit<Post, 'score'> & { score?: Int }", 'x: Todo & { done: true }', 'x: Tagged',
  'x: (Money | null) & { note?: string }', "x: Base & Pick<Post, 'title'>", 'x: { tags: string[] } & { tags: (string & MaxLength<3>)[] }',
  'xs: Array<WithId & Timestamps>', 'x: Required<Partial<Todo> & WithId>', 'x: Event & { at: Date }', "x: (WithId & { kind: 'a' }) | (WithId & { kind: 'b'; n: Int8 })",
  'x: { p: [string, number] } & { p: [string, Int8] }', "x: Record<'a' | 'b', string> & { a: 'x' | 'y' }", 'x: { m?: Money } & { m?: { amount: Int & Max<100> } }',
  'x: (string | number) & (number | boolean)', "x: (Int8 | 'k') & (Uint8 | string)", 'x: Readonly<Settings> & Partial<Settings>',
  'x: { s: Set<string> } & { s: Set<string> & MaxLength<2> }', 'x: { [k: string]: Int8 } & { n: Uint8 }',
  // {}, object, unknown (item 9)
  'x: {}', 'x: {} | null', 'x: object', 'x: object | null', 'x: Record<string, never>', 'x: NonNullable<unknown>', 'x: unknown',
  'x: JsonValue', 'x: JsonObject', 'x: Record<string, unknown>', 'x: any', 'x: Empty', 'x: { a?: {} }',
  // wire shapes: Date, URL, bigint, Uint8Array, Set, Map (compared as JSON strings and arrays)
  'at: Date', 'site: URL', 'n: bigint', 'data: Uint8Array', 'days: Set<Date>', 'e: Event', 'xs: Date[]', 'm: Map<string, URL>',
  'r: Record<string, bigint>', 'n: bigint | null', 'd: Date | null', 'b: Uint8Array | null', 'p: Pair<Date, string>',
  // unions
  's: Shape', 's: Shape | null', 'x: string | string[]', 'x: { a: string } | { b: number }', 'x: string | number', 'x: Int8 | string',
  'x: A1 | B1 | null', 'x: Array<Shape>', 'x: Filter | Filter[]',
  // recursive types (item 13): trees, mutual recursion, recursive generic aliases, recursion through unions, optional, records
  't: TreeNode', 'c: Comment', 't: Tree<Int8>', 't: Tree<Date | number>', 'e: Expr', 'p: Person', 'd: Dept', 'c: Cond', 'j: JsonLike',
  'f: Folder', 'l: LinkedList<string>', 'l: LinkedList<Date>', 'm: Menu', 's: Scheduled', 'ts: TreeNode[]', 'r: Record<string, Comment>',
  'c: Comment | null', 'x: { root?: TreeNode }', 'x: Tree<string> | string', 'p: Page<Comment>', 'b: Boxed<Expr>', 'x: Partial<Comment>',
  "x: Pick<Person, 'reports'>", 'x: Readonly<TreeNode>', 'xs: Array<Cond | null>', 'x: [TreeNode, Expr]', 'm: Map<string, Menu>',
  'x: Tree<Tree<boolean>>', 'x: Tree<Range>', 'x: { a: Comment; b: Comment[] }',
  // intersections with recursive types
  'x: TreeNode & { root: true }', 'x: Comment & { pinned: boolean }', 'x: Tree<string> & { size: Int }', "x: Person & Pick<Dept, 'title'>",
  'x: Partial<TreeNode> & { name: string }',
  // unions with revived branches (item 3), nested in arrays, records, tuples, objects
  'x: Date | number', 'r: Range', 'n: bigint | number', 'u: URL | null', 'b: Uint8Array | number[]', 'b: Blob1', 'xs: (Date | number)[]',
  'r: Record<string, Date | number>', 'rs: Range[]', 'r: Record<string, Range>', 'x: Range | null', "x: { when: Date | 'now' }",
  'x: [Date | number, bigint | boolean]', 'x: URL | { host: string }', 'x: Set<string> | boolean', "x: Date | 'now' | 'never'",
  'x: { at: Date } | { n: number }', 'xs: Array<URL | null>', 'x: Stamp', 'x: bigint | number | null', 'm: Map<string, bigint | number>',
  'x: { r?: Range; b?: Uint8Array | number[] }', "x: [Date] | [string, string]", 'x: { inner: Range | null }',
  // intersections of unions of dated objects
  'x: Range & { at: Date }', "x: (Range | { kind: 'none' }) & { note?: string }", 'x: Stamp & { id: string }', 'x: (Stamp & WithId)[]',
  "x: Range & ({ tz: string } | { utc: true })",
  // namespaces, a type and a const of one name, defaults from constants, @deprecated, bit flags
  'p: Geo.Point', 'b: Geo.Box', 'id: Geo.Deep.Id', 'ps: Geo.Point[]', 'x: { at: Geo.Point; id?: Geo.Deep.Id }',
  's: Status', 'x: { s: Status; n?: Int }', 'n: Int & Max<100> = LIMIT', "sort: 'asc' | 'desc' = SORT", 'l: Level = Level.Mid',
  'c: Color = Color.Red', 'n: Int & Min<1> = PAGE', 'm: Mode = Mode.Auto', 'p: Perm = Perm.All', 'n: Int8 | null = null',
  "s: Status = 'open'", "id: Geo.Deep.Id = 'abc'", 'q: Qty = LIMIT', 'x: Legacy', 'x: Partial<Legacy>', 'p: Perm', 'ps: Perm[]', 'x: { p?: Perm | null }',
  // generic defaults declared in another file
  'l: Listing<string>', 'l: Listing<Int, number>', 'k: Kind', 'xs: Kind[]', 'm: S.Media.Item', 'l: S.Listing<S.Media.Item>', 'w: S.Window<Kind>',
  'k: S.Keyed<S.Media.Item[]>', 'k: Keyed', 'k: Keyed<boolean>', 'w: Window<string>', 'w: Window<Int, Cursor>',
  // Record<string, never>, {} and object in nested positions
  'x: { a: Record<string, never> }', 'xs: Record<string, never>[]', 'x: Record<string, never> | null', 'x: { meta: {} }', 'xs: {}[]',
  'x: { o: object }', 'xs: object[]', 'r: Record<string, {}>', 'x: [object, {}]', 'x: { a?: object | null }', 'x: Boxed<{}>',
  'x: Page<object>', 'x: { a: {} } & { a: { b: string } }', 'x: Array<{} | null>', 'x: Record<string, Record<string, never>>',
  // more of the same, mixed
  'x: Perm.Read | Perm.Write', 'x: Status | null', 'x: Geo.Box | Geo.Point', 'x: Partial<Record<Color, Int>>', 'x: Required<Legacy>',
  "x: Omit<Legacy, 'max'>", 'x: { t: TreeNode } & { t: { name: MaxLength<3> & string } }', 'x: Comment & { replies?: Comment[] }',
  'x: NonNullable<Comment | null>', 'x: Readonly<Range>', 'x: Listing<Comment>', 'x: Keyed<Range>', 'x: Window<Window<Int>>',
  'x: Set<Date> | null', 'x: Map<string, Date> | Date', 'x: Date | Date[]', 'x: ReadonlyArray<Range>', 'x: Range | Range[]',
  'x: { a: Date } & { a: Date | null }', 'x: (Date | null) & Date', 'x: Int & (Date | number)', 'x: Date & {}', 'x: Range & {}',
  'x: object & Range', 'x: TreeNode & TreeNode', "x: Expr & { op: 'lit' }", 'x: JsonLike & string',
  'x: JsonLike & {}', 'x: Cond | null', 'x: Partial<Person>', 'x: Record<Color, TreeNode>', 'x: Map<string, Comment>', 'x: Set<Expr>',
  'x: [Comment | null, Date]', 'x: Tree<Tree<Date>>', 'x: LinkedList<Range>', 'x: TreeNode & { name: MaxLength<3> & string }',
  'x: Level.Mid | Level.High', "x: Level | 'auto'", 'x: Uint8Array[]', 'x: Record<string, Uint8Array | null>', 'x: Map<string, Range>',
  'x: Set<bigint>', 'x: { d: Date }[] | null', 'x: Date | { at: Date; tz?: string }', 'x: Array<Date | null> | Date',
  "x: Omit<Comment, 'replies'>", 'x: Required<Comment>', "x: Pick<Folder, 'files'>", 'x: Readonly<Record<string, Range>>',
  'x: Partial<Tree<string>>', 'x: Required<Partial<Comment>>', "x: Omit<TreeNode, 'name'>", 'x: Readonly<JsonLike>', 'x: NonNullable<JsonLike>',
  'x: JsonLike & object', 'x: Record<string, JsonLike> | null', 'x: Pairs', 'x: MM', 'x: SS', 'x: Dir', 'x: Trie<Int8>', 'x: Both', 'x: Deep', 'x: Ev',
  'x: Ev[]', 'x: NonNullable<Ev>', 'x: Dir & { root: true }', 'x: Readonly<Pairs>', 'x: Partial<Dir>',
  'x: TD', 'x: Q', 'x: UU', 'x: BB', 'x: When', 'x: NN', 'x: Tree<Uint8Array>', 'x: Record<string, Date | Tree<Date>>', 'x: Tree<bigint | null>',
  'x: Set<TD>', 'x: Map<string, Q>', 'x: [TD, Q]', 'x: TD | null', 'x: TD[] | number', 'x: When & {}', 'x: { w?: When; q?: Q }',
  'x: Color.Red', 'x: Array<Color.Red | Color.Blue>', 'x: readonly [string, number]', 'x: LinkedList<Int8> & LinkedList<Uint8>',
  'x: { c: Comment } & { c: { text: MaxLength<5> & string } }', 'x: (TreeNode | null) & (TreeNode | { name: string })',
  // a key of another member: non-discriminated unions take it with its type; discriminated ones refuse it
  'x: OU1', 'x: OU2', 'x: OU3', 'x: OU4', 'x: OU5', 'x: OU6', 'x: OU7', 'x: OU1 | null', 'x: string | OU1', 'xs: OU3[]',
  'x: { a: string } | { b: { c: number } }', 'x: { a: string; k: number } | { b: number; k: Int8 }', 'x: { a: string } | { at?: Date; n: bigint }',
  'x: { a: string } | Record<string, number>', 'x: ({ a: string } & { a2: number }) | { b: Date }', 'x: (OU1 | { c: boolean }) & { id: string }',
  "x: { a: string; k?: 'x' } | { b: number }", 'x: { u: OU1 | Date }', 'x: { a: string; b?: number } | { b: number; c?: string[] }',
  // keys declared `?: never` / `?: undefined`: never present in that member, and never lent to it by another
  'x: XOR1', 'x: { id: string; email?: undefined } | { email: string; id?: undefined }', 'x: { a: string; b?: never } | { b: number }',
  "x: { kind: 'a'; a: string; b?: never } | { kind: 'b'; b: Int8; a?: never }", 'x: ById | ByEmail', 'x: ById', 'xs: XOR1[]',
  'x: { a: string; b?: never; c?: never } | { b: string; a?: never; c?: never } | { c: Int8; a?: never; b?: never }',
  'x: { q: string; page?: never } | { page: Int & Min<1>; q?: never } | null', 'x: { w: { at: Date; n?: never } | { n: bigint; at?: never } }',
  'x: Partial<{ a: string; b?: never }> | { b: string }', "x: Pick<{ a: string; b?: never; c: number }, 'a' | 'b'> | { b: string }",
  'x: ({ a: string } & { b?: never }) | { b: string }', 'x: { a?: (never) } & { b: string }', 'x: XOR1 & { note?: string }',
  // module augmentation: the added members are known, required ones required
  'p: Prefs', 'ps: Prefs[]', 'x: Listing<Prefs>', 'x: Partial<Prefs>', 'x: Prefs | null', "x: Pick<Prefs, 'lang'>", 'x: Prefs & { id: string }',
  // Issue 17 §2: the idioms above, in the order
  'r: Role', 'r: Role = Role.Editor', 's: (typeof SIZES)[number]', "s: (typeof SIZES)[number] = 'm'", 'c: (typeof Codes)[keyof typeof Codes]',
  'x: typeof Flags3', 'x: typeof Codes', 'w: (typeof Widths)[number]', 'xs: Role[]', 'x: { role: Role; size?: (typeof SIZES)[number] }',
  'x: (typeof SIZES)[0]', "x: (typeof Flags3)['nested']", 'k: keyof typeof Level', 'k: keyof typeof Role',
  's: ShopStatus', 'i: ShopItem', "x: Shop['owner']", "x?: Shop['owner']['email']", "x?: Shop['note']", "x: Shop['pos']", "x: Shop['pos'][number]",
  "x?: Shop['items'][number]['tags']", "x: Order['status']", "x: Order['items'][number]", "x?: Order['customer']['address']", "x?: Shop['status' | 'note']",
  'x?: Todo[keyof Todo]', "x: S.Listing<string>['items']", 'x: Listing<Int>[\'cursor\']',
  'k: keyof Todo', "k: keyof Shop = 'status'", 'x: Sel<Todo>', 'x: Record<keyof Base, boolean>', 'x: Omit<Post, keyof Base>', 'x: Pick<Post, keyof Base>',
  'x: Partial<Record<keyof Todo, Int>>', 'k: keyof Meta', 'x: Array<keyof Address>',
  "s: Exclude<ShopStatus, 'paused'>", 'c: Extract<Color, Color.Red | Color.Blue>', 'c: Exclude<Color, Color.Green>', 'l: Exclude<Level, Level.Low>',
  'x: Exclude<string | number | null, number>', "x: Extract<Shape, { kind: 'rect' }>", "x: Exclude<Shape, { kind: 'rect' }>", "x: Extract<Role, 'admin' | 'editor' | 'nobody'>",
  "x: NonNullable<Shop['note']>", "x: NonNullable<Boxed<string | null>['value']>", 'x: { a: NonNullable<string | null | undefined>; b?: NonNullable<Int | null> }',
  'x: NonNullable<Shape | null>[]', 'x: Exclude<boolean | null, false>',
  'k: UserKey', 'p: Px', 'c: Corner', 'v: Ratio', 'p: Path2', 'x: `${string}-${string}`', 'x: `${boolean}!`', 'x: `${Corner}:${UserKey}`', 'x: { key: UserKey; at?: `${number}` }', 'x: Record<Corner, Px>',
  'x: `#${string}` | null', "x: `${'a' | 'b'}${'' | '!'}`",
  'x: Perms', 'x: Limits', 'x: Flags2<Todo>', 'x: Opt<Address>', 'x: Req<Todo>', 'x: RO<Base>', 'x: { [K in Role]: Int8 }', "x: { [K in 'a' | 'b']: K }",
  'x: { [K in keyof Address]: string }', "x: Flags2<Shop['owner']>", 'x: { [K in string]: boolean }',
  'x: [string, ...string[]]', 'x: [name: string, age?: number]', 'x: [Int, ...number[]]', 'x: [string, number?, ...boolean[]]', 'x: [a?: string, b?: Int8]',
  'x: [...Role[]]', 'x: { path: [string, ...string[]]; at?: [number, number?] }', 'x: Array<[string, Int?]>', 'x: [Date, ...Date[]]', 'x: [Address, Address?]',
  'x: [string, number?] | null',
  'u: Uid', 'x: { id: Uid; amount: Amount }', 'xs: Uid[]',
  'n: bigint = 10n', 'n: bigint = -3n', 'p: Pri.Level2 = Pri.Level2.High', 'x: { p: Pri.Level2 }',
  'x: NotNull<string | null>', 'x: NotNull<Role | undefined | null>', "x: IsStr<'a' | 1>", "x: 'open' extends ShopStatus ? Int8 : string",
  'x: string extends ShopStatus ? Int8 : boolean', 'x: Awaited<Promise<Todo>>', 'x: ReturnType<typeof makeTodo>', 'x: Awaited<ReturnType<typeof loadShop>>[]',
  // Issue 17 §3: types from @/ paths (Vite's tsconfig references), #imports, package exports patterns,
  // typesVersions, import('./x').T in a package's .d.ts, a declare module shim and declare global
  'a: Account', 'p: Plan', "p: Plan = 'free'", 'x: { owner: Account; plan?: Plan }', 'xs: Account[]', "x: Account['plan']", 'x: Partial<Account>',
  "x: Pick<Account, 'id' | 'owner'>", "x?: Account['owner']",
  'i: CartItem', 'xs: CartItem[] & MinLength<1>', 'x: Record<string, CartItem>', 'x: CartItem | null',
  'p: Price', 'c: Currency', 'x: { prices: Price[]; base?: Currency }', "x: Price['currency']", "x: Omit<Price, 'currency'>", "c: Exclude<Currency, 'JPY'>",
  'x: Place', 'xs: Place[]', "x?: Place['fee']", 'x: KitRoot',
  'x: OldConfig', 'x: Partial<OldConfig>',
  'r: Row', 'rs: Row[]', 'x: Row | null',
  'g: GlobalTag', 'gs: GlobalTag[]', "x?: GlobalTag['color']",
  'x: { a: Account; p: Price; g: GlobalTag; r?: Row }', 'x: Account & { price: Price }', 'k: keyof Account',
  // Issue 28 §1: untyped defaults, typed as tsc infers them (the oracle reads tsc's inferred parameter type)
  'dryRun = false', 'limit = 10', "format = 'json'", 'offset = -1', 'ratio = 0.5', 'label = `plain`',
  'query: string, limit = 25, dryRun = false', "q: string, mode = 'fast', page = 1",
  "tags = ['a', 'b']", 'ns = [1, 2, 3]', "mixed = ['a', 1]", 'flags = [true, false]',
  "sort = { by: 'name', desc: false }", "o = { name: 'x', size: 1, tags: ['t'], inner: { on: true } }", "o = { 'max-age': 60 }",
  // Issue 28 §2 W1: template literal key types (other keys are refused, as tsc refuses them)
  'headers: Record<`x-${string}`, string>', 'headers?: Partial<Record<`x-${string}`, string>>', 'byPort: Record<`${number}`, boolean>',
  'req: { url: string; headers: Record<`x-${string}`, string> }', 'x: { [k: `data-${string}`]: Int8 }', 'x: Record<UserKey, Int>',
  'x: { id: string } & Record<`x-${string}`, string>', 'm: Map<`x-${string}`, string>', 'x: { [K in `on${string}`]?: boolean }',
  'x: Record<`${number}px`, string> | null', 'x: Readonly<Record<`x-${string}`, string[]>>',
  // W2: keyof of a number literal key is the number
  'k: keyof Ports', "k: keyof Ports = 443", 'x: Record<keyof Ports, boolean>', 'x: Pick<Ports, 443>', 'x: { [K in keyof Ports]?: K }',
  'k: keyof { 0x10: boolean; 1.5: boolean }', 'k: Exclude<keyof Ports, 80>', 'x: Omit<Ports, 80 | 443>', 'k: keyof Record<`x-${string}`, string>',
  'x: Ports[keyof Ports]', 'xs: (keyof Ports)[]',
  // Regressions: type-fest's object helpers (the installed package)
  "x: SetOptional<Contact, 'name' | 'id'>", "x: SetRequired<Contact, 'email'>", "x: Except<Contact, 'phone'>", "x: LiteralUnion<'asc' | 'desc', string>",
  'id: OrderId', 'x: { order: OrderId; n?: Int }', "x: RequireAtLeastOne<Contact, 'email' | 'phone'>", "x: RequireExactlyOne<Contact, 'email' | 'phone'>",
  "x: SetOptional<Ports, 'admin'>", "x: Partial<SetRequired<Contact, 'phone'>>",
  // W3: conditional types decided as tsc decides them
  'x: IsAny<any>', 'x: IsAny<unknown>', 'x: IsAny<string>', 'x: FestIsAny<any>', 'x: FestIsAny<Contact>',
  'x: [string, string] extends string[] ? Int8 : string', 'x: [string, Int] extends string[] ? Int8 : string', 'x: IsTupleOf<[string, string], string>',
  "x: IsTupleOf<['a', 'b'], string>", 'x: string[] extends [string] ? Int8 : boolean', 'x: [Contact] extends [Contact] ? Int8 : boolean',
  // §3: keyof of a class or of an interface with methods is its keys
  'k: keyof typeof PORTS', 'x: (typeof PORTS)[keyof typeof PORTS]', 'k: keyof Store', 'k: keyof Repo', 'x: Record<keyof Repo, boolean>', "k: Exclude<keyof Store, 'get'>",
  // Issue 28: tool inputs modelled on public MCP servers. GitHub
  'owner: string, repo: string, title: string, body?: string, assignees?: string[], labels?: string[], milestone?: Int & Min<1>',
  "owner: string, repo: string, state: GhState = 'open', sort?: GhSort, direction?: 'asc' | 'desc', since?: DateTimeString, page?: Int & Min<1>, perPage?: Int & Min<1> & Max<100>",
  '{ owner, repo, branch, files, message }: GhRepoRef & { branch: string; files: GhFile[] & MinLength<1>; message: string }',
  "x: GhRepoRef & { pull_number: Int & Min<1>; merge_method?: 'merge' | 'squash' | 'rebase'; commit_title?: string }",
  'r: GhReview', "q: string, sort?: 'stars' | 'forks' | 'updated', order: 'asc' | 'desc' = 'desc'",
  "x: SetOptional<GhFile, 'content'> & { sha?: string }",
  "x: RequireAtLeastOne<{ title?: string; body?: string; state?: 'open' | 'closed' }, 'title' | 'body' | 'state'>",
  'ref: `refs/heads/${string}`', "x: { owner: string; repo: string; path?: string; ref?: `refs/${'heads' | 'tags'}/${string}` }",
  'x: Record<GhState, Int>', "labels: Array<string | { name: string; color?: string & Pattern<'^[0-9a-f]{6}$'> }>",
  // Slack
  "channel_id: string, text: string & MaxLength<4000>, thread_ts?: string & Pattern<'^[0-9]+[.][0-9]+$'>", 'blocks: SlackBlock[] & MaxLength<50>',
  'channel_id: string, reaction: string, timestamp: `${number}`', 'limit: Int & Min<1> & Max<200> = 100, cursor?: string',
  "x: { user_id: string; profile?: Partial<Record<'real_name' | 'display_name' | 'status_text', string>> }", 'x: SlackBlock | null',
  // Linear
  'title: string, teamId: Uuid, description?: string, priority?: LinearPriority, labelIds?: Uuid[], estimate?: Int8 & Min<0>',
  'x: { id: string; stateId?: Uuid; priority?: LinearPriority | null; assigneeId?: Uuid | null }', 'p: LinearPriority = 2',
  'x: { filter?: { team?: { key: { eq: string } }; priority?: { lte: LinearPriority } }; first?: Int & Max<250> }',
  "x: SetRequired<{ query?: string; teamId?: string; includeArchived?: boolean }, 'query'>",
  // Jira / Atlassian
  'issueKey: JiraKey, comment: string', 'fields: JiraFields',
  "jql: string, maxResults: Int & Min<1> & Max<100> = 50, fields?: string[], expand?: ('renderedFields' | 'changelog' | 'names')[]",
  'x: { issueKey: JiraKey; transition: { id: `${number}` }; fields?: Record<`customfield_${number}`, string> }',
  'keys: JiraKey[] & MinLength<1> & MaxLength<50>',
  "x: Except<{ project: string; summary: string; issuetype: 'Bug' | 'Task' | 'Story'; assignee?: string }, 'assignee'>",
  // Google Drive / Sheets
  'query: string, pageToken?: string, pageSize: Int & Min<1> & Max<1000> = 10', 'mimeType: DriveMime',
  "x: { name: string; mimeType?: DriveMime | 'text/plain' | 'application/pdf'; parents?: string[] }",
  "x: { fileId: string; role: 'reader' | 'commenter' | 'writer' | 'owner'; type: 'user' | 'group' | 'domain' | 'anyone'; emailAddress?: Email }",
  'spreadsheetId: string, range: `${string}!${string}`',
  "x: { spreadsheetId: string; range: string; values: (string | number | boolean | null)[][]; valueInputOption?: 'RAW' | 'USER_ENTERED' }",
  // Postgres
  'sql: string', 'sql: string, params: PgValue[] = []', 'x: { table: string; schema?: string; columns?: string[]; limit?: Int & Min<1> & Max<1000> }',
  'rows: Record<string, PgValue>[]', 'x: { statement: string; readOnly?: true; timeoutMs?: Int & Min<0> }',
  // Brave search
  'query: string & MaxLength<400>, count: Int & Min<1> & Max<20> = 10, offset: Int & Min<0> & Max<9> = 0',
  "query: string, count?: Int & Min<1> & Max<20>, freshness?: 'pd' | 'pw' | 'pm' | 'py'",
  "x: { q: string; country?: 'US' | 'GB' | 'DE' | 'ALL'; safesearch?: 'off' | 'moderate' | 'strict'; result_filter?: ('web' | 'news' | 'videos')[] }",
  // Puppeteer / Playwright
  'url: Uri, launchOptions?: Record<string, unknown>, allowDangerous: boolean = false',
  'name: string, selector?: string, width: Int & Min<1> = 800, height: Int & Min<1> = 600, encoded?: boolean',
  'selector: string, value: string', 'script: string', 'x: { width?: Px; height?: Px }',
  'x: { viewport: { width: Int; height: Int; deviceScaleFactor?: number }; userAgent?: string; extraHTTPHeaders?: Record<`x-${string}`, string> }',
  "key: 'Enter' | 'Tab' | 'Escape' | `Arrow${'Up' | 'Down' | 'Left' | 'Right'}` | `F${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`",
  // Exa
  "query: string, numResults: Int & Min<1> & Max<100> = 10, type: 'auto' | 'keyword' | 'neural' = 'auto'",
  "x: { query: string; includeDomains?: string[]; excludeDomains?: string[]; startPublishedDate?: DateTimeString; category?: 'company' | 'research paper' | 'news' | 'pdf' | 'github' }",
  'x: { ids: string[] & MinLength<1>; text?: boolean | { maxCharacters?: Int & Min<1>; includeHtmlTags?: boolean }; summary?: { query?: string } }',
  'url: Uri, numResults?: Int8, excludeSourceDomain?: boolean',
  // Firecrawl
  "url: Uri, formats: FcFormat[] = ['markdown'], onlyMainContent?: boolean, waitFor?: Int & Min<0>", 'actions: FcAction[]',
  'x: { url: string; maxDepth?: Int & Min<1> & Max<10>; limit?: Int; allowExternalLinks?: boolean; includePaths?: string[]; excludePaths?: string[] }',
  'x: { urls: Uri[]; prompt?: string; schema?: JsonObject; enableWebSearch?: boolean }',
  'x: { location?: { country?: string; languages?: string[] }; headers?: Record<string, string>; mobile?: boolean }', 'a: FcAction | null',
  // Kubernetes (numeric keys: a Service's ports)
  "kind: K8sKind, name: string, namespace: string = 'default'",
  'x: { namespace?: string; labelSelector?: string; fieldSelector?: `${string}=${string}`; limit?: Int }', 'labels: K8sLabels',
  'x: { name: string; replicas: Int & Min<0> & Max<100>; namespace?: string }',
  "x: { metadata: { name: string; labels?: Partial<Record<`app.kubernetes.io/${'name' | 'version' | 'component'}`, string>>; annotations?: Record<string, string> } }",
  "x: { name: string; port: keyof SvcPorts; targetPort?: Int & Min<1> & Max<65535>; protocol?: 'TCP' | 'UDP' }",
  'port: keyof SvcPorts = 443', 'x: Record<keyof SvcPorts, boolean>', 'p: SvcPorts[keyof SvcPorts]',
  "x: { container?: string; tailLines?: Int & Min<0>; since?: `${number}${'s' | 'm' | 'h'}`; previous?: boolean }",
  'x: { [K in keyof SvcPorts]?: `port_${K}` }', 'k: Exclude<keyof SvcPorts, 8080>', "x: Pick<SvcPorts, 80 | 443>",
  // AWS
  'region: AwsRegion, bucket: string & MinLength<3> & MaxLength<63>, prefix?: string',
  'x: { Bucket: string; Key: string; Body: string; ContentType?: string; Metadata?: Record<string, string> }',
  'tags: Partial<Record<`tag:${string}`, string>>',
  'x: { TableName: string; Key: Record<string, { S: string } | { N: `${number}` } | { BOOL: boolean }> }',
  'arn: `arn:aws:${string}`', 'x: { logGroupName: string; startTime?: Int; endTime?: Int; filterPattern?: string; limit?: Int & Max<10000> }',
  // Cloudflare
  'key: string, value: string, expiration_ttl?: Int & Min<60>', 'x: { account_id: string; database_id: Uuid; sql: string; params?: string[] }',
  "x: { zone: string; type: 'A' | 'AAAA' | 'CNAME' | 'TXT' | 'MX'; name: string; content: string; ttl?: CfTtl; proxied?: boolean }",
  "x: { script: string; bindings?: ({ type: 'kv_namespace'; name: string; namespace_id: string } | { type: 'd1'; name: string; id: Uuid } | { type: 'plain_text'; name: string; text: string })[] }",
  "x: { start: DateTimeString; end: DateTimeString; metrics: ('requests' | 'bytes' | 'threats')[]; interval?: `${number}${'m' | 'h' | 'd'}` }",
  // Shopify
  'id: ShopifyGid',
  "x: { title: string; status?: 'ACTIVE' | 'DRAFT' | 'ARCHIVED'; variants?: { price: `${number}`; sku?: string; inventoryQuantity?: Int }[]; tags?: string[] }",
  'first: Int & Min<1> & Max<250> = 10, after?: string, query?: string', 'x: { orderId: ShopifyGid; lineItems: { id: ShopifyGid; quantity: Int & Min<1> }[] }',
  "x: { customer: SetOptional<{ email: string; firstName: string; lastName: string; phone: E164 }, 'phone' | 'lastName'> }",
  // Twilio
  'to: E164, from: E164, body: string & MaxLength<1600>', 'x: { to: E164; body?: string; mediaUrl?: Uri[] & MaxLength<10>; statusCallback?: Uri }',
  "x: RequireExactlyOne<{ to: string; body?: string; contentSid?: string; mediaUrl?: string[] }, 'body' | 'contentSid'>",
  "x: { dateSentAfter?: DateString; pageSize?: Int & Max<1000>; status?: 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered' }",
  // Sentry
  'organizationSlug: string, issueId: string, level?: SentryLevel',
  "x: { query?: string; sort?: 'date' | 'new' | 'freq' | 'user'; statsPeriod?: `${number}${'h' | 'd' | 'w'}`; environment?: string[] }",
  "x: { status: 'resolved' | 'unresolved' | 'ignored'; assignedTo?: `user:${number}` | `team:${number}` | null }", 'x: Record<SentryLevel, Int>',
  'x: Partial<Record<`tags[${string}]`, string>>',
  // Notion
  'x: { parent: { page_id: string } | { database_id: string }; properties: Record<string, NotionProp>; children?: unknown[] }',
  'rich: NotionRich[]', 'color: NotionColor',
  "x: { database_id: string; filter?: { property: string; checkbox: { equals: boolean } } | { property: string; number: { greater_than: number } }; sorts?: { property: string; direction: 'ascending' | 'descending' }[]; page_size?: Int & Max<100> }",
  "x: { query?: string; filter?: { property: 'object'; value: 'page' | 'database' }; start_cursor?: string }",
  // Stripe
  "x: { amount: Int & Min<50>; currency: StripeCurrency; customer?: string; metadata?: StripeMeta; capture_method?: 'automatic' | 'manual' }",
  'x: { email?: Email; name?: string; metadata?: StripeMeta }', 'items: { price: string; quantity?: Int & Min<1> }[] & MinLength<1>',
  "x: { payment_intent: string; amount?: Int & Min<1>; reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer' }",
  'c: LiteralUnion<StripeCurrency, string>', 'x: { limit?: Int & Min<1> & Max<100>; starting_after?: string; created?: { gt?: Int; gte?: Int; lt?: Int; lte?: Int } }',
  // conditional types the servers' shared argument helpers would use
  "x: ToolArgs<'search'>", "x: ToolArgs<'fetch'>", "x: ToolArgs<'other'>", "x: ToolArgs<'search' | 'fetch'>",
  'x: MaybeList<string>', 'x: MaybeList<Int[]>', 'x: Paginated<{ query: string }>', 'x: Nullable<{ name: string; due: DateString }>',
  'x: FestIsAny<GhFile> extends true ? string : GhFile', 'x: SvcPorts extends { 80: string } ? SvcPorts[80] : never',
]

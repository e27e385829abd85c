import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface FirstScreenFile {
  file: string
  kind: 'js' | 'css'
  how: 'entry' | 'modulepreload' | 'stylesheet'
  bytes: number
  gzip: number
}

export const gzipSize = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length

/** What index.html makes the browser fetch before the first screen: the entry script, its modulepreloads, the stylesheets. */
export async function firstScreenFiles(rendererDir: string): Promise<FirstScreenFile[]> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8')
  const found: { file: string; kind: 'js' | 'css'; how: FirstScreenFile['how'] }[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]
    if (tag.startsWith('<script') && attr('type') === 'module' && attr('src')) found.push({ file: attr('src')!, kind: 'js', how: 'entry' })
    else if (attr('rel') === 'modulepreload' && attr('href')) found.push({ file: attr('href')!, kind: 'js', how: 'modulepreload' })
    else if (attr('rel') === 'stylesheet' && attr('href')) found.push({ file: attr('href')!, kind: 'css', how: 'stylesheet' })
  }
  return Promise.all(
    found.map(async (f) => {
      const data = await readFile(join(rendererDir, f.file.replace(/^\.?\//, '')))
      return { ...f, file: f.file.replace(/^\.?\//, ''), bytes: data.length, gzip: gzipSize(data) }
    })
  )
}

const vlqChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const vlqValue = new Map([...vlqChars].map((c, i) => [c, i]))

/** Decodes one source-map segment ("AAAA,SAAS" pieces) into its numbers. */
function decodeSegment(text: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of text) {
    const digit = vlqValue.get(char)!
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** The package a bundled source belongs to: the npm package, Magpie's own code, or the bundler's runtime. */
export function ownerOf(source: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (modules) return modules[1]!
  if (/src\/renderer\/src\/|src\/shared\//.test(source)) {
    const area = /src\/renderer\/src\/(features\/[^/]+|app|shared)|src\/(shared)\//.exec(source)
    return `Magpie: ${area?.[1] ?? area?.[2] ?? 'renderer'}`
  }
  return 'bundler runtime'
}

/**
 * Splits a minified chunk's bytes by where they came from, using its source map: each
 * mapped stretch of generated code counts for its source's package. Returns minified bytes
 * and the gzip size of each package's stretches compressed on their own.
 */
export async function composition(chunkFile: string): Promise<Map<string, { bytes: number; text: string }>> {
  const code = await readFile(chunkFile, 'utf8')
  const out = new Map<string, { bytes: number; text: string }>()
  const mapText = await readFile(`${chunkFile}.map`, 'utf8').catch(() => null)
  if (mapText === null) {
    // A chunk the bundler wrote without a map (its own runtime): all glue.
    out.set('unmapped (bundler glue)', { bytes: Buffer.byteLength(code), text: code })
    return out
  }
  const map = JSON.parse(mapText) as { sources: string[]; mappings: string }
  const lines = code.split('\n')
  const add = (owner: string, text: string) => {
    const entry = out.get(owner) ?? { bytes: 0, text: '' }
    entry.bytes += Buffer.byteLength(text)
    entry.text += text
    out.set(owner, entry)
  }
  let source = 0
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? ''
    let column = 0
    const segments = lineMappings ? lineMappings.split(',').map(decodeSegment) : []
    const starts: { column: number; source: number | null }[] = []
    for (const segment of segments) {
      column += segment[0]!
      if (segment.length >= 4) {
        source += segment[1]!
        starts.push({ column, source })
      } else starts.push({ column, source: null })
    }
    if (starts.length === 0 || starts[0]!.column > 0) starts.unshift({ column: 0, source: null })
    starts.forEach((start, k) => {
      const end = starts[k + 1]?.column ?? line.length
      const text = line.slice(start.column, end)
      if (text) add(start.source === null ? 'unmapped (bundler glue)' : ownerOf(map.sources[start.source] ?? ''), text)
    })
  })
  return out
}

import type { Db } from './database'
import { imageColumns, imageFromColumns, type ImageRecord } from './images-store'

/** Words under this many characters are looked for by LIKE over the index's text (the trigram tokenizer needs three). */
const trigram = 3

export interface SearchQuery {
  /** Normalised words (shared/search-text.ts), each a substring of the text. */
  words: string[]
  /** Normalised tags: whole tags when `wholeTags`, else a tag's start (as it is being typed). */
  tags: string[]
  wholeTags: boolean
  /** The index key below which the page starts (the last page's last row); null: the newest. */
  below: number | null
  limit: number
  /** Authors whose posts are left out (the seam for people the viewer muted or blocked). */
  hiddenAuthors: readonly string[]
}

export interface PersonRecord {
  id: string
  nickname: string
  avatar: ImageRecord | null
}

/** A phrase of FTS5's query syntax: the words as they are, quotes doubled. */
const phrase = (words: string) => `"${words.replaceAll('"', '""')}"`
/** LIKE's own characters taken literally (ESCAPE '\'). */
const literal = (words: string) => `%${words.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`

/**
 * Search over every post in the store (the mirror's, in community mode): the index the search
 * migration keeps (post_search, by triggers), newest first by its rowid, which is the post's
 * time. One statement per shape of query, prepared on first use.
 */
export function createSearchStore(db: Db) {
  const prepared = new Map<string, ReturnType<Db['prepare']>>()
  const statement = (sql: string) => {
    let found = prepared.get(sql)
    // Shapes are few (which words are short, how many tags); the cache is bounded all the same.
    if (!found && prepared.size >= 64) prepared.clear()
    if (!found) prepared.set(sql, (found = db.prepare(sql)))
    return found
  }
  // Nicknames in their search form contain the words; a mirror's stand-in for a nickname (store/mirror)
  // only when no account has that name.
  const people = db.prepare(
    `SELECT u.id, u.nickname, ${imageColumns('a', 'a_')} FROM users u LEFT JOIN images a ON a.id = u.avatar_id
     WHERE u.nickname <> '' AND instr(search_text(u.nickname), @words) > 0
       AND u.id NOT IN (SELECT value FROM json_each(@hidden))
       AND NOT (u.email LIKE '%@nickname.invalid' AND EXISTS (
         SELECT 1 FROM users r WHERE r.nickname = u.nickname AND r.id <> u.id AND r.email NOT LIKE '%@nickname.invalid'))
     ORDER BY instr(search_text(u.nickname), @words) = 1 DESC, length(u.nickname), u.nickname, u.id
     LIMIT @limit`
  )

  return {
    /** The posts matching every word and tag, newest first: their ids and index keys. */
    posts(query: SearchQuery): { postId: string; key: number }[] {
      const match: string[] = []
      const where: string[] = []
      const params: Record<string, unknown> = { limit: query.limit, below: query.below, hidden: JSON.stringify(query.hiddenAuthors) }
      query.words.forEach((word, i) => {
        if ([...word].length >= trigram) match.push(`body : ${phrase(word)}`)
        else {
          where.push(`f.body LIKE @w${i} ESCAPE '\\'`)
          params[`w${i}`] = literal(word)
        }
      })
      for (const tag of query.tags) match.push(`tags : ${phrase(` #${tag}${query.wholeTags ? ' ' : ''}`)}`)
      if (match.length === 0 && where.length === 0) return []
      if (match.length) {
        where.push('post_search MATCH @match')
        params.match = match.join(' AND ')
      }
      if (query.below !== null) where.push('f.rowid < @below')
      if (query.hiddenAuthors.length) where.push('p.author_id NOT IN (SELECT value FROM json_each(@hidden))')
      // The feed's rows: a post shows with its author and photo (posts-store.ts). CROSS JOIN keeps
      // the index outermost, walked newest first: given a cursor, the planner would otherwise take
      // the rowid bound to search_rows and sort every earlier match (2.6 s at 100k posts, measured).
      const sql = `SELECT s.post_id, f.rowid AS key FROM post_search f
        CROSS JOIN search_rows s ON s.rowid = f.rowid
        JOIN posts p ON p.id = s.post_id
        JOIN users u ON u.id = p.author_id
        JOIN images i ON i.id = p.image_id
        WHERE ${where.join(' AND ')} ORDER BY f.rowid DESC LIMIT @limit`
      const used = Object.fromEntries(Object.entries(params).filter(([name]) => sql.includes(`@${name}`)))
      return (statement(sql).all(used) as { post_id: string; key: number }[]).map((row) => ({ postId: row.post_id, key: row.key }))
    },
    /** People whose nickname contains the words (normalised), names starting with them first. */
    people(words: string, limit: number, hiddenAuthors: readonly string[]): PersonRecord[] {
      const rows = people.all({ words, limit, hidden: JSON.stringify(hiddenAuthors) }) as Record<string, unknown>[]
      return rows.map((row) => ({ id: row.id as string, nickname: row.nickname as string, avatar: imageFromColumns(row, 'a_') }))
    }
  }
}

export type SearchStore = ReturnType<typeof createSearchStore>

import { describe, expect, it } from 'vitest'
import { hashtags, searchTerms, searchText, tagsColumn, textParts } from './search-text'

describe('search text', () => {
  it('compares one Unicode form in lower case', () => {
    expect(searchText('한강'.normalize('NFD'))).toBe('한강')
    expect(searchText('ＰＩＣＮＩＣ Picnic')).toBe('picnic picnic')
  })

  it('finds hashtags after a space or the start, not inside a word, an entity or a link', () => {
    expect(hashtags('#봄나들이 가요 #봄나들이 #Cafe_2 메일#아님 &#39; https://x.example/#top ##둘')).toEqual(['봄나들이', 'cafe_2'])
    expect(hashtags('(#괄호) 끝.#점')).toEqual(['괄호', '점'])
    expect(tagsColumn('#가 #나')).toBe(' #가 #나 ')
    expect(tagsColumn('태그 없음')).toBe('')
    expect(hashtags(`#${'가'.repeat(60)}`)).toEqual(['가'.repeat(50)])
  })

  it('cuts text into text, tags and http(s) links, a sentence\'s end left out of the link', () => {
    expect(textParts('봐요 https://example.com/a?b=1. #여행 javascript:alert(1) http://x.example')).toEqual([
      { kind: 'text', text: '봐요 ' },
      { kind: 'link', text: 'https://example.com/a?b=1', url: 'https://example.com/a?b=1', host: 'example.com' },
      { kind: 'text', text: '. ' },
      { kind: 'tag', text: '#여행', tag: '여행' },
      { kind: 'text', text: ' javascript:alert(1) ' },
      { kind: 'link', text: 'http://x.example', url: 'http://x.example', host: 'x.example' }
    ])
    // A link with a user name reads as another site: left as text.
    expect(textParts('https://bank.example@evil.example/')).toEqual([{ kind: 'text', text: 'https://bank.example@evil.example/' }])
    expect(textParts('<b>굵게</b>')).toEqual([{ kind: 'text', text: '<b>굵게</b>' }])
  })

  it('splits a query into words and tags, normalised, 8 of each at most', () => {
    expect(searchTerms('  한강  #봄나들이 PICNIC # ')).toEqual({ words: ['한강', 'picnic', '#'], tags: ['봄나들이'] })
    expect(searchTerms('a b c d e f g h i j').words).toHaveLength(8)
    expect(searchTerms('\u0000한\u0007강')).toEqual({ words: ['한', '강'], tags: [] })
  })
})

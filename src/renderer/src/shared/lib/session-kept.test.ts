// @vitest-environment jsdom
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionKeptAtom } from './session-kept'

afterEach(() => {
  sessionStorage.clear()
  vi.restoreAllMocks()
})

describe('sessionKeptAtom', () => {
  it('keeps each entry in sessionStorage, gives it back to the next page (a new store), and forgets what leaves the record', () => {
    const drafts = sessionKeptAtom<{ text: string }>('drafts')
    const page = createStore()
    page.set(drafts, { a: { text: '하나' }, b: { text: '둘' } })
    expect(JSON.parse(sessionStorage.getItem('magpie:drafts:a')!)).toEqual({ text: '하나' })

    const reloaded = createStore()
    expect(reloaded.get(drafts)).toEqual({ a: { text: '하나' }, b: { text: '둘' } })
    reloaded.set(drafts, ({ a: _saved, ...rest }) => rest)
    expect(sessionStorage.getItem('magpie:drafts:a')).toBeNull()
    expect(createStore().get(drafts)).toEqual({ b: { text: '둘' } })
  })

  it('tries the smaller value slim offers when storage is full, and keeps the full one in memory', () => {
    const drafts = sessionKeptAtom<{ text: string; photo: string | null }>('slim', (d) => (d.photo ? { ...d, photo: null } : null))
    const setItem = Storage.prototype.setItem
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.length > 40) throw new DOMException('full', 'QuotaExceededError')
      setItem.call(this, key, value)
    })
    const page = createStore()
    const draft = { text: '글', photo: 'x'.repeat(100) }
    page.set(drafts, { a: draft })
    expect(page.get(drafts).a).toBe(draft)
    expect(createStore().get(drafts)).toEqual({ a: { text: '글', photo: null } })
  })

  it('drops an entry it cannot read instead of failing', () => {
    sessionStorage.setItem('magpie:broken:a', '{not json')
    expect(createStore().get(sessionKeptAtom('broken'))).toEqual({})
    expect(sessionStorage.getItem('magpie:broken:a')).toBeNull()
  })
})

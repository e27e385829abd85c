import { describe, expect, it } from 'vitest'
import { alertSentence, groupAlerts, type GroupableAlert } from './alert-groups'

const alert = (id: string, type: 'like' | 'comment', postId: string, actorId: string, seen = false): GroupableAlert => ({ id, type, postId, actorId, seen })

describe('groupAlerts', () => {
  it('makes a post’s alerts of one type one row, where its newest stands, counting other actors once each', () => {
    const rows = groupAlerts([
      alert('5', 'like', 'p1', 'bi'),
      alert('4', 'comment', 'p1', 'bi'),
      alert('3', 'like', 'p2', 'bi'),
      alert('2', 'like', 'p1', 'sae'),
      alert('1', 'like', 'p1', 'jo'),
      alert('0', 'comment', 'p1', 'bi')
    ])
    expect(rows.map((r) => [r.head.id, r.others])).toEqual([
      ['5', 2],
      ['4', 0],
      ['3', 0]
    ])
  })

  it('keeps a row unread while any of its alerts is', () => {
    const rows = groupAlerts([alert('3', 'like', 'p', 'a', true), alert('2', 'like', 'p', 'b', false), alert('1', 'like', 'q', 'a', true)])
    expect(rows.map((r) => r.seen)).toEqual([false, true])
  })

  it('of nothing is nothing', () => {
    expect(groupAlerts([])).toEqual([])
  })
})

describe('alertSentence', () => {
  it('names one actor, or the newest and how many more', () => {
    expect(alertSentence('like', '비', 0, null)).toBe('비님이 회원님의 게시글을 좋아해요')
    expect(alertSentence('like', '비', 2, null)).toBe('비님 외 2명이 회원님의 게시글을 좋아해요')
    expect(alertSentence('comment', '비', 0, '사진이 멋져요')).toBe('비님이 댓글을 남겼어요: 사진이 멋져요')
    expect(alertSentence('comment', '비', 0, null)).toBe('비님이 회원님의 게시글에 댓글을 남겼어요')
    expect(alertSentence('comment', '비', 1, '사진이 멋져요')).toBe('비님 외 1명이 회원님의 게시글에 댓글을 남겼어요')
  })
})

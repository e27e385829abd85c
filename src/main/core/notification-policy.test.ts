import { describe, expect, it } from 'vitest'
import { createNotificationPolicy, type NotificationAlert } from './notification-policy'

function setup(options: { actorLimit?: number } = {}) {
  let t = 1_000_000
  const policy = createNotificationPolicy({ now: () => t, ...options })
  return {
    policy,
    advance: (ms: number) => (t += ms)
  }
}

const like = (actor: string, postId = 'p'): NotificationAlert => ({ type: 'like', postId, actorId: actor, actorName: actor.toUpperCase() })
const comment = (actor: string, postId = 'p'): NotificationAlert => ({ type: 'comment', postId, actorId: actor, actorName: actor.toUpperCase() })

describe('notification policy', () => {
  it('twenty likes on a post in a minute are one notification whose text follows the newest actor', () => {
    const { policy, advance } = setup()
    const decisions = Array.from({ length: 20 }, (_, i) => {
      const decision = policy.decide(like(`a${i}`))
      advance(2_900)
      return decision!
    })
    expect(new Set(decisions.map((d) => d.tag)).size).toBe(1)
    expect(decisions.map((d) => d.update)).toEqual([false, ...Array(19).fill(true)])
    expect(decisions.at(-1)).toMatchObject({ actorName: 'A19', others: 19 })
  })

  it('a post’s likes and its comments, and two posts, are separate notifications', () => {
    const { policy } = setup()
    const tags = [policy.decide(like('a', 'p')), policy.decide(comment('b', 'p')), policy.decide(like('c', 'q'))].map((d) => d!.tag)
    expect(new Set(tags).size).toBe(3)
  })

  it('after a quiet minute a new like is a new notification', () => {
    const { policy, advance } = setup()
    const first = policy.decide(like('a'))!
    advance(60_000)
    const next = policy.decide(like('b'))!
    expect(next.tag).not.toBe(first.tag)
    expect([next.update, next.others]).toEqual([false, 0])
  })

  it('one actor gets at most three notifications in ten minutes, then again after', () => {
    const { policy, advance } = setup()
    const shown = Array.from({ length: 10 }, (_, i) => policy.decide(comment('spammer', `p${i}`)))
    expect(shown.filter(Boolean)).toHaveLength(3)
    // Someone else is not held back by it.
    expect(policy.decide(comment('friend', 'p9'))).not.toBeNull()
    advance(10 * 60_000)
    expect(policy.decide(comment('spammer', 'p'))).not.toBeNull()
  })

  it('the same person liking, unliking and liking again within ten minutes notifies once', () => {
    const { policy, advance } = setup({ actorLimit: 100 })
    expect(policy.decide(like('a'))).not.toBeNull()
    advance(9 * 60_000)
    expect(policy.decide(like('a'))).toBeNull()
    advance(60_000)
    expect(policy.decide(like('a'))).not.toBeNull()
  })

  it('a comment’s repeated actor is counted once in its group', () => {
    const { policy } = setup()
    policy.decide(comment('a'))
    policy.decide(comment('b'))
    expect(policy.decide(comment('a'))).toMatchObject({ actorName: 'A', others: 1, update: true })
  })
})

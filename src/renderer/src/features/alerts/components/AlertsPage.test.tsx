// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AlertList, AlertView } from '@shared/types'
import { afterEach, describe, expect, it } from 'vitest'
import { nameHoldsWordsShown } from '@tests/support/renderer/label-in-name'
import { fail, installFakeMagpie, ok, renderWithApp } from '@tests/support/renderer/render'
import { ConfirmProvider } from '@/shared/ui/ConfirmProvider'
import { AlertsPage } from './AlertsPage'

const me = { user: { id: 'me', nickname: '나', avatar: null, email: 'me@example.com' } }

afterEach(cleanup)

describe('AlertsPage', () => {
  it('a failed load says why and loads again on 다시 시도', async () => {
    let failing = true
    const fake = installFakeMagpie({
      'alerts:list': () => (failing ? fail('networkError', '연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요') : ok({ alerts: [], count: 0, unseen: 0 }))
    })
    renderWithApp(<AlertsPage />, { session: me })
    expect((await screen.findByRole('alert')).textContent).toContain('연결이 원활하지 않아요. 잠시 후 다시 시도해 주세요')
    // Not "no alerts": nobody knows yet.
    expect(screen.queryByText('아직 새 알림이 없어요')).toBeNull()
    failing = false
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }))
    await screen.findByText('아직 새 알림이 없어요')
    expect(fake.calls.filter((c) => c.channel === 'alerts:list')).toHaveLength(2)
  })

  it('opening marks the list read from its newest row; unread rows say so and stay marked for the visit until 모두 읽음', async () => {
    const row = (id: string, createdAt: number, seen: boolean, text: string): AlertView => ({
      id,
      type: 'like',
      postId: `p-${id}`,
      actor: { id: `u-${id}`, nickname: '비', avatar: null },
      others: 0,
      postImage: null,
      createdAt,
      seen,
      text,
      postWords: '바다 사진',
      commentWords: null,
      commentId: null,
      silenced: false
    })
    let list: AlertList = {
      alerts: [row('b', 2000, false, '비님 외 2명이 회원님의 게시글을 좋아해요'), row('a', 1000, true, '새님이 회원님의 게시글을 좋아해요')],
      count: 4,
      unseen: 3
    }
    const fake = installFakeMagpie({
      'alerts:list': () => ok(list),
      'alerts:markSeen': () => {
        list = { ...list, alerts: list.alerts.map((a) => ({ ...a, seen: true })), unseen: 0 }
        return ok(list)
      }
    })
    renderWithApp(<AlertsPage />, { session: me })
    await waitFor(() => expect(fake.calls.filter((c) => c.channel === 'alerts:markSeen')).toHaveLength(1))
    expect(fake.calls.find((c) => c.channel === 'alerts:markSeen')!.input).toEqual({ through: { createdAt: 2000, id: 'b' } })
    const cards = await screen.findAllByTestId('alert-card')
    expect(cards.map((c) => c.dataset.unread)).toEqual(['true', 'false'])
    expect(within(cards[0]!).getByTestId('alert-link').textContent).toContain('읽지 않음, 비님 외 2명이 회원님의 게시글을 좋아해요')
    expect(within(cards[1]!).getByTestId('alert-link').textContent).not.toContain('읽지 않음')

    fireEvent.click(screen.getByRole('button', { name: '모두 읽음' }))
    await waitFor(() => expect(screen.getAllByTestId('alert-card').map((c) => c.dataset.unread)).toEqual(['false', 'false']))
    expect(screen.queryByRole('button', { name: '모두 읽음' })).toBeNull()
  })

  it("a row's photo link is named with what it shows: the initial (no photo), or the page alone (a photo)", async () => {
    const actor = (id: string, nickname: string, photo: boolean) => ({
      id,
      nickname,
      avatar: photo ? { id: `i-${id}`, width: 96, height: 96, placeholder: '', variants: [{ url: `magpie-image://avatar/${id}`, width: 96 }] } : null
    })
    const row = (id: string, person: ReturnType<typeof actor>): AlertView => ({
      id,
      type: 'comment',
      postId: 'p',
      actor: person,
      others: 0,
      postImage: null,
      createdAt: 1,
      seen: true,
      text: `${person.nickname}님이 댓글을 남겼어요`,
      postWords: '바다 사진',
      commentWords: '좋아요',
      commentId: 'c',
      silenced: false
    })
    installFakeMagpie({
      'alerts:list': () => ok({ alerts: [row('a', actor('u1', '김까치', false)), row('b', actor('u2', 'Bora', true))], count: 2, unseen: 0 } satisfies AlertList)
    })
    renderWithApp(<AlertsPage />, { session: me })
    await screen.findAllByTestId('alert-card')
    const [initial, photo] = screen.getAllByTestId('person-avatar-link')
    // Shown: the link's text and the initial its avatar draws (CSS content from data-initial).
    const shown = (link: HTMLElement) => `${link.textContent} ${link.querySelector('[data-initial]')?.getAttribute('data-initial') ?? ''}`
    expect(shown(initial!).trim()).toBe('김')
    expect(initial!.getAttribute('aria-label')).toBe('김, 김까치님의 페이지')
    expect(nameHoldsWordsShown(initial!.getAttribute('aria-label')!, shown(initial!))).toBe(true)
    expect(shown(photo!).trim()).toBe('')
    expect(photo!.getAttribute('aria-label')).toBe('Bora님의 페이지')
  })

  it("the delete-all confirm counts the rows main counts (all of them, also those past the list's 200 alerts)", async () => {
    installFakeMagpie({
      'alerts:list': () =>
        ok({
          alerts: [{ id: 'a', type: 'like', postId: 'p', actor: { id: 'u', nickname: '비', avatar: null }, others: 11, postImage: null, createdAt: 1, seen: true, text: '비님 외 11명이 회원님의 게시글을 좋아해요', postWords: '바다 사진', commentWords: null, commentId: null, silenced: false }],
          count: 12,
          unseen: 0
        } satisfies AlertList)
    })
    renderWithApp(
      <ConfirmProvider>
        <AlertsPage />
      </ConfirmProvider>,
      { session: me }
    )
    fireEvent.click(await screen.findByRole('button', { name: '모두 삭제' }))
    expect((await screen.findByRole('alertdialog')).textContent).toContain('알림 12개를 모두 삭제할까요?')
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmProvider, useConfirm } from './ConfirmProvider'

afterEach(cleanup)

function Asker() {
  const confirm = useConfirm()
  const [answer, setAnswer] = useState('')
  return (
    <>
      <button type="button" onClick={() => void confirm('이 게시글을 삭제할까요?', '삭제').then((ok) => setAnswer(String(ok)))}>
        삭제하기
      </button>
      <output data-testid="answer">{answer}</output>
    </>
  )
}

describe('ConfirmProvider', () => {
  it.each([
    ['취소', 'false'],
    ['삭제', 'true']
  ])('answers %s with %s and gives focus back to what asked', async (button, answer) => {
    render(
      <ConfirmProvider>
        <Asker />
      </ConfirmProvider>
    )
    const opener = screen.getByRole('button', { name: '삭제하기' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('alertdialog', { name: '이 게시글을 삭제할까요?' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(screen.getByTestId('answer').textContent).toBe(answer)
    expect(document.activeElement).toBe(opener)
  })
})

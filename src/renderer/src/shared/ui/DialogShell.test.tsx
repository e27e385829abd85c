// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { DialogShell } from './DialogShell'

afterEach(cleanup)

describe('DialogShell', () => {
  it('shows its title and a 닫기 button, closes on it, and gives the focus back to what opened it', async () => {
    function Opener() {
      const [open, setOpen] = useState(false)
      const opener = useRef<HTMLButtonElement>(null)
      return (
        <>
          <button ref={opener} type="button" onClick={() => setOpen(true)}>
            열기
          </button>
          <DialogShell open={open} onOpenChange={setOpen} title="좋아요" returnFocusTo={opener} testId="shell">
            <p>안의 내용</p>
          </DialogShell>
        </>
      )
    }
    render(<Opener />)
    fireEvent.click(screen.getByRole('button', { name: '열기' }))
    const dialog = await screen.findByRole('dialog', { name: '좋아요' })
    expect(dialog.dataset.size).toBe('medium')
    expect(dialog.textContent).toContain('안의 내용')
    fireEvent.click(screen.getByRole('button', { name: '닫기' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '열기' }))
  })
})

import { describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { checkImageFile, imageAccept } from './image-file'

describe('checkImageFile', () => {
  it('refuses a file over the size limit before it is read', () => {
    expect(checkImageFile({ size: limits.imageMaxBytes + 1, type: 'image/jpeg' })).toBe('imageTooLarge')
    expect(checkImageFile({ size: 26 * 1024 * 1024, type: '' })).toBe('imageTooLarge')
    expect(checkImageFile({ size: limits.imageMaxBytes, type: 'image/jpeg' })).toBeNull()
  })

  it('refuses a declared type main does not decode, and leaves an undeclared one to main', () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/pdf', 'video/mp4']) {
      expect(checkImageFile({ size: 100, type }), type).toBe('imageUnsupported')
    }
    for (const type of imageAccept.split(',')) expect(checkImageFile({ size: 100, type }), type).toBeNull()
    expect(checkImageFile({ size: 100, type: '' })).toBeNull()
    // iPhone photos: main decodes HEIC/HEIF.
    expect(checkImageFile({ size: 100, type: 'image/heic' })).toBeNull()
    expect(checkImageFile({ size: 100, type: 'image/heif' })).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { limits } from '@shared/limits'
import { checkImageFile, imageAccept, sniffImageFile } from './image-file'

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

describe('sniffImageFile', () => {
  const file = (bytes: number[] | string) => new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)])

  it('takes the first bytes of every format main decodes', async () => {
    const photos = [
      file([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      file('GIF89a\x01\x00'),
      file('RIFF\x24\x00\x00\x00WEBPVP8 '),
      file('\x00\x00\x00\x1cftypavif'),
      file('\x00\x00\x00\x18ftypheic')
    ]
    for (const photo of photos) expect(await sniffImageFile(photo)).toBeNull()
  })

  it('refuses what is not a photo whatever its name or declared type says', async () => {
    for (const other of [file('%PDF-1.7'), file('hello, not a photo'), file(''), file('RIFF\x24\x00\x00\x00WAVEfmt '), file('<svg xmlns=')]) {
      expect(await sniffImageFile(other)).toBe('imageUnsupported')
    }
  })
})

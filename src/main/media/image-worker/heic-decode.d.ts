/** heic-decode ships no types; this is the part Magpie uses (its README's API). */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number
    height: number
    /** RGBA, 8 bits a channel. */
    data: Uint8ClampedArray
  }
  interface ImageHandle {
    width: number
    height: number
    decode(): Promise<DecodedImage>
  }
  type Handles = ImageHandle[] & { dispose(): void }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>
    all(input: { buffer: Uint8Array }): Promise<Handles>
  }
  const decode: Decode
  export default decode
}

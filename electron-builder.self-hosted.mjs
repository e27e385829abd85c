// electron-builder's configuration for a community that serves Magpie's updates itself:
//   MAGPIE_UPDATE_URL=https://updates.example.org/magpie npm run dist -- --config electron-builder.self-hosted.mjs
// Everything is electron-builder.yml except `publish`: a generic server at MAGPIE_UPDATE_URL, where
// the installers and latest*.yml / *.blockmap from dist/ are to be uploaded (README, Packaging).
// https only: electron-updater trusts the sha512 that latest*.yml on that server names.
import { readFileSync } from 'node:fs'
// js-yaml is what electron-builder reads electron-builder.yml with (app-builder-lib's dependency).
import { load } from 'js-yaml'

export default function config() {
  const url = process.env.MAGPIE_UPDATE_URL?.trim()
  if (!url || !/^https:\/\/[^/?#\s]+/.test(url)) {
    throw new Error('MAGPIE_UPDATE_URL must be the https:// address the update files are served from (e.g. https://updates.example.org/magpie).')
  }
  const base = load(readFileSync(new URL('./electron-builder.yml', import.meta.url), 'utf8'))
  return { ...base, publish: { provider: 'generic', url } }
}

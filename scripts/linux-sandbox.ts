// Before `npm start` / `npm run dev` on Linux: would Chromium's sandbox start for
// node_modules/electron/dist/electron? Chromium sandboxes its processes in an unprivileged user
// namespace, or, where it cannot make one, with the setuid helper chrome-sandbox. Ubuntu 24.04
// lets AppArmor restrict unprivileged user namespaces to programs with a profile that allows them
// (kernel.apparmor_restrict_unprivileged_userns=1; older Debian kernels: unprivileged_userns_clone=0),
// and npm installs chrome-sandbox owned by the person, not root with the setuid bit — so Electron
// aborts with "The SUID sandbox helper binary was found, but is not configured correctly".
// The installed deb has neither problem (it brings an AppArmor profile); this is for development.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export type SandboxFacts = {
  platform: NodeJS.Platform
  /** /proc/sys/kernel/apparmor_restrict_unprivileged_userns, trimmed; null when absent. */
  apparmorRestrictsUserns: string | null
  /** /proc/sys/kernel/unprivileged_userns_clone, trimmed; null when absent. */
  usernsClone: string | null
  /** chrome-sandbox's owner and mode; null when the file is missing. */
  helper: { uid: number; mode: number } | null
  /** Some AppArmor profile in /etc/apparmor.d names this Electron's executable. */
  profileNamesElectron: boolean
}

/** The setuid helper is usable: owned by root, setuid, executable. */
export function helperConfigured(helper: SandboxFacts['helper']): boolean {
  return helper !== null && helper.uid === 0 && (helper.mode & 0o4000) !== 0 && (helper.mode & 0o111) !== 0
}

/** null when Chromium's sandbox can start, else one sentence saying what to do. */
export function sandboxProblem(facts: SandboxFacts, electronDist: string): string | null {
  if (facts.platform !== 'linux') return null
  const usernsRefused = facts.apparmorRestrictsUserns === '1' || facts.usernsClone === '0'
  if (!usernsRefused || facts.profileNamesElectron || helperConfigured(facts.helper)) return null
  const helper = path.join(electronDist, 'chrome-sandbox')
  const why =
    facts.apparmorRestrictsUserns === '1'
      ? 'AppArmor refuses unprivileged user namespaces here (kernel.apparmor_restrict_unprivileged_userns=1)'
      : 'this kernel refuses unprivileged user namespaces (kernel.unprivileged_userns_clone=0)'
  return (
    `Electron's sandbox cannot start: ${why} and ${helper} is not a root-owned setuid helper — ` +
    `run \`sudo chown root:root ${helper} && sudo chmod 4755 ${helper}\` once (again after each Electron update), ` +
    `or give ${path.join(electronDist, 'electron')} an AppArmor profile with \`userns,\` (README, Install and start); never use --no-sandbox.`
  )
}

const readTrimmed = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return null
  }
}

/** Reads the facts from this computer. */
export function readSandboxFacts(electronDist: string, root = '/'): SandboxFacts {
  let helper: SandboxFacts['helper'] = null
  try {
    const stat = statSync(path.join(electronDist, 'chrome-sandbox'))
    helper = { uid: stat.uid, mode: stat.mode }
  } catch {
    helper = null
  }
  const electronPath = path.join(electronDist, 'electron')
  let profileNamesElectron = false
  const profiles = path.join(root, 'etc', 'apparmor.d')
  try {
    for (const entry of readdirSync(profiles, { withFileTypes: true })) {
      if (!entry.isFile()) continue
      const text = readTrimmed(path.join(profiles, entry.name))
      if (text?.includes(electronPath) && /^\s*userns\s*,/m.test(text)) {
        profileNamesElectron = true
        break
      }
    }
  } catch {
    // No AppArmor profiles folder: nothing names it.
  }
  return {
    platform: process.platform,
    apparmorRestrictsUserns: readTrimmed(path.join(root, 'proc', 'sys', 'kernel', 'apparmor_restrict_unprivileged_userns')),
    usernsClone: readTrimmed(path.join(root, 'proc', 'sys', 'kernel', 'unprivileged_userns_clone')),
    helper,
    profileNamesElectron
  }
}

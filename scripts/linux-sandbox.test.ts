import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { helperConfigured, readSandboxFacts, sandboxProblem, type SandboxFacts } from './linux-sandbox'

const dist = '/home/dev/magpie/node_modules/electron/dist'
const ubuntu2404: SandboxFacts = {
  platform: 'linux',
  apparmorRestrictsUserns: '1',
  usernsClone: null,
  helper: { uid: 1000, mode: 0o100755 },
  profileNamesElectron: false
}

describe('sandboxProblem', () => {
  it('names the restriction and both fixes on stock Ubuntu 24.04 (npm left chrome-sandbox to the person)', () => {
    const message = sandboxProblem(ubuntu2404, dist)
    expect(message).toContain('kernel.apparmor_restrict_unprivileged_userns=1')
    expect(message).toContain(`sudo chown root:root ${dist}/chrome-sandbox && sudo chmod 4755 ${dist}/chrome-sandbox`)
    expect(message).toContain(`${dist}/electron`)
    expect(message).toContain('never use --no-sandbox')
    expect(message?.split(/\.\s/)).toHaveLength(1)
  })

  it('is quiet once chrome-sandbox is a root-owned setuid helper', () => {
    expect(sandboxProblem({ ...ubuntu2404, helper: { uid: 0, mode: 0o104755 } }, dist)).toBeNull()
  })

  it('still speaks when the helper is root-owned but not setuid, or setuid but not root-owned', () => {
    expect(sandboxProblem({ ...ubuntu2404, helper: { uid: 0, mode: 0o100755 } }, dist)).not.toBeNull()
    expect(sandboxProblem({ ...ubuntu2404, helper: { uid: 1000, mode: 0o104755 } }, dist)).not.toBeNull()
    expect(sandboxProblem({ ...ubuntu2404, helper: null }, dist)).not.toBeNull()
  })

  it('is quiet when an AppArmor profile lets this Electron make user namespaces', () => {
    expect(sandboxProblem({ ...ubuntu2404, profileNamesElectron: true }, dist)).toBeNull()
  })

  it('is quiet where user namespaces are allowed (restriction off or absent)', () => {
    expect(sandboxProblem({ ...ubuntu2404, apparmorRestrictsUserns: '0' }, dist)).toBeNull()
    expect(sandboxProblem({ ...ubuntu2404, apparmorRestrictsUserns: null }, dist)).toBeNull()
    expect(sandboxProblem({ ...ubuntu2404, apparmorRestrictsUserns: null, usernsClone: '1' }, dist)).toBeNull()
  })

  it("speaks on Debian kernels that turn unprivileged user namespaces off", () => {
    const message = sandboxProblem({ ...ubuntu2404, apparmorRestrictsUserns: null, usernsClone: '0' }, dist)
    expect(message).toContain('kernel.unprivileged_userns_clone=0')
  })

  it('never speaks on Windows or macOS', () => {
    expect(sandboxProblem({ ...ubuntu2404, platform: 'win32' }, dist)).toBeNull()
    expect(sandboxProblem({ ...ubuntu2404, platform: 'darwin' }, dist)).toBeNull()
  })
})

describe('helperConfigured', () => {
  it('needs root, the setuid bit and an execute bit', () => {
    expect(helperConfigured({ uid: 0, mode: 0o104755 })).toBe(true)
    expect(helperConfigured({ uid: 0, mode: 0o104600 })).toBe(false)
    expect(helperConfigured(null)).toBe(false)
  })
})

describe('readSandboxFacts', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  function fakeComputer(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'magpie-sandbox-'))
    roots.push(root)
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), text)
    }
    return root
  }

  it('reads the sysctls, the helper and the AppArmor profiles', () => {
    const root = fakeComputer({ 'proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n', 'electron/chrome-sandbox': '' })
    const electronDist = path.join(root, 'electron')
    chmodSync(path.join(electronDist, 'chrome-sandbox'), 0o755)
    const facts = readSandboxFacts(electronDist, root)
    expect(facts.apparmorRestrictsUserns).toBe('1')
    expect(facts.usernsClone).toBeNull()
    expect(facts.helper?.mode && facts.helper.mode & 0o7777).toBe(0o755)
    expect(facts.profileNamesElectron).toBe(false)
  })

  it('finds a profile that names the executable and allows userns', () => {
    const root = fakeComputer({ 'proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1' })
    const electronDist = path.join(root, 'electron')
    const profile = `abi <abi/4.0>,\nprofile magpie-dev ${electronDist}/electron flags=(unconfined) {\n  userns,\n}\n`
    mkdirSync(path.join(root, 'etc', 'apparmor.d'), { recursive: true })
    writeFileSync(path.join(root, 'etc', 'apparmor.d', 'magpie-dev'), profile)
    expect(readSandboxFacts(electronDist, root).profileNamesElectron).toBe(true)
    writeFileSync(path.join(root, 'etc', 'apparmor.d', 'magpie-dev'), profile.replace('userns,', ''))
    expect(readSandboxFacts(electronDist, root).profileNamesElectron).toBe(false)
  })
})

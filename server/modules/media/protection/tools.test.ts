import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkProtectionTools, packagerBinaryName } from './tools'

describe('protection tools', () => {
  it('finds ffmpeg and Shaka Packager in the installed npm packages', () => {
    const check = checkProtectionTools()
    if (!check.available) throw new Error(check.reason)
    expect(check.tools.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\/linux-x64\/ffmpeg$/)
    expect(check.tools.packager).toMatch(/node_modules\/shaka-packager\/bin\/packager-linux-x64$/)
    for (const binary of Object.values(check.tools)) {
      expect(() => fs.accessSync(binary, fs.constants.X_OK)).not.toThrow()
    }
  })

  it('has no packager for platforms without one or without named pipes', () => {
    expect(packagerBinaryName('darwin', 'arm64')).toBe('packager-osx-arm64')
    expect(packagerBinaryName('win32', 'x64')).toBeNull()
    expect(packagerBinaryName('freebsd', 'x64')).toBeNull()
  })
})

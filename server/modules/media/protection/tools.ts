import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The two programs protected audio is made with, both shipped inside npm packages. */
export type ProtectionTools = {
  /** ffmpeg (from `@ffmpeg-installer/ffmpeg`): decodes any common audio file, encodes AAC. */
  ffmpeg: string
  /** Shaka Packager (from `shaka-packager`): Common Encryption of the AAC into fragmented MP4. */
  packager: string
}

export type ProtectionToolsCheck =
  | { available: true; tools: ProtectionTools }
  | { available: false; reason: string }

const require = createRequire(import.meta.url)

/**
 * The binaries the `shaka-packager` package ships, by Node's platform and architecture. Its
 * Windows binary is left out: ffmpeg hands it the audio through a named pipe (mkfifo).
 */
const PACKAGER_BINARIES: Record<string, string> = {
  'linux-x64': 'packager-linux-x64',
  'linux-arm64': 'packager-linux-arm64',
  'darwin-x64': 'packager-osx-x64',
  'darwin-arm64': 'packager-osx-arm64',
}

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

function findFfmpeg(): string {
  let found: { path: string }
  try {
    found = require('@ffmpeg-installer/ffmpeg')
  } catch (error) {
    // The package throws plain strings ("Unsupported platform/architecture: ...").
    throw new Error(`ffmpeg from @ffmpeg-installer/ffmpeg is not installed: ${String(error)}`)
  }
  if (!executable(found.path)) throw new Error(`ffmpeg at ${found.path} is not executable`)
  return found.path
}

/** The name of the Shaka Packager binary for a platform, or null where the package has none. */
export function packagerBinaryName(platform: string, arch: string): string | null {
  return PACKAGER_BINARIES[`${platform}-${arch}`] ?? null
}

function findPackager(): string {
  const binary = packagerBinaryName(process.platform, process.arch)
  if (!binary) {
    throw new Error(`protected audio is not supported on ${process.platform}-${process.arch}`)
  }
  let packageDir: string
  try {
    packageDir = path.dirname(require.resolve('shaka-packager/package.json'))
  } catch {
    throw new Error('shaka-packager is not installed')
  }
  const file = path.join(packageDir, 'bin', binary)
  if (!executable(file)) throw new Error(`Shaka Packager at ${file} is missing or not executable`)
  return file
}

let cached: ProtectionToolsCheck | undefined

/**
 * Whether this machine can make protected audio, and with which binaries. Both come from npm
 * packages, so `npm install` sets them up; on a platform they ship no binary for, the reason
 * comes back instead, for the server to refuse protected work with.
 */
export function checkProtectionTools(): ProtectionToolsCheck {
  if (!cached) {
    try {
      cached = { available: true, tools: { ffmpeg: findFfmpeg(), packager: findPackager() } }
    } catch (error) {
      cached = { available: false, reason: (error as Error).message }
    }
  }
  return cached
}

import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { msg } from '#lingui-message'
import { HttpError } from '../../../http/errors'
import { withValues } from '../../../http/i18n'
import type { ContentKey } from './content-key'
import { type ProtectedAudio, readProtectedAudio } from './protected-file'
import { checkProtectionTools, type ProtectionToolsCheck } from './tools'

/** The MIME type of a protected audio file, for the media response and the player. */
export const PROTECTED_AUDIO_MIME_TYPE = 'audio/mp4'

/** AAC-LC at this rate is transparent for speech and music at any common sample rate. */
const AAC_BITRATE = '128k'
/** Fragments of this length: a seek fetches at most this much audio before playing. */
const FRAGMENT_SECONDS = 6
/** Enough of a tool's error output to say what went wrong. */
const STDERR_TAIL_BYTES = 4096

/**
 * ffmpeg decodes the first audio stream of any file it reads (WAV, MP3, Ogg Vorbis or Opus,
 * FLAC, M4A, ...) and writes AAC-LC as fragmented MP4 into a named pipe, dropping cover art and
 * metadata. The plain AAC only ever exists in the pipe to the packager, never on disk.
 */
function transcoderArguments(input: string, pipe: string): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', input],
    ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-c:a', 'aac', '-b:a', AAC_BITRATE],
    ...[
      '-f',
      'mp4',
      '-movflags',
      '+delay_moov+empty_moov+default_base_moof',
      '-frag_duration',
      '1000000',
    ],
    ...['-y', pipe],
  ]
}

/**
 * Shaka Packager reads that stream and writes one on-demand fragmented MP4 (`moov`, `sidx`,
 * then `moof`/`mdat` pairs) with every sample encrypted: CENC (AES-128 CTR), per-sample IVs in
 * each fragment's `senc`, and a common-system `pssh` so the browser raises `encrypted` with
 * `cenc` init data. The key travels in the environment (`--fromenv`), never on the command line
 * another user could list.
 */
function packagerArguments(pipe: string, output: string): string[] {
  for (const file of [pipe, output]) {
    // Commas separate the fields of the packager's stream descriptor.
    if (file.includes(','))
      throw new Error(`Shaka Packager cannot take a path with a comma: ${file}`)
  }
  return [
    `in=${pipe},stream=audio,output=${output},format=mp4`,
    '--enable_raw_key_encryption',
    '--fromenv=keys',
    '--protection_scheme=cenc',
    '--protection_systems=CommonSystem',
    '--clear_lead=0',
    `--segment_duration=${FRAGMENT_SECONDS}`,
  ]
}

function packagerKeys({ keyId, key }: ContentKey): string {
  return `label=:key_id=${keyId.toString('hex')}:key=${key.toString('hex')}`
}

type ToolRun = { code: number | null; stderr: string }

/**
 * Waits for both ends of the pipe. Each blocks while the other has not opened the pipe or reads
 * and writes it, so when one fails the other is stopped, and only the first to fail is blamed.
 */
async function runTogether(...children: [ChildProcess, ChildProcess]) {
  let failed: ChildProcess | null = null
  for (const child of children) {
    child.once('exit', (code) => {
      if (code === 0 || failed) return
      failed = child
      // SIGKILL: ffmpeg catches SIGTERM and, blocked opening a pipe nobody will read, keeps waiting.
      for (const other of children) if (other !== child) other.kill('SIGKILL')
    })
  }
  try {
    const [first, second] = await Promise.all(children.map(finished))
    return [
      { ...first!, failedFirst: failed === children[0] },
      { ...second!, failedFirst: failed === children[1] },
    ] as const
  } finally {
    for (const child of children) child.kill('SIGKILL')
  }
}

function finished(child: ChildProcess): Promise<ToolRun> {
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES)
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stderr }))
  })
}

function meaningfulLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

/** ffmpeg's first complaint (the later lines are advice), without the server's path. */
function transcoderError(stderr: string, input: string): string {
  const line = meaningfulLines(stderr)[0] ?? 'ffmpeg stopped without saying why'
  return line.replaceAll(`${input}: `, '').replaceAll(input, 'the file')
}

/** The packager's last error line, without its log prefix (`E1127 23:29:02.05 123 file.cc:629] `). */
function packagerError(stderr: string): string {
  const lines = meaningfulLines(stderr)
  const line = lines.findLast((candidate) => /^E\d{4} /.test(candidate)) ?? lines.at(-1)
  return line?.replace(/^E\d{4} \S+\s+\d+ \S+\] /, '') ?? 'no output'
}

/**
 * Encrypts an audio file into protected audio at `output`: AAC-LC in a Common Encryption
 * fragmented MP4, for browsers to play through MSE with the clear-key system.
 * The file appears under `output` only once complete (written as `output.part`, which the
 * media folder's sweep removes after a crash). Answers the file's layout, read back from it.
 *
 * Throws 503 when this server has no tools for it, 400 when the input holds no audio ffmpeg
 * can read.
 */
export async function encryptAudio(
  input: string,
  output: string,
  contentKey: ContentKey,
  { tools: check = checkProtectionTools() }: { tools?: ProtectionToolsCheck } = {},
): Promise<ProtectedAudio> {
  if (!check.available) {
    throw new HttpError(
      503,
      'service_unavailable',
      withValues(msg({ message: 'Protected audio cannot be made on this server: {reason}.' }), {
        reason: check.reason,
      }),
    )
  }
  const partial = `${output}.part`
  await fs.promises.mkdir(path.dirname(output), { recursive: true })
  // A named pipe, because the packager reads only from paths and Node's child pipes are sockets
  // it cannot open. It lives in a private folder and never holds data at rest.
  const pipeDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'protect-audio-'))
  const pipe = path.join(pipeDir, 'aac.mp4')
  try {
    await promisify(execFile)('mkfifo', ['-m', '600', pipe])
    const transcoder = spawn(check.tools.ffmpeg, transcoderArguments(input, pipe), {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const packager = spawn(check.tools.packager, packagerArguments(pipe, path.basename(partial)), {
      cwd: path.dirname(partial),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { FLAGS_keys: packagerKeys(contentKey) },
    })
    const [transcoded, packaged] = await runTogether(transcoder, packager)
    if (transcoded.failedFirst) {
      throw new HttpError(
        400,
        'validation_error',
        withValues(msg({ message: 'The file holds no audio that can be read: {reason}' }), {
          reason: transcoderError(transcoded.stderr, input),
        }),
      )
    }
    if (packaged.code !== 0) {
      throw new Error(`Shaka Packager failed (${packaged.code}): ${packagerError(packaged.stderr)}`)
    }
    const layout = await readProtectedAudio(partial)
    if (!layout.keyId.equals(contentKey.keyId)) {
      throw new Error('the protected file does not carry the key id it was encrypted with')
    }
    await fs.promises.rename(partial, output)
    return layout
  } finally {
    await fs.promises.rm(partial, { force: true })
    await fs.promises.rm(pipeDir, { recursive: true, force: true })
  }
}

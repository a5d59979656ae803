/**
 * What protecting audio costs at import: encrypts generated clips (`--minutes`, 10 by default)
 * with the server's own `encryptAudio` and reports wall time, the CPU time of ffmpeg and Shaka
 * Packager, and the stored size, each also per hour of audio.
 *
 *     npm run bench:protect-audio
 *     npx tsx bench/protect-audio.ts --minutes 30
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createContentKey } from '../server/modules/media/protection/content-key'
import { encryptAudio } from '../server/modules/media/protection/encrypt'
import { checkProtectionTools } from '../server/modules/media/protection/tools'
import { commandOption, mib } from './support'

const run = promisify(execFile)

/** Linux reports CPU times in /proc in units of USER_HZ, which is 100 on every architecture. */
const USER_HZ = 100

/**
 * CPU seconds (user and system) of this process's finished children, from /proc/self/stat
 * (`cutime` and `cstime`, fields 16 and 17): Node reports no child's resource usage itself.
 */
function childrenCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8')
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) / USER_HZ
}

/** Uploads as they come: speech recorded at 16 kHz, music or field recordings at 44.1 kHz. */
const SOURCES = [
  { name: 'speech.wav', label: 'WAV, 16 kHz mono', args: ['-ar', '16000', '-ac', '1'] },
  { name: 'studio.wav', label: 'WAV, 44.1 kHz stereo', args: ['-ar', '44100', '-ac', '2'] },
  {
    name: 'studio.mp3',
    label: 'MP3 192 kb/s, 44.1 kHz stereo',
    args: ['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k'],
  },
] as const

async function main() {
  const minutes = Number(commandOption('--minutes') ?? 10)
  const check = checkProtectionTools()
  if (!check.available) throw new Error(`protected audio cannot be made here: ${check.reason}`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-protect-audio-'))
  console.log(`${minutes} minutes of pink noise per clip (the hardest content for AAC)`)
  console.log(`${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}\n`)
  try {
    const rows = []
    for (const source of SOURCES) {
      const input = path.join(dir, source.name)
      await run(check.tools.ffmpeg, [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.3'],
        ...['-t', String(minutes * 60), ...source.args, input],
      ])
      const cpuBefore = childrenCpuSeconds()
      const ownCpuBefore = process.cpuUsage()
      const started = performance.now()
      const layout = await encryptAudio(input, `${input}.protected.mp4`, createContentKey())
      const wallSeconds = (performance.now() - started) / 1000
      const ownCpu = process.cpuUsage(ownCpuBefore)
      const cpuSeconds =
        childrenCpuSeconds() - cpuBefore + (ownCpu.user + ownCpu.system) / 1_000_000
      const hours = layout.durationSeconds / 3600
      rows.push({
        input: source.label,
        'input MiB': mib(fs.statSync(input).size).toFixed(1),
        'wall s': wallSeconds.toFixed(1),
        'CPU s': cpuSeconds.toFixed(1),
        'wall s per hour': (wallSeconds / hours).toFixed(0),
        'CPU s per hour': (cpuSeconds / hours).toFixed(0),
        'stored MiB per hour': (mib(layout.sizeBytes) / hours).toFixed(1),
      })
      fs.rmSync(input)
    }
    console.table(rows)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()

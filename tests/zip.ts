import { crc32 } from 'node:zlib'

export type ZipEntry = { name: string; content: Buffer | string }

const LOCAL_HEADER = 0x04034b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_DIRECTORY = 0x06054b50
const UTF8_NAMES = 0x0800

/**
 * A ZIP archive whose entries are stored without compression (method 0): enough for the upload
 * tests, which need a real archive rather than a compressed one.
 */
export function storedZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = []
  const directory: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const content = Buffer.from(entry.content)
    const checksum = crc32(content)

    const local = Buffer.alloc(30)
    local.writeUInt32LE(LOCAL_HEADER, 0)
    local.writeUInt16LE(20, 4) // version needed: 2.0
    local.writeUInt16LE(UTF8_NAMES, 6)
    local.writeUInt32LE(checksum, 14)
    local.writeUInt32LE(content.length, 18) // compressed size
    local.writeUInt32LE(content.length, 22) // uncompressed size
    local.writeUInt16LE(name.length, 26)
    parts.push(local, name, content)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(CENTRAL_HEADER, 0)
    central.writeUInt16LE(20, 4) // made by
    central.writeUInt16LE(20, 6) // needed
    central.writeUInt16LE(UTF8_NAMES, 8)
    central.writeUInt32LE(checksum, 16)
    central.writeUInt32LE(content.length, 20)
    central.writeUInt32LE(content.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    directory.push(central, name)
    offset += local.length + name.length + content.length
  }
  const centralDirectory = Buffer.concat(directory)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_DIRECTORY, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralDirectory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, centralDirectory, end])
}
